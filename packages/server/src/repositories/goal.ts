/**
 * 'Stop when the goal is reached' (issue #31), in the lead's transaction: the billable lead that
 * brings a campaign, or an A/B test's arms together, to the goal pauses it.
 */
import { billableLeads, CampaignStatus, leadGoal } from '@lead/contract';
import type { CampaignKpis } from '@lead/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { html } from '../lib/html.js';
import { recordHistory, statusWord } from './history.js';

/**
 * Before a lead is counted: an A/B test's arms count together against the test's goal, so the
 * test's own row (its original arm) is locked first, by every arm's lead, and they count one at a
 * time (and in one order: no deadlock with the arms' rows the count updates). NO KEY UPDATE, as
 * the count's UPDATE takes: it waits for no lead's foreign-key share lock on the row. Only for a
 * campaign whose test (or itself) stops at its goal.
 */
export async function lockGoal(trx: Executor, campaignId: number): Promise<void> {
  await sql`
    SELECT t.id FROM campaigns c JOIN campaigns t ON t.id = COALESCE(c.parent_id, c.id)
    WHERE c.id = ${campaignId} AND t.stop_at_goal
    FOR NO KEY UPDATE OF t`.execute(trx);
}

interface GoalRow {
  name: string;
  site_id: number;
  status: number;
  is_testing_running: boolean;
  stop_at_goal: boolean;
  kpis: CampaignKpis;
  /** The leads and duplicates of the campaign, or of every arm of its A/B test. */
  leads: string | number;
  duplicates: string | number;
  credited: string | number;
  arms: string | number;
}

/**
 * 'Stop when the goal is reached': an active campaign whose billable leads, this lead counted,
 * reach its leads goal is paused in the lead's transaction, with a System history entry. An A/B
 * test (`testId`, the original campaign, whose arms are itself and its variants) counts its arms'
 * billable leads together against its own goal (the variants' copies of it do not count), and
 * stops with every arm paused. The test's row is locked (above), so exactly one lead does it.
 */
export async function pauseAtGoal(trx: Executor, testId: number): Promise<boolean> {
  const { rows } = await sql<GoalRow>`
    SELECT t.name, t.site_id, t.status, t.is_testing_running, t.stop_at_goal, t.kpis, g.leads, g.duplicates, g.credited, g.arms
    FROM campaigns t,
      LATERAL (
        SELECT sum(a.total_lead) AS leads, sum(a.total_duplicate) AS duplicates, sum(a.total_credited) AS credited,
          count(*) FILTER (WHERE a.parent_id = t.id AND a.deleted_at IS NULL) AS arms
        FROM campaigns a WHERE a.id = t.id OR a.parent_id = t.id
      ) g
    WHERE t.id = ${testId}`.execute(trx);
  const c = rows[0];
  const goal = c ? leadGoal(c.kpis) : null;
  const running =
    c && (c.status === CampaignStatus.Active || (c.status === CampaignStatus.AbTest && c.is_testing_running));
  if (!c || !running || !c.stop_at_goal || goal === null) return false;
  if (billableLeads(Number(c.leads), Number(c.duplicates), Number(c.credited)) < goal) return false;
  // A test stops as 'Stop A/B testing' would stop it, but Paused, arms too ('Start A/B testing' runs it again).
  await trx
    .updateTable('campaigns')
    .set({ status: CampaignStatus.Paused, is_testing_running: false })
    .where('id', '=', testId)
    .execute();
  await trx
    .updateTable('campaigns')
    .set({ status: CampaignStatus.Paused })
    .where('parent_id', '=', testId)
    .where('deleted_at', 'is', null)
    .where('status', '=', CampaignStatus.Active)
    .execute();
  const what = Number(c.arms) > 0 ? 'A/B test' : 'Campaign';
  await recordHistory(trx, {
    userId: null,
    siteId: c.site_id,
    icon: 'status',
    text: html`${what} <b>${c.name}</b> was ${statusWord(CampaignStatus.Paused, 'paused')}: it reached its goal of ${String(goal)} leads.`,
  });
  return true;
}
