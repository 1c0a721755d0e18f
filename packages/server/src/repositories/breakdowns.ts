/**
 * Breakdowns (migration 0024, docs/decisions/0008-breakdown-rollups.md): a campaign's figures per
 * day by device, page, source and referrer, written by the statements that count its impressions
 * (events.ts), leads (leads.ts) and verdicts (verdicts.ts), and read by summing those rows over the
 * days asked. By variant, the figures are campaign_daily_stats' of each of the test's campaigns.
 */
import {
  pagePath,
  ROLLUP_DIMENSION_CODES,
  sourceLabel,
  type BreakdownCounts,
  type BreakdownDevice,
  type BreakdownDimension,
  type BreakdownSort,
  type VisitSource,
} from '@lead/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';

/** Where a page view was: its page's path and the device (either may be unknown). */
export interface PageViewPlace {
  device: BreakdownDevice | null;
  page_path: string | null;
}

/** A place as its columns (page_view_sources, leads, spam_leads). */
export const placeColumns = (place: PageViewPlace | undefined): PageViewPlace => ({
  device: place?.device ?? null,
  page_path: place?.page_path ?? null,
});

/** The value of each rolled-up dimension for one impression or lead; '' where unknown. */
export type BreakdownValues = Record<Exclude<BreakdownDimension, 'variant'>, string>;

/** A lead's values: its page view's place (its page, else the path of the address it was sent from) and its source. */
export function leadValues(
  place: PageViewPlace | undefined,
  source: VisitSource,
  pageUrl?: string | null,
): BreakdownValues {
  let page = place?.page_path ?? '';
  if (!page && pageUrl) {
    try {
      page = pagePath(new URL(pageUrl).pathname);
    } catch {
      page = '';
    }
  }
  return { device: place?.device ?? '', page, source: sourceLabel(source), referrer: source.referrer_host ?? '' };
}

/** Adds `counts` to the rows of `values` on `day` of the campaign (one statement, rows in key order). */
export async function addToBreakdown(
  db: Executor,
  campaignId: number,
  day: RawBuilder<string>,
  values: BreakdownValues,
  counts: Partial<BreakdownCounts>,
): Promise<void> {
  const c = { impressions: 0, leads: 0, duplicates: 0, credited: 0, accepted: 0, ...counts };
  if (!c.impressions && !c.leads && !c.duplicates && !c.credited && !c.accepted) return;
  const rows = (Object.keys(ROLLUP_DIMENSION_CODES) as Array<keyof BreakdownValues>).map(
    (d) => sql`(${ROLLUP_DIMENSION_CODES[d]}::smallint, ${values[d]}::text)`,
  );
  await sql`
    INSERT INTO campaign_breakdown_daily AS b (campaign_id, dimension, day, value, impressions, leads, duplicates, credited, accepted)
    SELECT ${campaignId}, v.dimension, ${day}, v.value, ${c.impressions}, ${c.leads}, ${c.duplicates}, ${c.credited}, ${c.accepted}
    FROM (VALUES ${sql.join(rows)}) AS v(dimension, value)
    ORDER BY v.dimension, v.value
    ON CONFLICT (campaign_id, dimension, day, value) DO UPDATE SET
      impressions = b.impressions + excluded.impressions, leads = b.leads + excluded.leads,
      duplicates = b.duplicates + excluded.duplicates, credited = b.credited + excluded.credited,
      accepted = b.accepted + excluded.accepted`.execute(db);
}

/**
 * The part of the events statement (events.ts) that counts impressions in the breakdown: `ce`
 * holds the events counted (with their page view, `pv`), each impression's place is its page
 * view's (page_view_sources, kept as long as its events).
 */
export const impressionsToBreakdown = (day: RawBuilder<string>) => sql`
  places AS (
    SELECT ce.campaign_id, COALESCE(s.device, '') AS device, COALESCE(s.page_path, '') AS page,
           COALESCE(s.source_label, '') AS source, COALESCE(s.referrer_host, '') AS referrer
    FROM ce LEFT JOIN page_view_sources s ON s.page_view = ce.pv
    WHERE ce.kind = 1
  ), split AS (
    SELECT p.campaign_id, v.dimension, v.value, count(*)::integer AS impressions
    FROM places p CROSS JOIN LATERAL (VALUES
      (${ROLLUP_DIMENSION_CODES.device}::smallint, p.device), (${ROLLUP_DIMENSION_CODES.page}::smallint, p.page),
      (${ROLLUP_DIMENSION_CODES.source}::smallint, p.source), (${ROLLUP_DIMENSION_CODES.referrer}::smallint, p.referrer)
    ) AS v(dimension, value)
    GROUP BY 1, 2, 3
  ), broken AS (
    INSERT INTO campaign_breakdown_daily AS b (campaign_id, dimension, day, value, impressions)
    SELECT campaign_id, dimension, ${day}, value, impressions FROM split ORDER BY campaign_id, dimension, value
    ON CONFLICT (campaign_id, dimension, day, value) DO UPDATE SET impressions = b.impressions + excluded.impressions
    RETURNING 1
  )`;

export interface BreakdownSum extends BreakdownCounts {
  value: string;
}

/** The rows past the cut, summed, and how many values they fold. */
export interface BreakdownRest extends BreakdownCounts {
  values: number;
}

export interface BreakdownAsked {
  by: BreakdownDimension;
  /** The first day and the last (`YYYY-MM-DD`, included); either absent: unbounded. */
  from?: string;
  to?: string;
  sort: BreakdownSort;
  order: 'asc' | 'desc';
  /** The rows answered; absent: every row (the CSV file). */
  limit?: number;
}

/**
 * What each sort orders by, as sortBreakdown (the contract) computes it: the counts, billable
 * leads, and the rates rounded to 2 decimals the way Math.round does (half up), so that rows
 * equal on screen fall back to their value.
 */
const SORT_KEYS: Record<BreakdownSort, RawBuilder<unknown>> = {
  value: sql`value COLLATE "C"`,
  impressions: sql`impressions`,
  leads: sql`leads`,
  accepted: sql`accepted`,
  billable_leads: sql`greatest(0, leads - duplicates - credited)`,
  conversion_rate: sql`CASE WHEN impressions > 0 THEN floor(leads::float8 / impressions * 10000 + 0.5) / 100 ELSE 0 END`,
  accepted_rate: sql`CASE WHEN leads > 0 THEN floor(accepted::float8 / leads * 10000 + 0.5) / 100 ELSE 0 END`,
};

const counts = (r: Record<string, string | number | null>): BreakdownCounts => ({
  impressions: Number(r.impressions),
  leads: Number(r.leads),
  duplicates: Number(r.duplicates),
  credited: Number(r.credited),
  accepted: Number(r.accepted),
});

/**
 * The sums of `campaignIds`' rows of `by` over the days asked, one per value (by variant, one per
 * campaign, its id as the value), sorted in SQL as sortBreakdown sorts (ties by value, in code
 * point order); with `limit`, the first `limit` of them and the rest summed into `rest` (null
 * when nothing is left), so that a year of 20,000 articles leaves the database as 101 rows.
 */
export async function breakdownRows(
  db: Executor,
  campaignIds: number[],
  q: BreakdownAsked,
): Promise<{ rows: BreakdownSum[]; rest: BreakdownRest | null }> {
  if (!campaignIds.length) return { rows: [], rest: null };
  const days = sql.join(
    [sql`TRUE`, ...(q.from ? [sql`day >= ${q.from}::date`] : []), ...(q.to ? [sql`day <= ${q.to}::date`] : [])],
    sql` AND `,
  );
  const sums = sql`sum(impressions)::bigint AS impressions, sum(leads)::bigint AS leads, sum(duplicates)::bigint AS duplicates,
    sum(credited)::bigint AS credited, sum(accepted)::bigint AS accepted`;
  const summed =
    q.by === 'variant'
      ? sql`SELECT campaign_id::text AS value, ${sums} FROM campaign_daily_stats
          WHERE campaign_id = ANY(${campaignIds}::integer[]) AND ${days} GROUP BY campaign_id`
      : sql`SELECT value, ${sums} FROM campaign_breakdown_daily
          WHERE campaign_id = ANY(${campaignIds}::integer[]) AND dimension = ${ROLLUP_DIMENSION_CODES[q.by]}::smallint AND ${days}
          GROUP BY value`;
  const order = q.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rank = sql`row_number() OVER (ORDER BY ${SORT_KEYS[q.sort]} ${order}, value COLLATE "C" ASC)`;
  const columns = sql`impressions, leads, duplicates, credited, accepted`;
  const { rows } =
    q.limit === undefined
      ? await sql<Record<string, string | number | null>>`
          WITH sums AS (${summed})
          SELECT value, ${columns}, ${rank} AS rank FROM sums ORDER BY rank`.execute(db)
      : await sql<Record<string, string | number | null>>`
          WITH ranked AS (SELECT value, ${columns}, ${rank} AS rank FROM (${summed}) sums)
          SELECT value, ${columns}, rank, NULL::bigint AS folded FROM ranked WHERE rank <= ${q.limit}
          UNION ALL
          SELECT NULL, sum(impressions), sum(leads), sum(duplicates), sum(credited), sum(accepted), min(rank), count(*)
          FROM ranked WHERE rank > ${q.limit} HAVING count(*) > 0
          ORDER BY rank`.execute(db);
  const rest = rows.find((r) => r.folded !== null && r.folded !== undefined);
  return {
    rows: rows.filter((r) => r !== rest).map((r) => ({ value: String(r.value), ...counts(r) })),
    rest: rest ? { values: Number(rest.folded), ...counts(rest) } : null,
  };
}
