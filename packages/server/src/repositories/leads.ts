import { CampaignType } from '@lead/contract';
import type { ExportLead, FormBlock, VisitSource } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, Executor } from '../db/types.js';
import type { DayRange } from '../lib/day-range.js';
import { fieldsOf, type Lookup } from '../lib/personal.js';
import { dayOf } from './common.js';
import { isDuplicate } from './duplicates.js';
import { lockGoal, pauseAtGoal } from './goal.js';
import { enqueueLeadDeliveries } from './deliveries.js';
import { sourceColumns, sourceJson } from './sources.js';
import { addToBreakdown, leadValues, type PageViewPlace } from './breakdowns.js';
import { LEAD_KEY, sealedValues, type PersonalLead } from './personal.js';

/** How many leads one export query reads: memory holds one page, whatever the campaign's size. */
export const EXPORT_PAGE = 2000;

/** A campaign whose leads go into an export, with what its rows need. */
export interface ExportSource {
  id: number;
  siteId: number;
  /** The top-level campaign's name, for the Campaign column of a many-campaign file. */
  campaign: string;
  /** This campaign's own name and code (System history names what was exported). */
  name: string;
  code: string;
  /** The arm's name for an A/B test and its variants; empty for a normal campaign. */
  variant: string;
  forms: FormBlock[];
}

export interface ExportLeadRow extends ExportLead {
  id: number;
  campaign_id: number;
  page_url: string | null;
  /** Wire format, the server's time zone. */
  created_at: string;
  /** Its consent record's hash; null for a lead stored before records were kept. */
  consent_hash: string | null;
  /** Where its visit came from (only the fields it has). */
  source: VisitSource;
}

/**
 * The campaigns an export of `ids` reads, in the order given: a normal campaign or a variant
 * itself, an A/B test with its live variants after it (the control first). Deleted ones are not there.
 */
async function exportSources(db: Executor, ids: number[]): Promise<ExportSource[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('campaigns')
    .select(['id', 'name', 'code', 'site_id', 'type', 'parent_id', 'forms'])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('id', 'in', ids), eb('parent_id', 'in', ids)]))
    .orderBy('id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chosen = new Set(ids);
  const sources: ExportSource[] = [];
  const seen = new Set<number>();
  for (const id of ids) {
    const top = byId.get(id);
    // A variant chosen with its test is read once, as one of the test's arms.
    if (!top || (top.parent_id !== null && chosen.has(top.parent_id))) continue;
    const arms = top.type === CampaignType.AbTest ? [top, ...rows.filter((r) => r.parent_id === id)] : [top];
    for (const r of arms) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      sources.push({
        id: r.id,
        siteId: r.site_id,
        campaign: top.name,
        name: r.name,
        code: r.code,
        variant: top.type === CampaignType.Normal ? '' : r.name,
        forms: (r.forms ?? []) as FormBlock[],
      });
    }
  }
  return sources;
}

/**
 * A lead as an export page's JSON holds it (json_build_array of EXPORT_COLUMNS, then anything a
 * caller adds): its fields sealed with its key, or plain for a row not sealed yet.
 */
export type ExportTuple = [
  id: number,
  campaignId: number,
  name: string | null,
  email: string | null,
  phone: string | null,
  phoneE164: string | null,
  data: Record<string, unknown> | null,
  pageUrl: string | null,
  createdAt: string,
  consentHash: string | null,
  sealed: string | null,
  key: string | null,
  source: VisitSource | null,
  ...rest: unknown[],
];

/** The columns of an ExportTuple over `leads l` (its key by LEAD_KEY), `at` its time as the file shows it. */
export const exportColumns = (at: RawBuilder<unknown>) =>
  sql`l.id, l.campaign_id, l.name, l.email, l.phone, l.phone_e164, l.data, l.page_url, ${at}, l.consent_hash, l.sealed, ${LEAD_KEY},
    ${sourceJson('l')}`;

/** An export page's row of a tuple: the lead's fields opened. */
export function exportRowOf(t: ExportTuple): ExportLeadRow {
  const [
    id,
    campaign_id,
    name,
    email,
    phone,
    phone_e164,
    data,
    page_url,
    created_at,
    consent_hash,
    sealed,
    key,
    source,
  ] = t;
  const f = fieldsOf({ sealed, key, name, email, phone, phone_e164, data, page_url });
  return {
    id: Number(id),
    campaign_id,
    name: f.name,
    email: f.email,
    phone: f.phone,
    phone_e164: f.phone_e164,
    data: f.data,
    page_url: f.page_url,
    created_at,
    consent_hash,
    source: source ?? {},
  };
}

/** A range of days as SQL on `created_at` (`to` exclusive); nothing without one. */
const rangeSql = (range: DayRange) =>
  sql.join(
    [
      sql``,
      ...(range.from ? [sql`created_at >= ${range.from}`] : []),
      ...(range.to ? [sql`created_at < ${range.to}`] : []),
    ],
    sql` AND `,
  );

/** A page of a campaign's export: its leads after id `after`, up to `upTo`, within `range`, as one JSON text. */
export const exportPageQuery = (campaignId: number, after: number, upTo: number, timeZone: string, range: DayRange) =>
  sql<{ page: string | null }>`
    SELECT json_agg(json_build_array(${exportColumns(sql`to_char(l.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`)}) ORDER BY l.id)::text AS page
    FROM (SELECT * FROM leads WHERE campaign_id = ${campaignId} AND erased_at IS NULL AND id > ${after} AND id <= ${upTo}${rangeSql(range)}
      ORDER BY id LIMIT ${EXPORT_PAGE}) l`;

/**
 * How many leads of `campaignIds` an export holds, and the newest id: read from
 * leads_campaign_live_idx alone (campaign, time, id of the leads not erased).
 */
export const extentQuery = (db: Executor, campaignIds: number[], range: DayRange) =>
  db
    .selectFrom('leads')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('id').as('upTo')])
    .where('campaign_id', 'in', campaignIds)
    .where('erased_at', 'is', null)
    .$if(range.from !== undefined, (q) => q.where('created_at', '>=', range.from!))
    .$if(range.to !== undefined, (q) => q.where('created_at', '<', range.to!));

/**
 * The leads of `campaignIds` created within `range` with ids up to `upTo` (an erased lead holds nothing to export: never one): campaign by campaign in the order given, each
 * oldest first, a page at a time (keyset on the campaign's lead index), so that PostgreSQL and
 * PGlite alike stream any number of leads in constant memory, each page costing the same.
 * A page comes back as one JSON text (json_agg): PGlite's wire parser costs per field, and one
 * field per page instead of eight per lead made reading 100,000 leads 3× faster.
 */
async function* exportPages(
  db: Executor,
  campaignIds: number[],
  upTo: number,
  timeZone: string,
  range: DayRange,
): AsyncGenerator<ExportLeadRow[]> {
  for (const campaignId of campaignIds) {
    let after = 0;
    for (;;) {
      const { rows } = await exportPageQuery(campaignId, after, upTo, timeZone, range).execute(db);
      const page = rows[0]?.page ? (JSON.parse(rows[0].page) as ExportTuple[]) : [];
      if (page.length) yield page.map(exportRowOf);
      if (page.length < EXPORT_PAGE) break;
      after = Number(page.at(-1)![0]);
    }
  }
}

/** A lead from a partner page, as stored (sealed: repositories/personal.ts). */
export interface NewLead extends PersonalLead {
  campaignId: number;
  /** The OTP code that verified the lead's number: spent with it (OtpSpent when it already was). */
  otpId?: number | null;
  /** 'One submission per phone number': the number (E.164) recorded with the lead; AlreadySubmitted when it was. */
  singlePhone?: string | null;
  /** The same, as its keyed hash (a spam lead keeps only that). */
  singlePhoneHash?: string | null;
  /** Where its visit came from (its page view's source): plain columns, none names a person. */
  source?: VisitSource;
  /** Where its page view was (its page's path and device): the breakdown rows it counts in. */
  place?: PageViewPlace;
}

/** The OTP code was spent by a lead sent at the same moment. */
export class OtpSpent extends Error {}

/** The number already sent this campaign's form ('one submission per phone number'). */
export class AlreadySubmitted extends Error {}

/**
 * Stores a lead and counts its submit and lead (the day's row, its breakdown rows and the running totals) in one
 * transaction, with its deliveries to the client's webhooks: a lead refused (OtpSpent,
 * AlreadySubmitted) leaves nothing. A duplicate (duplicates.ts) is stored and counted as one, and
 * delivered only to a client that asks for duplicates too; the billable lead that reaches the goal
 * of a campaign set to 'Stop when the goal is reached' pauses it (`paused`).
 */
async function insertLead(
  db: Kysely<DB>,
  lookup: Lookup,
  lead: NewLead,
  now: Date,
  timeZone: string,
  after?: (trx: Executor, leadId: number) => Promise<void>,
): Promise<{ id: number; paused: boolean; deliveries: number }> {
  return db.transaction().execute(async (trx) => {
    if (lead.otpId) {
      // The code is spent with the lead it verified; a second lead needs a new code.
      const spent = await trx
        .updateTable('otp_codes')
        .set({ used_at: now })
        .where('id', '=', lead.otpId)
        .where('used_at', 'is', null)
        .returning('id')
        .execute();
      if (!spent.length) throw new OtpSpent();
    }
    const single = lead.singlePhoneHash ?? (lead.singlePhone ? lookup.phone(lead.singlePhone) : null);
    if (single) {
      const first = await trx
        .insertInto('campaign_submitted_phones')
        .values({ campaign_id: lead.campaignId, phone: single })
        .onConflict((oc) => oc.doNothing())
        .returning('phone')
        .execute();
      if (!first.length) throw new AlreadySubmitted();
    }
    const { key, values } = sealedValues(lead, lookup);
    const duplicate = await isDuplicate(trx, { campaignId: lead.campaignId, ...values }, now);
    const dup = duplicate ? 1 : 0;
    const counted = leadValues(lead.place, lead.source ?? {}, lead.pageUrl);
    const place = { device: lead.place?.device ?? null, page_path: counted.page || null };
    const row = await trx
      .insertInto('leads')
      .values({ ...values, ...sourceColumns(lead.source), ...place, duplicate, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('lead_keys').values({ lead_id: row.id, key }).execute();
    await lockGoal(trx, lead.campaignId);
    const { rows } = await sql<{ test_id: number }>`
      WITH daily AS (
        INSERT INTO campaign_daily_stats AS d (campaign_id, day, submits, leads, duplicates)
        VALUES (${lead.campaignId}, ${dayOf(now, timeZone)}, 1, 1, ${dup})
        ON CONFLICT (campaign_id, day) DO UPDATE SET submits = d.submits + 1, leads = d.leads + 1, duplicates = d.duplicates + ${dup}
        RETURNING 1
      )
      UPDATE campaigns SET total_submit = total_submit + 1, total_lead = total_lead + 1, total_duplicate = total_duplicate + ${dup}
      WHERE id = ${lead.campaignId}
      RETURNING COALESCE(parent_id, id) AS test_id`.execute(trx);
    await addToBreakdown(trx, lead.campaignId, dayOf(now, timeZone), counted, { leads: 1, duplicates: dup });
    const paused = !duplicate && rows[0] ? await pauseAtGoal(trx, rows[0].test_id) : false;
    // Its deliveries commit with it (the outbox): a lead answered 200 is delivered even if the process dies now.
    const deliveries = await enqueueLeadDeliveries(trx, Number(row.id), lead.campaignId, now, duplicate);
    await after?.(trx, Number(row.id));
    return { id: Number(row.id), paused, deliveries };
  });
}

/** Leads: a partner page's lead stored with its figures; the export's reads (issue #12), whose campaigns the route checks by site. */
export interface LeadsRepository {
  /** Stores a lead from a partner page; resolves with its id once committed. `after` runs in its transaction (a spam lead's release). */
  insert(lead: NewLead, after?: (trx: Executor, leadId: number) => Promise<void>): Promise<number>;
  exportSources(ids: number[]): Promise<ExportSource[]>;
  /** How many leads the campaigns hold now, and the newest id: an export stops there, so its count is exact. */
  extent(campaignIds: number[], range?: DayRange): Promise<{ count: number; upTo: number }>;
  exportPages(campaignIds: number[], upTo: number, range?: DayRange): AsyncGenerator<ExportLeadRow[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    leads: LeadsRepository;
  }
}

export default fp(
  async function leadsRepository(app: FastifyInstance, opts: { timeZone: string; now: () => Date }) {
    app.decorate('leads', {
      async insert(lead, after) {
        const { id, paused, deliveries } = await insertLead(
          app.db,
          app.personal.lookup,
          lead,
          opts.now(),
          opts.timeZone,
          after,
        );
        // Paused at its goal: it leaves partner pages now rather than at the cache's next read.
        if (paused) app.served.invalidate();
        if (deliveries) app.delivery.wake();
        return id;
      },
      exportSources: (ids) => exportSources(app.db, ids),
      async extent(campaignIds, range = {}) {
        if (!campaignIds.length) return { count: 0, upTo: 0 };
        const r = await extentQuery(app.db, campaignIds, range).executeTakeFirstOrThrow();
        return { count: Number(r.count), upTo: Number(r.upTo ?? 0) };
      },
      exportPages: (campaignIds, upTo, range = {}) => exportPages(app.db, campaignIds, upTo, opts.timeZone, range),
    } satisfies LeadsRepository);
  },
  { name: 'leads-repository', dependencies: ['personal-data'] },
);
