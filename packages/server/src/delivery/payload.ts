import { CampaignType, fieldLabel, formColumns, leadCell, type FormBlock, type SourceKey } from '@lead/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { sourceColumns, sourceJson } from '../repositories/sources.js';
import { fieldsOf } from '../lib/personal.js';

/** A lead's `lead.created` event (docs/api/delivery.md, "The body"; its schema is `LeadCreatedV1` of @lead/contract/api), built the same way for every attempt. */
export interface LeadEvent {
  type: 'lead.created';
  timestamp: string;
  data: {
    lead: {
      id: number;
      created_at: string;
      page_url: string | null;
      variant: string | null;
      duplicate: boolean;
      fields: { key: string; label: string; value: string }[];
      phone_e164: string | null;
      consent_hash: string | null;
      /** Where the lead's visit came from: every field, null where it had none. */
      source?: Record<SourceKey, string | null>;
    };
    campaign: { id: number; code: string; name: string };
    site: { id: number; name: string };
    client: { id: number; name: string };
  };
}

/** RFC 3339 in UTC, to the second: what receivers in any zone read the same. */
const utc = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The event of lead `leadId`, or null when the lead is gone (erased). The campaign is the
 * top-level one (an A/B test for its variants' leads), and `variant` the arm's name. The body's
 * `timestamp` is the lead's time, so every attempt sends the same bytes; only the signature's
 * timestamp changes. With `destinationId`, the client is that destination's: the one the lead
 * came for when it was captured, though its campaign may have moved to another client since.
 */
export async function leadEvent(db: Executor, leadId: number, destinationId?: number): Promise<LeadEvent | null> {
  const { rows } = await sql<{
    id: number;
    created_at: Date;
    page_url: string | null;
    name: string | null;
    email: string | null;
    phone: string | null;
    phone_e164: string | null;
    data: Record<string, unknown> | string | null;
    sealed: string | null;
    key: string | null;
    duplicate: boolean;
    consent_hash: string | null;
    source: Partial<Record<SourceKey, string>> | string | null;
    arm_name: string;
    arm_type: number;
    forms: FormBlock[] | null;
    top_id: number;
    top_code: string;
    top_name: string;
    site_id: number;
    site_name: string;
    client_id: number;
    client_name: string;
  }>`
    SELECT l.id, l.created_at, l.page_url, l.name, l.email, l.phone, l.phone_e164, l.data, l.sealed, k.key, l.duplicate, l.consent_hash,
      ${sourceJson('l')} AS source,
      c.name AS arm_name, c.type AS arm_type, c.forms,
      top.id AS top_id, top.code AS top_code, top.name AS top_name,
      s.id AS site_id, s.name AS site_name, cl.id AS client_id, cl.name AS client_name
    FROM leads l
    LEFT JOIN lead_keys k ON k.lead_id = l.id
    JOIN campaigns c ON c.id = l.campaign_id
    JOIN campaigns top ON top.id = coalesce(c.parent_id, c.id)
    JOIN sites s ON s.id = c.site_id
    -- The client the lead came for: its destination's, not the campaign's now (a campaign moves between clients).
    JOIN clients cl ON cl.id = coalesce((SELECT t.client_id FROM destinations t WHERE t.id = ${destinationId ?? null}), c.client_id)
    -- An erased lead is never sent (its delivery is dropped: nothing to send).
    WHERE l.id = ${leadId} AND l.erased_at IS NULL`.execute(db);
  const r = rows[0];
  if (!r) return null;
  const f = fieldsOf(r);
  const lead = { name: f.name, email: f.email, phone: f.phone, phone_e164: f.phone_e164, data: f.data };
  const fields = formColumns([r.forms ?? []]).map((b) => ({
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
      campaign: { id: r.top_id, code: r.top_code, name: r.top_name },
      site: { id: r.site_id, name: r.site_name },
      client: { id: r.client_id, name: r.client_name },
    },
  };
}

/** The personal values an event carries (its fields, number and page): what an answer must not repeat to be kept. */
export const leadValues = (event: LeadEvent): string[] =>
  [...event.data.lead.fields.map((f) => f.value), event.data.lead.phone_e164, event.data.lead.page_url].filter(
    (v): v is string => Boolean(v),
  );
