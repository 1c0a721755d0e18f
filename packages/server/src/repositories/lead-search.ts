/**
 * The Leads page's SQL (issue #43): the leads of every campaign of the caller's sites, filtered,
 * a page at a time by keyset on (created_at, id), newest first; their count; and the export's
 * reads of the same filters, oldest first. A page reads `leads_retention_idx` (created_at, id, of
 * leads not erased) backwards from its cursor, so a deep page costs what the first does.
 */
import type { LeadDeliveryState } from '@lead/contract/api';
import type { ExportLead, FormBlock, VisitSource } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';
import { idArray } from './email-files.js';
import { EXPORT_PAGE, exportColumns, exportRowOf, type ExportTuple } from './leads.js';
import { fieldsOf } from '../lib/personal.js';
import { LEAD_KEY_JOIN } from './personal.js';

/** The filters as the route resolved them: `siteIds` already within the caller's sites; `to` exclusive. */
export interface LeadSearch {
  siteIds: number[];
  clientIds?: number[];
  /** Top-level campaigns or variants; a campaign brings its variants. */
  campaignIds?: number[];
  from?: Date;
  to?: Date;
  delivery?: LeadDeliveryState[];
  duplicate?: boolean;
}

/** A position in the order (created_at, id): the created_at as UTC text to the microsecond. */
export interface LeadCursor {
  at: string;
  id: number;
}

export interface LeadsPageRow {
  id: number;
  created_at: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  phone_e164: string | null;
  duplicate: boolean;
  delivery: LeadDeliveryState;
  campaign: { id: number; name: string; code: string };
  site: { id: number; name: string };
  client: { id: number; name: string };
  /** Where this row sits in the order. */
  cursor: LeadCursor;
}

/** A campaign whose leads are in an export: what its rows need. */
export interface SearchExportSource {
  id: number;
  siteId: number;
  /** The top-level campaign's name (the Campaign column). */
  campaign: string;
  /** The arm's name for an A/B test and its variants; empty for a normal campaign. */
  variant: string;
  forms: FormBlock[];
}

export interface SearchExportRow extends ExportLead {
  id: number;
  campaign_id: number;
  page_url: string | null;
  created_at: string;
  consent_hash: string | null;
  /** Where its visit came from (only the fields it has). */
  source: VisitSource;
}

/** A lead's delivery state in one word: none queued, else the worst of its deliveries. */
const DELIVERY_STATE = sql<LeadDeliveryState>`(SELECT CASE WHEN count(*) = 0 THEN 'none'
  WHEN bool_or(d.state = 'failed') THEN 'failed' WHEN bool_or(d.state = 'retrying') THEN 'retrying'
  WHEN bool_or(d.state = 'pending') THEN 'pending' ELSE 'delivered' END FROM deliveries d WHERE d.lead_id = l.id)`;

/** The filters as SQL over `leads l JOIN campaigns c`: never an erased lead, nor one of a deleted campaign. */
export function searchWhere(f: LeadSearch): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    sql`l.erased_at IS NULL`,
    sql`c.deleted_at IS NULL`,
    sql`c.site_id = ANY(${idArray(f.siteIds)}::int[])`,
  ];
  if (f.clientIds) parts.push(sql`c.client_id = ANY(${idArray(f.clientIds)}::int[])`);
  if (f.campaignIds) {
    const ids = idArray(f.campaignIds);
    parts.push(sql`(c.id = ANY(${ids}::int[]) OR c.parent_id = ANY(${ids}::int[]))`);
  }
  if (f.from) parts.push(sql`l.created_at >= ${f.from}`);
  if (f.to) parts.push(sql`l.created_at < ${f.to}`);
  if (f.duplicate !== undefined) parts.push(sql`l.duplicate = ${f.duplicate}`);
  // States are the contract's words (checked by the route's schema), so the array literal is plain.
  if (f.delivery) parts.push(sql`${DELIVERY_STATE} = ANY(${`{${f.delivery.join(',')}}`}::text[])`);
  return sql.join(parts, sql` AND `);
}

interface PageRowSql extends Omit<LeadsPageRow, 'cursor' | 'campaign' | 'site' | 'client'> {
  sealed: string | null;
  key: string | null;
  at_utc: string;
  campaign_id: number;
  campaign_name: string;
  campaign_code: string;
  site_id: number;
  site_name: string;
  client_id: number;
  client_name: string;
}

/**
 * One page of matching leads, newest first: older than `before`, or newer than `after` (read
 * oldest first from it, then turned round), `limit + 1` rows so that the caller knows whether
 * another page follows.
 */
export function pageQuery(f: LeadSearch, timeZone: string, limit: number, before?: LeadCursor, after?: LeadCursor) {
  const from = before ?? after;
  const keyset = from
    ? sql` AND (l.created_at, l.id) ${sql.raw(before ? '<' : '>')} (${from.at}::timestamptz, ${from.id})`
    : sql``;
  const order = sql.raw(after ? 'ASC' : 'DESC');
  return sql<PageRowSql>`
    SELECT l.id, to_char(l.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') AS created_at,
      to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_utc,
      l.name, l.email, l.phone, l.phone_e164, l.sealed, k.key, l.duplicate, ${DELIVERY_STATE} AS delivery,
      coalesce(p.id, c.id) AS campaign_id, coalesce(p.name, c.name) AS campaign_name, coalesce(p.code, c.code) AS campaign_code,
      s.id AS site_id, s.name AS site_name, cl.id AS client_id, cl.name AS client_name
    FROM leads l
      ${LEAD_KEY_JOIN}
      JOIN campaigns c ON c.id = l.campaign_id
      LEFT JOIN campaigns p ON p.id = c.parent_id
      JOIN sites s ON s.id = c.site_id
      JOIN clients cl ON cl.id = c.client_id
    WHERE ${searchWhere(f)}${keyset}
    ORDER BY l.created_at ${order}, l.id ${order}
    LIMIT ${limit + 1}`;
}

async function page(
  db: Executor,
  f: LeadSearch,
  timeZone: string,
  limit: number,
  before?: LeadCursor,
  after?: LeadCursor,
) {
  const { rows } = await pageQuery(f, timeZone, limit, before, after).execute(db);
  const more = rows.length > limit;
  const read = rows.slice(0, limit).map((r): LeadsPageRow => {
    const f = fieldsOf(r);
    return {
      id: Number(r.id),
      created_at: r.created_at,
      name: f.name,
      email: f.email,
      phone: f.phone,
      phone_e164: f.phone_e164,
      duplicate: r.duplicate,
      delivery: r.delivery,
      campaign: { id: r.campaign_id, name: r.campaign_name, code: r.campaign_code },
      site: { id: r.site_id, name: r.site_name },
      client: { id: r.client_id, name: r.client_name },
      cursor: { at: r.at_utc, id: Number(r.id) },
    };
  });
  const models = after ? read.reverse() : read;
  // Older leads follow when this page was cut short going back, or whenever it was reached going forward; newer ones likewise.
  const older = after ? models.length > 0 : more;
  const newer = after ? more : Boolean(before) && models.length > 0;
  return { models, older, newer };
}

/** How many leads match, by campaign (the export's count and the campaigns whose forms give its columns), and the newest id. */
export const extentQuery = (f: LeadSearch) => sql<{ campaign_id: number; n: number; up_to: number }>`
  SELECT l.campaign_id, count(*)::int AS n, max(l.id) AS up_to
  FROM leads l JOIN campaigns c ON c.id = l.campaign_id
  WHERE ${searchWhere(f)}
  GROUP BY l.campaign_id ORDER BY l.campaign_id`;

async function extent(db: Executor, f: LeadSearch): Promise<{ count: number; upTo: number; campaignIds: number[] }> {
  const { rows } = await extentQuery(f).execute(db);
  return {
    count: rows.reduce((sum, r) => sum + Number(r.n), 0),
    upTo: rows.reduce((max, r) => Math.max(max, Number(r.up_to)), 0),
    campaignIds: rows.map((r) => r.campaign_id),
  };
}

async function exportSources(db: Executor, campaignIds: number[]): Promise<SearchExportSource[]> {
  if (!campaignIds.length) return [];
  const { rows } = await sql<{
    id: number;
    site_id: number;
    campaign: string;
    variant: string;
    forms: FormBlock[] | null;
  }>`
    SELECT c.id, c.site_id, coalesce(p.name, c.name) AS campaign, CASE WHEN c.type = 0 THEN '' ELSE c.name END AS variant, c.forms
    FROM campaigns c LEFT JOIN campaigns p ON p.id = c.parent_id
    WHERE c.id = ANY(${idArray(campaignIds)}::int[])
    ORDER BY c.id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    siteId: r.site_id,
    campaign: r.campaign,
    variant: r.variant,
    forms: r.forms ?? [],
  }));
}

/** A page of the export: the matching leads up to `upTo` after `from`, oldest first, as one JSON text. */
export function exportPageQuery(f: LeadSearch, upTo: number, from: LeadCursor | null, timeZone: string) {
  const keyset = from ? sql` AND (l.created_at, l.id) > (${from.at}::timestamptz, ${from.id})` : sql``;
  return sql<{ page: string | null }>`
    SELECT json_agg(json_build_array(${exportColumns(sql`to_char(l.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`)},
        to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) ORDER BY l.created_at, l.id)::text AS page
    FROM (SELECT l.* FROM leads l JOIN campaigns c ON c.id = l.campaign_id
      WHERE ${searchWhere(f)} AND l.id <= ${upTo}${keyset}
      ORDER BY l.created_at, l.id LIMIT ${EXPORT_PAGE}) l`;
}

/** The matching leads up to `upTo`, oldest first, a page at a time by keyset on (created_at, id): constant memory. */
async function* exportPages(
  db: Executor,
  f: LeadSearch,
  upTo: number,
  timeZone: string,
): AsyncGenerator<SearchExportRow[]> {
  let from: LeadCursor | null = null;
  for (;;) {
    const { rows }: { rows: Array<{ page: string | null }> } = await exportPageQuery(f, upTo, from, timeZone).execute(
      db,
    );
    const tuples: ExportTuple[] = rows[0]?.page ? (JSON.parse(rows[0].page) as ExportTuple[]) : [];
    if (tuples.length) yield tuples.map(exportRowOf);
    if (tuples.length < EXPORT_PAGE) break;
    const last = tuples.at(-1)!;
    // The page's UTC time follows the export's columns (exportPageQuery): the tuple's last.
    from = { at: last.at(-1) as string, id: Number(last[0]) };
  }
}

/** The Leads page's reads; the route has resolved the filters within the caller's sites. */
export interface LeadSearchRepository {
  page(
    f: LeadSearch,
    limit: number,
    before?: LeadCursor,
    after?: LeadCursor,
  ): Promise<{ models: LeadsPageRow[]; older: boolean; newer: boolean }>;
  count(f: LeadSearch): Promise<number>;
  extent(f: LeadSearch): Promise<{ count: number; upTo: number; campaignIds: number[] }>;
  exportSources(campaignIds: number[]): Promise<SearchExportSource[]>;
  exportPages(f: LeadSearch, upTo: number): AsyncGenerator<SearchExportRow[]>;
  /** The names of `clientIds` that run on one of `siteIds` (a file's name), by name. */
  clientNames(clientIds: number[], siteIds: number[]): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    leadSearch: LeadSearchRepository;
  }
}

export default fp(
  async function leadSearchRepository(app: FastifyInstance, opts: { timeZone: string }) {
    app.decorate('leadSearch', {
      page: (f, limit, before, after) => page(app.db, f, opts.timeZone, limit, before, after),
      async count(f) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM leads l JOIN campaigns c ON c.id = l.campaign_id WHERE ${searchWhere(f)}`.execute(
          app.db,
        );
        return Number(rows[0]?.n ?? 0);
      },
      extent: (f) => extent(app.db, f),
      exportSources: (ids) => exportSources(app.db, ids),
      exportPages: (f, upTo) => exportPages(app.db, f, upTo, opts.timeZone),
      async clientNames(clientIds, siteIds) {
        const { rows } = await sql<{ name: string }>`
          SELECT cl.name FROM clients cl WHERE cl.id = ANY(${idArray(clientIds)}::int[])
            AND EXISTS (SELECT 1 FROM client_sites cs WHERE cs.client_id = cl.id AND cs.site_id = ANY(${idArray(siteIds)}::int[]))
          ORDER BY cl.name`.execute(app.db);
        return rows.map((r) => r.name);
      },
    } satisfies LeadSearchRepository);
  },
  { name: 'lead-search-repository' },
);
