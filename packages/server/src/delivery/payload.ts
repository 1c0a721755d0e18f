import { CampaignType, fieldLabel, formColumns, leadCell, type FormBlock, type SourceKey } from '@lead/contract';
import { LeadCreatedV1 } from '@lead/contract/api';
import { sql, type Expression, type Selectable } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { DB, Executor } from '../db/types.js';
import { answerColumns } from '../repositories/columns.js';
import { sourceColumns, sourceJson } from '../repositories/sources.js';
import { fieldsOf } from '../lib/personal.js';

/**
 * A lead's `lead.created` event (docs/api/delivery.md, "The body"): its schema's type, `LeadCreatedV1`
 * of @lead/contract/api, built the same way for every attempt.
 */
export type LeadEvent = LeadCreatedV1;

const body = LeadCreatedV1.properties.data.properties;
/** The event's campaign, site and client objects: their schemas' keys, each a column of its table. */
const campaignKeys = answerColumns('campaigns', body.campaign);
const siteKeys = answerColumns('sites', body.site);
const clientKeys = answerColumns('clients', body.client);

/** A JSON object of the columns `keys` of the row `alias` of `table`, typed as the table's columns. */
function objectOf<T extends keyof DB, K extends keyof Selectable<DB[T]> & string>(
  _table: T,
  alias: string,
  keys: readonly K[],
) {
  const refs = Object.fromEntries(keys.map((k) => [k, sql.ref(`${alias}.${k}`)]));
  return jsonBuildObject(refs as unknown as { [P in K]: Expression<Selectable<DB[T]>[P]> });
}

/** RFC 3339 in UTC, to the second: what receivers in any zone read the same. */
export const utc = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The event of lead `leadId`, or null when the lead is gone (erased). The campaign is the
 * top-level one (an A/B test for its variants' leads), and `variant` the arm's name. The body's
 * `timestamp` is the lead's time, so every attempt sends the same bytes; only the signature's
 * timestamp changes. With `destinationId`, the client is that destination's: the one the lead
 * came for when it was captured, though its campaign may have moved to another client since.
 */
export async function leadEvent(db: Executor, leadId: number, destinationId?: number): Promise<LeadEvent | null> {
  const r = await db
    .selectFrom('leads as l')
    .leftJoin('lead_keys as k', 'k.lead_id', 'l.id')
    .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
    .innerJoin('campaigns as top', (j) => j.on(sql<boolean>`top.id = coalesce(c.parent_id, c.id)`))
    .innerJoin('sites as s', 's.id', 'c.site_id')
    // The client the lead came for: its destination's, not the campaign's now (a campaign moves between clients).
    .innerJoin('clients as cl', (j) =>
      j.on(
        sql<boolean>`cl.id = coalesce((SELECT t.client_id FROM destinations t WHERE t.id = ${destinationId ?? null}), c.client_id)`,
      ),
    )
    .select([
      'l.id',
      'l.created_at',
      'l.page_url',
      'l.name',
      'l.email',
      'l.phone',
      'l.phone_e164',
      'l.data',
      'l.sealed',
      'k.key',
      'l.duplicate',
      'l.consent_hash',
      sql<Partial<Record<SourceKey, string>> | string | null>`${sourceJson('l')}`.as('source'),
      'c.name as arm_name',
      'c.type as arm_type',
      'c.forms',
      objectOf('campaigns', 'top', campaignKeys).as('campaign'),
      objectOf('sites', 's', siteKeys).as('site'),
      objectOf('clients', 'cl', clientKeys).as('client'),
    ])
    .where('l.id', '=', leadId)
    // An erased lead is never sent (its delivery is dropped: nothing to send).
    .where('l.erased_at', 'is', null)
    .executeTakeFirst();
  if (!r) return null;
  const f = fieldsOf(r);
  const lead = { name: f.name, email: f.email, phone: f.phone, phone_e164: f.phone_e164, data: f.data };
  const fields = formColumns([(r.forms as FormBlock[] | null) ?? []]).map((b) => ({
    key: b.data.value!.trim(),
    label: fieldLabel(b),
    value: leadCell(lead, b),
  }));
  const createdAt = new Date(r.created_at);
  return {
    type: 'lead.created',
    timestamp: utc(createdAt),
    data: {
      lead: {
        id: Number(r.id),
        created_at: utc(createdAt),
        page_url: f.page_url,
        variant: Number(r.arm_type) === CampaignType.Normal ? null : r.arm_name,
        duplicate: r.duplicate,
        fields,
        phone_e164: f.phone_e164,
        consent_hash: r.consent_hash,
        source: sourceColumns(typeof r.source === 'string' ? JSON.parse(r.source) : (r.source ?? {})),
      },
      campaign: r.campaign,
      site: r.site,
      client: r.client,
    },
  };
}

/** The personal values an event carries (its fields, number and page): what an answer must not repeat to be kept. */
export const leadValues = (event: LeadEvent): string[] =>
  [...event.data.lead.fields.map((f) => f.value), event.data.lead.phone_e164, event.data.lead.page_url].filter(
    (v): v is string => Boolean(v),
  );
