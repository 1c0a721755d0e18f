/**
 * The figures of partner-page events (docs/runtime-audience.md): one statement per group of batches.
 * Each row is one event of one page view; `page_view_events` keeps what each page view counted,
 * so a replayed or repeated event counts nothing, and a click, close, bounce or form start counts
 * only after its page view's impression of that campaign, a form left unsent only after its start.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types.js';
import { impressionsToBreakdown } from './breakdowns.js';

/** kind: 1 impression, 2 click, 3 close, 4 bounce, 5 form started, 6 form left unsent (the numbers stored in page_view_events). */
export const EventKind = { Impression: 1, Click: 2, Close: 3, Bounce: 4, Start: 5, Leave: 6 } as const;

export interface EventRow {
  campaign_id: number;
  kind: number;
  /** A close less than 3 s after the impression (habit exit) or later (intentional exit). */
  habit: boolean;
  /** The visitor's salted hash (a decimal bigint). */
  visitor: string;
  /** The page view's id (the nonce of its signed id). */
  pv: string;
  /** For a form start or leave: the field (the block's index in the form), counted in campaign_daily_fields. */
  field?: number;
}

/**
 * One statement: the events not counted before, the new distinct visitors, the day's figures (and
 * the impressions' breakdown rows) and the running totals of every campaign in `rows`. `ids` (from the broker): only rows of messages
 * not applied before.
 */
export async function writeEventRows(
  db: Kysely<DB>,
  day: RawBuilder<string>,
  rows: Array<EventRow & { msg?: string }>,
  ids?: string[],
): Promise<void> {
  const input = JSON.stringify(rows);
  const fresh = ids
    ? sql`fresh AS (INSERT INTO event_messages_applied (id) SELECT unnest(${ids}::text[]) ON CONFLICT DO NOTHING RETURNING id),`
    : sql``;
  const onlyFresh = ids ? sql`WHERE e.msg IN (SELECT id FROM fresh)` : sql``;
  await sql`
      WITH ${fresh} ev AS (
        SELECT * FROM jsonb_to_recordset(${input}::jsonb)
          AS e(campaign_id integer, kind smallint, habit boolean, visitor text, pv text, msg text, field smallint)
        ${onlyFresh}
      ), counted AS (
        INSERT INTO page_view_events (page_view, campaign_id, kind)
        SELECT DISTINCT e.pv, e.campaign_id, e.kind FROM ev e
        WHERE e.kind = 1
          OR EXISTS (SELECT 1 FROM ev i WHERE i.pv = e.pv AND i.campaign_id = e.campaign_id AND i.kind = CASE WHEN e.kind = 6 THEN 5 ELSE 1 END)
          OR EXISTS (SELECT 1 FROM page_view_events p WHERE p.page_view = e.pv AND p.campaign_id = e.campaign_id
            AND p.kind = CASE WHEN e.kind = 6 THEN 5 ELSE 1 END)
        ORDER BY 1, 2, 3
        ON CONFLICT DO NOTHING
        RETURNING page_view, campaign_id, kind
      ), ce AS (
        SELECT DISTINCT ON (c.page_view, c.campaign_id, c.kind) c.campaign_id, c.kind, e.habit, e.visitor, c.page_view AS pv, e.field
        FROM counted c JOIN ev e ON e.pv = c.page_view AND e.campaign_id = c.campaign_id AND e.kind = c.kind
        ORDER BY c.page_view, c.campaign_id, c.kind
      ), ${impressionsToBreakdown(day)}, seen AS (
        INSERT INTO campaign_daily_visitors (campaign_id, day, visitor)
        SELECT DISTINCT campaign_id, ${day}, visitor::bigint FROM ce WHERE kind = 1
        ON CONFLICT DO NOTHING
        RETURNING campaign_id
      ), agg AS (
        SELECT ce.campaign_id, count(*) FILTER (WHERE kind = 1)::integer AS impressions, count(*) FILTER (WHERE kind = 2)::integer AS clicks,
          count(*) FILTER (WHERE kind = 4)::integer AS bounces, count(*) FILTER (WHERE kind = 3 AND habit)::integer AS habit_exits,
          count(*) FILTER (WHERE kind = 3 AND NOT habit)::integer AS intentional_exits,
          (SELECT count(*) FROM seen s WHERE s.campaign_id = ce.campaign_id)::integer AS visitors
        FROM ce WHERE kind <= 4 GROUP BY ce.campaign_id
      ), fields AS (
        INSERT INTO campaign_daily_fields AS f (campaign_id, day, field, started, dropped)
        SELECT campaign_id, ${day}, field, count(*) FILTER (WHERE kind = 5)::integer, count(*) FILTER (WHERE kind = 6)::integer
        FROM ce WHERE kind IN (5, 6) AND field IS NOT NULL GROUP BY campaign_id, field ORDER BY campaign_id, field
        ON CONFLICT (campaign_id, day, field) DO UPDATE SET
          started = f.started + excluded.started, dropped = f.dropped + excluded.dropped
        RETURNING 1
      ), daily AS (
        INSERT INTO campaign_daily_stats AS d (campaign_id, day, impressions, clicks, bounces, habit_exits, intentional_exits, visitors)
        SELECT campaign_id, ${day}, impressions, clicks, bounces, habit_exits, intentional_exits, visitors FROM agg ORDER BY campaign_id
        ON CONFLICT (campaign_id, day) DO UPDATE SET
          impressions = d.impressions + excluded.impressions, clicks = d.clicks + excluded.clicks,
          bounces = d.bounces + excluded.bounces, habit_exits = d.habit_exits + excluded.habit_exits,
          intentional_exits = d.intentional_exits + excluded.intentional_exits, visitors = d.visitors + excluded.visitors
        RETURNING 1
      )
      UPDATE campaigns c SET
        total_impression = c.total_impression + a.impressions, total_click = c.total_click + a.clicks,
        total_bounce = c.total_bounce + a.bounces, total_habit_exit = c.total_habit_exit + a.habit_exits,
        total_intentional_exit = c.total_intentional_exit + a.intentional_exits, total_visitor = c.total_visitor + a.visitors
      FROM agg a WHERE c.id = a.campaign_id`.execute(db);
}

/**
 * What the figures no longer need: the visitor hashes of days before yesterday (a day's distinct
 * visitors are counted on the day; yesterday's stay for events that arrive late), what page views
 * counted and their sources once they can no longer send events (two hours), and the broker message ids older than a
 * day (a redelivery comes within minutes).
 */
export async function purgeRuntimeTables(db: Kysely<DB>, today: RawBuilder<string>): Promise<void> {
  await sql`DELETE FROM campaign_daily_visitors WHERE day < ${today} - 1`.execute(db);
  await sql`DELETE FROM page_view_events WHERE created_at < now() - interval '2 hours'`.execute(db);
  await sql`DELETE FROM page_view_sources WHERE created_at < now() - interval '2 hours'`.execute(db);
  await sql`DELETE FROM event_messages_applied WHERE applied_at < now() - interval '1 day'`.execute(db);
}
