/**
 * The webhook worker: claims due deliveries from the outbox (claim.ts), posts each one (send.ts),
 * and records the answer (record.ts), all in short transactions and none held open across a
 * request. A claim is a lease, so a process that dies mid-request leaves its rows to be taken
 * again (at least once; receivers drop repeats by `webhook-id`). What an answer means is decided
 * in rules.ts.
 *
 * Requests run apart from the loop that claims them: a round starts its requests and goes on, and
 * a destination has at most PER_DESTINATION requests in flight from this process (`Slots`), so a
 * receiver that answers slowly, or never, holds its own leads back and no one else's.
 */
import type { BlockList } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Agent } from 'undici';
import type { DB } from '../db/types.js';
import type { ClaimedDelivery } from '../repositories/deliveries.js';
import { Claims } from './claim.js';
import { forgetDelivery, recordDelivered, recordFailure } from './record.js';
import { isDelivered, type DeliveryResult } from './rules.js';
import { send, type Target } from './send.js';
import { Slots } from './slots.js';
import { guardedAgent } from './webhook.js';

export type { DeliveryResult } from './rules.js';

export interface WorkerOptions {
  db: Kysely<DB>;
  now: () => Date;
  /** A destination's URL and the secrets it signs with now, current first (undefined once it is deleted). */
  target: (destinationId: number) => Promise<Target>;
  allow: BlockList;
  /** One request's limit (10 s). */
  timeoutMs: number;
  /** How many requests this process has in flight at most, in all (64). */
  batch?: number;
  /** How many requests one destination has in flight from this process at most (PER_DESTINATION). */
  perDestination?: number;
  /** How often the worker looks for due retries when nothing woke it (real time). */
  pollMs?: number;
  random?: () => number;
  log: FastifyBaseLogger;
  /** Each attempt's result and duration (metrics). */
  observe?: (result: DeliveryResult, seconds: number) => void;
}

/** Requests in flight to one destination from one process, at most. */
export const PER_DESTINATION = 8;

export class DeliveryWorker {
  private running = false;
  private woken = false;
  private wakePending = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private readonly agent: Agent;
  private readonly leaseMs: number;
  private readonly slots: Slots;
  private readonly claims: Claims;
  /** Deliveries started and not yet recorded. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly o: WorkerOptions) {
    this.agent = guardedAgent(o.allow, o.timeoutMs);
    this.leaseMs = Math.max(o.timeoutMs * 3, o.timeoutMs + 5_000);
    this.slots = new Slots(o.perDestination ?? PER_DESTINATION, o.batch ?? 64);
    this.claims = new Claims(o.db, o.now, this.slots, this.leaseMs);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Finishes the requests in flight, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    while (this.inFlight.size) await Promise.all(this.inFlight);
    await this.agent.close();
  }

  /**
   * Something is due: the worker runs a round soon. Not now: on the event loop's next turn, so
   * the request that woke it (a lead just committed) answers first, and the leads of one turn
   * share one round (one claim) instead of one each.
   */
  wake(): void {
    this.woken = true;
    if (this.wakePending) return;
    this.wakePending = true;
    setImmediate(() => {
      this.wakePending = false;
      this.wakeUp?.();
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      try {
        await this.round();
      } catch (err) {
        this.o.log.error({ err }, 'delivery worker: a round failed');
      }
      if (!this.running) break;
      // A claim takes all that is due and there is room for; a request done where room lacked wakes the loop.
      if (this.woken) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wakeUp = null;
          resolve();
        };
        const timer = setTimeout(done, this.o.pollMs ?? 1_000);
        this.wakeUp = done;
      });
    }
  }

  /** One round by hand (tests): claims what is due, delivers it, and answers how many once those are recorded. */
  async runOnce(): Promise<number> {
    const started = await this.round();
    await Promise.all(started);
    return started.length;
  }

  /**
   * Claims what is due and there is room for (and one delivery of each paused destination to
   * probe), starts each request, and answers at once with the deliveries started: a round never
   * waits on its requests.
   */
  private async round(): Promise<Promise<void>[]> {
    const claimed = await this.claims.due();
    // Each destination's URL and secrets once a round, whatever its number of leads.
    const targets = new Map<number, Promise<Target>>();
    const target = (id: number) => {
      let t = targets.get(id);
      if (!t) targets.set(id, (t = this.o.target(id)));
      return t;
    };
    return claimed.map((c) => this.launch(c, target));
  }

  /** One delivery, apart from the round: its slot is held until its attempt is recorded. */
  private launch(c: ClaimedDelivery, target: (id: number) => Promise<Target>): Promise<void> {
    this.slots.take(c.destination_id);
    const task = (async () => {
      try {
        await this.deliver(c, await target(c.destination_id));
      } catch (err) {
        // Its lease runs out and another round takes it again.
        this.o.log.error({ err, destinationId: c.destination_id }, 'delivery worker: a delivery failed');
      } finally {
        if (this.slots.release(c.destination_id)) this.wake();
      }
    })();
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
    return task;
  }

  /** Sends one claimed delivery and records its answer. */
  private async deliver(c: ClaimedDelivery, destination: Target): Promise<void> {
    const { db } = this.o;
    const sent = await send(
      { db, agent: this.agent, allow: this.o.allow, timeoutMs: this.o.timeoutMs, now: this.o.now },
      c,
      destination,
    );
    if (!sent) return forgetDelivery(db, c);
    const { result, request, values } = sent;
    let outcome: DeliveryResult;
    if (isDelivered(result.status)) {
      if ((await recordDelivered(db, c, result, request, this.o.now(), this.leaseMs)).due) this.wake();
      outcome = 'delivered';
    } else {
      outcome = await db
        .transaction()
        .execute((trx) =>
          recordFailure(trx, c, result, request, values, { now: this.o.now, random: this.o.random, log: this.o.log }),
        );
    }
    this.o.observe?.(outcome, result.durationMs / 1000);
  }
}
