/**
 * The webhook worker's records (delivery/worker.ts): what an attempt's answer changes, written in
 * short transactions after the request, never across one. What it means (delivered, retried,
 * failed; the destination paused or disabled) is decided in rules.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB, Executor } from '../db/types.js';
import { dueNowAfterRecovery, type ClaimedDelivery } from '../repositories/deliveries.js';
import { resumeDestination, setDestinationState } from './destination-state.js';
import { afterFailure, keptOf, stateAfterFailure, STATE_NOTICES, type DeliveryResult } from './rules.js';
import type { PostResult } from './webhook.js';

/** The lead or the destination is gone: the delivery goes too. */
export async function forgetDelivery(db: Kysely<DB>, c: ClaimedDelivery): Promise<void> {
  await db
    .deleteFrom('deliveries')
    .where('lead_id', '=', c.lead_id)
    .where('destination_id', '=', c.destination_id)
    .execute();
}

/**
 * A 2xx, the common case, in one statement (atomic, so no transaction of its own): the delivery
 * delivered, the attempt logged, the destination's health reset. A destination paused meanwhile
 * (a probe's success) is resumed after, with its notice. The first success after failures
 * brings the destination's backlog forward: the receiver is back, so its retrying deliveries go
 * now rather than each at its own retry time (up to 10 h away). Answers whether deliveries became
 * due by it (the worker then runs a round).
 */
export async function recordDelivered(
  db: Kysely<DB>,
  c: ClaimedDelivery,
  r: PostResult,
  request: string,
  now: Date,
  leaseMs: number,
): Promise<{ due: boolean }> {
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
    RETURNING state, (SELECT was_failing FROM before) AS was_failing`.execute(db);
  let due = false;
  if (
    rows[0]?.state === 'paused' &&
    (await db.transaction().execute((trx) => resumeDestination(trx, c.destination_id)))
  )
    due = true;
  if (rows[0]?.was_failing && (await dueNowAfterRecovery(db, c.destination_id, now, leaseMs)) > 0) due = true;
  return { due };
}

/**
 * Writes a failed attempt's answer: the delivery's state, the attempts log, the destination's
 * health (paused, disabled). A receiver's answer may echo the lead: it is not kept when it
 * repeats the lead's values, nor when the lead was erased while the request was out. The lead's
 * row is read FOR SHARE, so an erasure either went first (and its answer is dropped here) or
 * waits for this commit (and clears it after).
 */
export async function recordFailure(
  trx: Executor,
  c: ClaimedDelivery,
  answered: PostResult,
  request: string,
  values: string[],
  o: { now: () => Date; random?: (() => number) | undefined; log: FastifyBaseLogger },
): Promise<DeliveryResult> {
  const lead = await trx
    .selectFrom('leads')
    .select('erased_at')
    .where('id', '=', c.lead_id)
    .forShare()
    .executeTakeFirst();
  const r = keptOf(answered, !lead || lead.erased_at !== null, values);
  const now = o.now();
  const attempts = c.attempts + 1;
  const { state, next, outcome } = afterFailure(r.status, attempts, now, o.random);
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
    o.log.warn({ destinationId: c.destination_id, state: changed }, 'delivery: a webhook destination changed state');
  }
  return outcome;
}
