/**
 * The webhook worker: claims due deliveries from the outbox (`FOR UPDATE SKIP LOCKED`, so that
 * several processes share the work and none takes a row another holds), posts each one, and
 * records the answer, all in short transactions and none held open across a request. A claim
 * is a lease: the row's next attempt moves past the request's timeout, so a process that dies
 * mid-request leaves its rows to be taken again (at least once; receivers drop repeats by
 * `webhook-id`).
 *
 * Requests run apart from the loop that claims them: a round starts its requests and goes on, and
 * a destination has at most PER_DESTINATION requests in flight from this process (`Slots`), so a
 * receiver that answers slowly, or never, holds its own leads back and no one else's.
 */
import type { BlockList } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Agent } from 'undici';
import type { DB, Executor } from '../db/types.js';
import { claimDueDeliveries, dueNowAfterRecovery, type ClaimedDelivery } from '../repositories/deliveries.js';
import { resumeDestination, setDestinationState } from './destination-state.js';
import { leadEvent, leadValues } from './payload.js';
import { afterFailure, isDelivered, keptOf, stateAfterFailure, STATE_NOTICES, type DeliveryResult } from './rules.js';
import { PROBE_EVERY_MS } from './schedule.js';
import { Slots } from './slots.js';
import { guardedAgent, post, requestExcerpt, sign, webhookId, type PostResult } from './webhook.js';

export type { DeliveryResult } from './rules.js';

export interface WorkerOptions {
  db: Kysely<DB>;
  now: () => Date;
  /** A destination's URL and the secrets it signs with now, current first (undefined once it is deleted). */
  target: (destinationId: number) => Promise<{ url: string | null; secrets: string[] } | undefined>;
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

type Claimed = ClaimedDelivery;
type Target = { url: string | null; secrets: string[] } | undefined;

/** How often (by the worker's clock) a round looks for paused destinations whose probe is due (every 15 minutes each). */
const PROBE_CHECK_MS = 1_000;
/** Requests in flight to one destination from one process, at most. */
export const PER_DESTINATION = 8;

export class DeliveryWorker {
  private running = false;
  private woken = false;
  private wakePending = false;
  private probedAt: number | null = null;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private readonly agent: Agent;
  private readonly leaseMs: number;
  private readonly slots: Slots;
  /** Deliveries started and not yet recorded. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly o: WorkerOptions) {
    this.agent = guardedAgent(o.allow, o.timeoutMs);
    this.leaseMs = Math.max(o.timeoutMs * 3, o.timeoutMs + 5_000);
    this.slots = new Slots(o.perDestination ?? PER_DESTINATION, o.batch ?? 64);
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
    const claimed = [...(await this.claim()), ...(await this.probes())];
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
  private launch(c: Claimed, target: (id: number) => Promise<Target>): Promise<void> {
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

  private async claim(probe?: number): Promise<Claimed[]> {
    const now = this.o.now();
    const room = this.slots.room();
    // A probe (one delivery of a paused destination, its turn taken) goes whatever the room.
    if (room.total === 0 && probe === undefined) return [];
    return claimDueDeliveries(this.o.db, {
      now,
      leaseUntil: new Date(now.getTime() + this.leaseMs),
      limit: Math.max(1, room.total),
      perDestination: this.slots.perDestination,
      busy: room.busy,
      ...(probe === undefined ? {} : { probe }),
    });
  }

  /** A paused destination gets one delivery every PROBE_EVERY_MS (one process takes each turn); a success resumes it. */
  private async probes(): Promise<Claimed[]> {
    const now = this.o.now();
    // Looked for once a second, not every round (a clock moved back, as tests do, looks again).
    const last = this.probedAt;
    if (last !== null && now.getTime() >= last && now.getTime() - last < PROBE_CHECK_MS) return [];
    this.probedAt = now.getTime();
    const turns = await this.o.db
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
    const out: Claimed[] = [];
    for (const { id } of turns) out.push(...(await this.claim(id)));
    return out;
  }

  private async deliver(c: Claimed, destination: Target): Promise<void> {
    const { db } = this.o;
    // The client the lead came for: its delivery's destination's (a campaign moved since names another).
    const event = destination?.url ? await leadEvent(db, c.lead_id, c.destination_id) : undefined;
    if (!destination?.url || !event) {
      // The lead or the destination is gone: nothing to send.
      await db
        .deleteFrom('deliveries')
        .where('lead_id', '=', c.lead_id)
        .where('destination_id', '=', c.destination_id)
        .execute();
      return;
    }
    const { secrets } = destination;
    const body = JSON.stringify(event);
    const id = webhookId(c.lead_id, c.destination_id);
    const timestamp = Math.floor(this.o.now().getTime() / 1000);
    const result: PostResult = secrets.length
      ? await post(
          this.agent,
          destination.url,
          {
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': sign(secrets, id, timestamp, body),
          },
          body,
          this.o.allow,
          this.o.timeoutMs,
        )
      : { status: null, error: 'no signing secret', durationMs: 0 };
    const request = requestExcerpt(destination.url, id, event.type);
    const outcome = isDelivered(result.status)
      ? await this.delivered(c, result, request)
      : await db.transaction().execute((trx) => this.record(trx, c, result, request, leadValues(event)));
    this.o.observe?.(outcome, result.durationMs / 1000);
  }

  /**
   * A 2xx, the common case, in one statement (atomic, so no transaction of its own): the delivery
   * delivered, the attempt logged, the destination's health reset. A destination paused meanwhile
   * (a probe's success) is resumed after, with its notice. The first success after failures
   * brings the destination's backlog forward: the receiver is back, so its retrying deliveries go
   * now rather than each at its own retry time (up to 10 h away).
   */
  private async delivered(c: Claimed, r: PostResult, request: string): Promise<DeliveryResult> {
    const now = this.o.now();
    const { rows } = await sql<{ state: string; was_failing: boolean }>`
      WITH before AS (
        SELECT failing_since IS NOT NULL AS was_failing FROM destinations WHERE id = ${c.destination_id}
      ), d AS (
        UPDATE deliveries SET state = 'delivered', attempts = ${c.attempts + 1}, last_status = ${r.status}, last_error = NULL,
          next_attempt_at = NULL, updated_at = ${now}
        WHERE lead_id = ${c.lead_id} AND destination_id = ${c.destination_id}
      ), a AS (
        INSERT INTO delivery_attempts (destination_id, lead_id, at, status, error, duration_ms, next_attempt_at, request)
        VALUES (${c.destination_id}, ${c.lead_id}, ${now}, ${r.status}, NULL, ${r.durationMs}, NULL, ${request})
      )
      UPDATE destinations SET last_success_at = ${now}, failing_since = NULL, consecutive_failures = 0
      WHERE id = ${c.destination_id}
      RETURNING state, (SELECT was_failing FROM before) AS was_failing`.execute(this.o.db);
    if (
      rows[0]?.state === 'paused' &&
      (await this.o.db.transaction().execute((trx) => resumeDestination(trx, c.destination_id)))
    )
      this.wake();
    if (rows[0]?.was_failing && (await dueNowAfterRecovery(this.o.db, c.destination_id, now, this.leaseMs)) > 0)
      this.wake();
    return 'delivered';
  }

  /**
   * Writes a failed attempt's answer: the delivery's state, the attempts log, the destination's
   * health (paused, disabled). A receiver's answer may echo the lead: it is not kept when it
   * repeats the lead's values, nor when the lead was erased while the request was out. The lead's row is read FOR SHARE, so an erasure either
   * went first (and its answer is dropped here) or waits for this commit (and clears it after).
   */
  private async record(
    trx: Executor,
    c: Claimed,
    answered: PostResult,
    request: string,
    values: string[],
  ): Promise<DeliveryResult> {
    const lead = await trx
      .selectFrom('leads')
      .select('erased_at')
      .where('id', '=', c.lead_id)
      .forShare()
      .executeTakeFirst();
    const r = keptOf(answered, !lead || lead.erased_at !== null, values);
    const now = this.o.now();
    const attempts = c.attempts + 1;
    const { state, next, outcome } = afterFailure(r.status, attempts, now, this.o.random);
    await trx
      .updateTable('deliveries')
      .set({ state, attempts, last_status: r.status, last_error: r.error, next_attempt_at: next, updated_at: now })
      .where('lead_id', '=', c.lead_id)
      .where('destination_id', '=', c.destination_id)
      .execute();
    await trx
      .insertInto('delivery_attempts')
      .values({
        destination_id: c.destination_id,
        lead_id: c.lead_id,
        at: now,
        status: r.status,
        error: r.error,
        duration_ms: r.durationMs,
        next_attempt_at: next,
        request,
      })
      .execute();
    const d = await trx
      .updateTable('destinations')
      .set((eb) => ({
        last_failure_at: now,
        failing_since: sql<Date>`coalesce(${eb.ref('failing_since')}, ${now})`,
        consecutive_failures: sql<number>`${eb.ref('consecutive_failures')} + 1`,
      }))
      .where('id', '=', c.destination_id)
      .returning(['state', 'failing_since', 'consecutive_failures'])
      .executeTakeFirst();
    const changed = d ? stateAfterFailure(r.status, d, now) : null;
    if (changed) {
      await setDestinationState(trx, c.destination_id, changed, now, STATE_NOTICES[changed]);
      this.o.log.warn(
        { destinationId: c.destination_id, state: changed },
        'delivery: a webhook destination changed state',
      );
    }
    return outcome;
  }
}
