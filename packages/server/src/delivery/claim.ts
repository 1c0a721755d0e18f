/**
 * The webhook worker's claims (delivery/worker.ts): the due deliveries there is room for, taken
 * with `FOR UPDATE SKIP LOCKED` so that several processes share the work and none takes a row
 * another holds. A claim is a lease: the row's next attempt moves past the request's timeout, so a
 * process that dies mid-request leaves its rows to be taken again.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { claimDueDeliveries, type ClaimedDelivery } from '../repositories/deliveries.js';
import { PROBE_EVERY_MS } from './schedule.js';
import type { Slots } from './slots.js';

/** How often (by the worker's clock) a round looks for paused destinations whose probe is due (every 15 minutes each). */
const PROBE_CHECK_MS = 1_000;

export class Claims {
  private probedAt: number | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date,
    private readonly slots: Slots,
    /** How long a claimed delivery is this process's before another may take it again. */
    private readonly leaseMs: number,
  ) {}

  /** What is due and there is room for, and one delivery of each paused destination whose probe is due. */
  async due(): Promise<ClaimedDelivery[]> {
    return [...(await this.claim()), ...(await this.probes())];
  }

  private async claim(probe?: number): Promise<ClaimedDelivery[]> {
    const now = this.now();
    const room = this.slots.room();
    // A probe (one delivery of a paused destination, its turn taken) goes whatever the room.
    if (room.total === 0 && probe === undefined) return [];
    return claimDueDeliveries(this.db, {
      now,
      leaseUntil: new Date(now.getTime() + this.leaseMs),
      limit: Math.max(1, room.total),
      perDestination: this.slots.perDestination,
      busy: room.busy,
      ...(probe === undefined ? {} : { probe }),
    });
  }

  /** A paused destination gets one delivery every PROBE_EVERY_MS (one process takes each turn); a success resumes it. */
  private async probes(): Promise<ClaimedDelivery[]> {
    const now = this.now();
    // Looked for once a second, not every round (a clock moved back, as tests do, looks again).
    const last = this.probedAt;
    if (last !== null && now.getTime() >= last && now.getTime() - last < PROBE_CHECK_MS) return [];
    this.probedAt = now.getTime();
    const turns = await this.db
      .updateTable('destinations')
      .set({ last_failure_at: now })
      .where('state', '=', 'paused')
      .where('enabled', '=', true)
      .where('kind', '=', 'webhook')
      .where((eb) =>
        eb.or([
          eb('last_failure_at', 'is', null),
          eb('last_failure_at', '<=', new Date(now.getTime() - PROBE_EVERY_MS)),
        ]),
      )
      .returning('id')
      .execute();
    const out: ClaimedDelivery[] = [];
    for (const { id } of turns) out.push(...(await this.claim(id)));
    return out;
  }
}
