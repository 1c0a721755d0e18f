import { sql } from 'kysely';
import type { Executor } from '../db/types.js';

/**
 * After leads and daily figures were loaded in bulk: the leads table is the truth, so each
 * day's lead count (and the figures a lead implies) and each campaign's running totals are set
 * from it and from the days.
 */
export async function rollUpLoadedFigures(db: Executor, timeZone: string): Promise<void> {
  await sql`
    INSERT INTO campaign_daily_stats (campaign_id, day, leads, duplicates)
    SELECT campaign_id, (created_at AT TIME ZONE ${timeZone})::date, count(*), count(*) FILTER (WHERE duplicate) FROM leads GROUP BY 1, 2
    ON CONFLICT (campaign_id, day) DO UPDATE SET leads = excluded.leads, duplicates = excluded.duplicates
  `.execute(db);
  // The clients' verdicts (docs/api/verdicts.md): most leads accepted a day after capture, one in
  // ten rejected (within the window, so credited unless a duplicate), the rest not judged yet.
  await sql`
    INSERT INTO lead_verdicts (lead_id, client_id, verdict, reason, credited, decided_at)
    SELECT l.id, c.client_id,
      CASE WHEN (l.id + l.campaign_id) % 10 = 0 THEN 'rejected' ELSE 'accepted' END,
      CASE WHEN (l.id + l.campaign_id) % 10 = 0
        THEN (ARRAY['wrong_number', 'unreachable', 'not_interested', 'fake', 'duplicate'])[1 + (l.id / 10) % 5] END,
      (l.id + l.campaign_id) % 10 = 0 AND NOT l.duplicate,
      l.created_at + interval '1 day'
    FROM leads l JOIN campaigns c ON c.id = l.campaign_id
    WHERE (l.id + l.campaign_id) % 10 < 7
    ON CONFLICT (lead_id) DO NOTHING
  `.execute(db);
  await sql`
    UPDATE campaign_daily_stats d SET accepted = v.accepted, rejected = v.rejected, credited = v.credited
    FROM (
      SELECT l.campaign_id, (l.created_at AT TIME ZONE ${timeZone})::date AS day,
        count(*) FILTER (WHERE v.verdict = 'accepted') AS accepted,
        count(*) FILTER (WHERE v.verdict = 'rejected') AS rejected, count(*) FILTER (WHERE v.credited) AS credited
      FROM lead_verdicts v JOIN leads l ON l.id = v.lead_id GROUP BY 1, 2
    ) v
    WHERE d.campaign_id = v.campaign_id AND d.day = v.day
  `.execute(db);
  // Every lead was a submit of a click on an impression: a day never has more leads than those allow.
  await sql`
    UPDATE campaign_daily_stats SET
      submits = greatest(submits, leads), clicks = greatest(clicks, leads * 2),
      impressions = greatest(impressions, leads * 25), visitors = greatest(visitors, leads * 20)
    WHERE leads > submits
  `.execute(db);
  await sql`
    UPDATE campaigns c SET
      total_impression = s.impressions, total_click = s.clicks, total_submit = s.submits, total_bounce = s.bounces,
      total_visitor = s.visitors, total_habit_exit = s.habit_exits, total_intentional_exit = s.intentional_exits, total_lead = s.leads, total_duplicate = s.duplicates,
      total_accepted = s.accepted, total_rejected = s.rejected, total_credited = s.credited
    FROM (
      SELECT campaign_id, sum(impressions) impressions, sum(clicks) clicks, sum(submits) submits, sum(bounces) bounces,
        sum(visitors) visitors, sum(habit_exits) habit_exits, sum(intentional_exits) intentional_exits, sum(leads) leads, sum(duplicates) duplicates,
        sum(accepted) accepted, sum(rejected) rejected, sum(credited) credited
      FROM campaign_daily_stats GROUP BY campaign_id
    ) s
    WHERE s.campaign_id = c.id
  `.execute(db);
  await splitIntoBreakdown(db);
}

/**
 * The demo's breakdowns (docs/decisions/0008-breakdown-rollups.md): each day's figures shared
 * between a few values of each dimension by fixed weights, so that every dimension sums to the day.
 */
async function splitIntoBreakdown(db: Executor): Promise<void> {
  await sql`
    WITH shares (dimension, value, lo, hi) AS (VALUES
      (1, 'mobile', 0.0, 0.68), (1, 'desktop', 0.68, 0.97), (1, '', 0.97, 1.0),
      (2, '/suc-khoe/tim-mach/', 0.0, 0.4), (2, '/suc-khoe/dinh-duong/', 0.4, 0.65), (2, '/me-va-be/', 0.65, 0.85),
      (2, '/lam-dep/', 0.85, 1.0),
      (3, 'google', 0.0, 0.45), (3, 'facebook', 0.45, 0.7), (3, 'zalo', 0.7, 0.8), (3, '', 0.8, 1.0),
      (4, 'www.google.com', 0.0, 0.45), (4, 'm.facebook.com', 0.45, 0.7), (4, 'zalo.me', 0.7, 0.8), (4, '', 0.8, 1.0)
    )
    INSERT INTO campaign_breakdown_daily (campaign_id, dimension, day, value, impressions, leads, duplicates, credited, accepted)
    SELECT d.campaign_id, s.dimension, d.day, s.value,
      floor(d.impressions * s.hi) - floor(d.impressions * s.lo), floor(d.leads * s.hi) - floor(d.leads * s.lo),
      floor(d.duplicates * s.hi) - floor(d.duplicates * s.lo), floor(d.credited * s.hi) - floor(d.credited * s.lo),
      floor(d.accepted * s.hi) - floor(d.accepted * s.lo)
    FROM campaign_daily_stats d CROSS JOIN shares s
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (campaign_id, dimension, day, value) DO NOTHING
  `.execute(db);
}
