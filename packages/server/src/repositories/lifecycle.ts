import { CampaignStatus } from '@lead/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { html } from '../lib/html.js';
import { recordHistory, statusWord } from './history.js';

/** Held (per transaction) by the one process that runs a sweep; others skip that tick. */
const LIFECYCLE_LOCK = 720_003;

export interface SweepResult {
  /** False when another process held the lock and this one did nothing. */
  ran: boolean;
  started: number[];
  expired: number[];
  deactivated: number[];
}

/**
 * One sweep of the campaign lifecycle (docs/campaign-lifecycle.md), as of `now`:
 * Schedule (0) → Active (1) at started_at; Active → Expired (3) after ended_at
 * unless forever; and Active → Inactive (-1) for campaigns created more than 6
 * months ago and not updated in the last 3. Each change writes history.
 * Idempotent: a second sweep at the same `now` changes nothing.
 */
export async function sweepLifecycle(db: Kysely<DB>, now: Date): Promise<SweepResult> {
  return db.transaction().execute(async (trx) => {
    const { locked } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${LIFECYCLE_LOCK}) AS locked`
      .execute(trx)
      .then((r) => r.rows[0]!);
    if (!locked) return { ran: false, started: [], expired: [], deactivated: [] };

    const started = await trx
      .updateTable('campaigns')
      .set({ status: CampaignStatus.Active, is_schedule: false })
      .where('status', '=', CampaignStatus.Schedule)
      .where('deleted_at', 'is', null)
      .where('started_at', '<=', now)
      .where((eb) => eb.or([eb('forever', '=', true), eb('ended_at', 'is', null), eb('ended_at', '>', now)]))
      .returning(['id', 'name', 'site_id'])
      .execute();
    const expired = await trx
      .updateTable('campaigns')
      .set({ status: CampaignStatus.Expired, is_schedule: false })
      .where('status', 'in', [0, 1])
      .where('deleted_at', 'is', null)
      .where('forever', '=', false)
      .where('ended_at', '<', now)
      .returning(['id', 'name', 'site_id'])
      .execute();
    const sixMonthsAgo = new Date(now);
    sixMonthsAgo.setUTCMonth(sixMonthsAgo.getUTCMonth() - 6);
    const threeMonthsAgo = new Date(now);
    threeMonthsAgo.setUTCMonth(threeMonthsAgo.getUTCMonth() - 3);
    const deactivated = await trx
      .updateTable('campaigns')
      .set({ status: CampaignStatus.Inactive })
      .where('status', '=', CampaignStatus.Active)
      .where('deleted_at', 'is', null)
      .where('created_at', '<', sixMonthsAgo)
      .where('updated_at', '<', threeMonthsAgo)
      .returning(['id', 'name', 'site_id'])
      .execute();

    // One connection runs one statement at a time: the entries are written in turn.
    const write = async (
      rows: typeof started,
      text: (name: string) => ReturnType<typeof html>,
      icon: 'schedule' | 'status',
    ) => {
      for (const r of rows) await recordHistory(trx, { userId: null, siteId: r.site_id, icon, text: text(r.name) });
    };
    await write(
      started,
      (n) => html`Campaign <b>${n}</b> ${statusWord(CampaignStatus.Active, 'started')} as scheduled.`,
      'schedule',
    );
    await write(
      expired,
      (n) => html`Campaign <b>${n}</b> ${statusWord(CampaignStatus.Expired, 'expired')} at the end of its timeframe.`,
      'schedule',
    );
    await write(
      deactivated,
      (n) =>
        html`Campaign <b>${n}</b> was ${statusWord(CampaignStatus.Inactive, 'deactivated')}: created more than 6 months ago and not updated in the last 3 months.`,
      'status',
    );
    return {
      ran: true,
      started: started.map((r) => r.id),
      expired: expired.map((r) => r.id),
      deactivated: deactivated.map((r) => r.id),
    };
  });
}
