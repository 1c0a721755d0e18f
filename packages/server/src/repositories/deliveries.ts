import type { Attempt, LeadDelivery } from '@lead/contract';
import { sql } from 'kysely';
import { toWire } from '../lib/time.js';
import type { Executor } from '../db/types.js';

/** Each lead's delivery per destination, by lead id (the campaign's lead table). */
export async function leadDeliveries(
  db: Executor,
  leadIds: number[],
  timeZone: string,
): Promise<Map<number, LeadDelivery[]>> {
  const byLead = new Map<number, LeadDelivery[]>();
  if (leadIds.length === 0) return byLead;
  const rows = await db
    .selectFrom('deliveries')
    .select(['lead_id', 'destination_id', 'state', 'attempts', 'last_status', 'last_error', 'next_attempt_at'])
    .where('lead_id', 'in', leadIds)
    .orderBy('lead_id')
    .orderBy('destination_id')
    .execute();
  for (const r of rows) {
    const list = byLead.get(Number(r.lead_id)) ?? [];
    list.push({
      destination_id: r.destination_id,
      state: r.state,
      attempts: r.attempts,
      last_status: r.last_status,
      last_error: r.state === 'delivered' ? null : r.last_error,
      // Only a delivery still to be tried has a next attempt.
      next_attempt_at: r.state === 'pending' || r.state === 'retrying' ? toWire(r.next_attempt_at, timeZone) : null,
    });
    byLead.set(Number(r.lead_id), list);
  }
  return byLead;
}

/** A destination's attempts, newest first, `limit` at a time before the attempt `beforeId`. */
export async function attemptsPage(
  db: Executor,
  destinationId: number,
  limit: number,
  timeZone: string,
  beforeId?: number,
): Promise<Attempt[]> {
  let q = db
    .selectFrom('delivery_attempts')
    .select(['id', 'lead_id', 'at', 'status', 'error', 'duration_ms', 'next_attempt_at', 'event', 'request', 'answer'])
    .where('destination_id', '=', destinationId);
  if (beforeId) q = q.where('id', '<', beforeId);
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    lead_id: r.lead_id === null ? null : Number(r.lead_id),
    at: toWire(r.at, timeZone)!,
    status: r.status,
    error: r.error,
    duration_ms: r.duration_ms,
    next_attempt_at: toWire(r.next_attempt_at, timeZone),
    event: r.event,
    request: r.request,
    answer: r.answer,
  }));
}

/** A delivery a worker has claimed: its lease runs until `leaseUntil`, and no other claim takes it before. */
export interface ClaimedDelivery {
  lead_id: number;
  destination_id: number;
  attempts: number;
}

/**
 * Claims up to `limit` due deliveries of active webhook destinations (or one of the paused
 * destination `probe`, whatever its state): their next attempt moves to `leaseUntil`, so no other
 * claim takes them while the lease runs. A destination gives at most `perDestination` rows (less
 * its `busy` count: requests of this process in flight to it), oldest due first, so one
 * destination's backlog never fills a claim another's leads wait behind. `FOR UPDATE … SKIP
 * LOCKED` is what makes claims of several processes exclusive without waiting for each other: a
 * row another claim holds (its transaction not yet committed) is passed over, neither read as still
 * due nor waited for (test/delivery-claim.test.ts, on PostgreSQL).
 */
export async function claimDueDeliveries(
  db: Executor,
  o: {
    now: Date;
    leaseUntil: Date;
    limit: number;
    perDestination?: number;
    busy?: Record<number, number>;
    probe?: number;
  },
): Promise<ClaimedDelivery[]> {
  const per = o.probe === undefined ? (o.perDestination ?? o.limit) : 1;
  const { rows } = await sql<ClaimedDelivery>`
    WITH due AS (
      SELECT d.lead_id, d.destination_id FROM destinations t
      CROSS JOIN LATERAL (
        SELECT d.lead_id, d.destination_id, d.next_attempt_at FROM deliveries d
        WHERE d.destination_id = t.id AND d.state IN ('pending', 'retrying') AND d.next_attempt_at <= ${o.now}
        ORDER BY d.next_attempt_at
        LIMIT greatest(0, ${per}::int - coalesce((${JSON.stringify(o.busy ?? {})}::jsonb ->> t.id::text)::int, 0))
        FOR UPDATE OF d SKIP LOCKED
      ) d
      WHERE t.kind = 'webhook' AND t.enabled
        AND ${o.probe === undefined ? sql`t.state = 'active'` : sql`t.id = ${o.probe}`}
      ORDER BY d.next_attempt_at
      LIMIT ${o.probe === undefined ? o.limit : 1}
    )
    UPDATE deliveries x SET next_attempt_at = ${o.leaseUntil}
    FROM due WHERE x.lead_id = due.lead_id AND x.destination_id = due.destination_id
    RETURNING x.lead_id, x.destination_id, x.attempts`.execute(db);
  return rows.map((r) => ({ lead_id: Number(r.lead_id), destination_id: r.destination_id, attempts: r.attempts }));
}

/**
 * A destination that failed answers again: its retrying deliveries become due now instead of at
 * their own retry times (after a 10-minute outage those were up to 35 minutes away; after hours,
 * up to 10 h). A row whose next attempt is within `leaseMs` may be one another worker holds (a
 * claim's lease), so it is left alone: it is due within the lease anyway. Answers how many.
 */
export async function dueNowAfterRecovery(
  db: Executor,
  destinationId: number,
  now: Date,
  leaseMs: number,
): Promise<number> {
  const result = await db
    .updateTable('deliveries')
    .set({ next_attempt_at: now })
    .where('destination_id', '=', destinationId)
    .where('state', '=', 'retrying')
    .where('next_attempt_at', '>', new Date(now.getTime() + leaseMs))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Which leads a replay sends again to one destination (the leads of the campaigns it covers). */
export interface ReplayScope {
  destination: { id: number; client_id: number; campaign_ids: number[] | null };
  leadIds?: number[];
  campaignId?: number;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Only the deliveries that failed; otherwise every lead in scope, queued anew if it never was. */
  failedOnly: boolean;
  now: Date;
}

/**
 * Queues the leads of `s` again: each delivery starts a new series of attempts (attempts 0,
 * due now) under the same `webhook-id`; a lead never queued for the destination (captured before
 * it existed) is queued now. Only leads that came for the destination's client: not those a
 * campaign moved from another client had then (`campaigns.client_since_lead_id`, issue #44).
 * Answers how many deliveries were queued.
 */
export async function replayDeliveries(db: Executor, s: ReplayScope): Promise<number> {
  const leads = db
    .selectFrom('leads as l')
    .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .where('c.client_id', '=', s.destination.client_id)
    // Only campaigns on the client's sites (a site taken off the client keeps its campaigns' leads to itself).
    .where('c.site_id', 'in', (eb) =>
      eb
        .selectFrom('client_sites')
        .select('client_sites.site_id')
        .where('client_sites.client_id', '=', s.destination.client_id),
    )
    // A lead the campaign had before it moved to this client came for the client it had then: never sent here.
    .where((eb) => eb.or([eb('c.client_since_lead_id', 'is', null), eb('l.id', '>', eb.ref('c.client_since_lead_id'))]))
    // An erased lead is never sent again; a duplicate only to a client that asks for them.
    .where('l.erased_at', 'is', null)
    .where((eb) => eb.or([eb('l.duplicate', '=', false), eb('cl.deliver_duplicates', '=', true)]))
    .$if(s.destination.campaign_ids !== null, (q) =>
      q.where((eb) =>
        eb.or([eb('c.id', 'in', s.destination.campaign_ids!), eb('c.parent_id', 'in', s.destination.campaign_ids!)]),
      ),
    )
    .$if(s.leadIds !== undefined, (q) => q.where('l.id', 'in', s.leadIds!))
    .$if(s.campaignId !== undefined, (q) =>
      q.where((eb) => eb.or([eb('c.id', '=', s.campaignId!), eb('c.parent_id', '=', s.campaignId!)])),
    )
    .$if(s.from !== undefined, (q) => q.where('l.created_at', '>=', s.from!))
    .$if(s.to !== undefined, (q) => q.where('l.created_at', '<', s.to!));
  const again = { state: 'pending' as const, attempts: 0, next_attempt_at: s.now, updated_at: s.now };
  if (s.failedOnly) {
    const result = await db
      .updateTable('deliveries')
      .set(again)
      .where('destination_id', '=', s.destination.id)
      .where('state', '=', 'failed')
      .where('lead_id', 'in', leads.select('l.id'))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
  const rows = await db
    .insertInto('deliveries')
    .columns(['lead_id', 'destination_id', 'state', 'next_attempt_at', 'created_at', 'updated_at'])
    .expression(
      leads.select((eb) => [
        'l.id',
        eb.val(s.destination.id).as('destination_id'),
        eb.val('pending').as('state'),
        eb.val(s.now).as('next_attempt_at'),
        eb.val(s.now).as('created_at'),
        eb.val(s.now).as('updated_at'),
      ]),
    )
    .onConflict((oc) => oc.columns(['lead_id', 'destination_id']).doUpdateSet(again))
    .returning('lead_id')
    .execute();
  return rows.length;
}

/**
 * The transactional outbox: in the lead's own transaction, one delivery per webhook destination
 * of the lead's client that covers its campaign (every campaign, or the campaign or its A/B test
 * chosen), enabled and not disabled by a 410; a duplicate only when the client asks for
 * duplicates too (`clients.deliver_duplicates`). A paused destination still gets its rows: they go
 * once it is resumed. Answers how many were queued.
 */
export async function enqueueLeadDeliveries(
  trx: Executor,
  leadId: number,
  campaignId: number,
  now: Date,
  duplicate: boolean,
): Promise<number> {
  const { rows } = await sql<{ destination_id: number }>`
    INSERT INTO deliveries (lead_id, destination_id, state, next_attempt_at, created_at, updated_at)
    SELECT ${leadId}, t.id, 'pending', ${now}, ${now}, ${now}
    FROM campaigns c
    JOIN clients cl ON cl.id = c.client_id
    JOIN destinations t ON t.client_id = c.client_id
    WHERE c.id = ${campaignId}
      AND t.kind = 'webhook' AND t.enabled AND t.state IN ('active', 'paused')
      AND (t.campaign_ids IS NULL OR c.id = ANY (t.campaign_ids) OR c.parent_id = ANY (t.campaign_ids))
      -- Only a campaign on one of the client's sites: who manages the client's destinations holds those.
      AND c.site_id IN (SELECT cs.site_id FROM client_sites cs WHERE cs.client_id = c.client_id)
      -- A duplicate (issue #31) only to a client that asks for duplicates too.
      AND (NOT ${duplicate} OR cl.deliver_duplicates)
    RETURNING destination_id`.execute(trx);
  return rows.length;
}

/** How many attempts one statement deletes, and the most statements one pass runs (the rest wait for the next). */
export const PRUNE_BATCH = 5_000;
export const PRUNE_MAX_BATCHES = 40;

/**
 * The attempts log does not grow forever: attempts made more than `keepDays` days before `now`
 * go, a batch per statement. Each lead's latest state per destination (`deliveries`: state,
 * attempts, last status and answer, next attempt) stays, so the lead table still shows how every
 * lead went; it goes with the lead. Answers how many attempts were deleted.
 */
export async function pruneDeliveryAttempts(db: Executor, now: Date, keepDays: number): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  let pruned = 0;
  for (let i = 0; i < PRUNE_MAX_BATCHES; i++) {
    const result = await sql`
      DELETE FROM delivery_attempts WHERE id IN (
        SELECT id FROM delivery_attempts WHERE at < ${before} ORDER BY at LIMIT ${PRUNE_BATCH})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0n);
    pruned += n;
    if (n < PRUNE_BATCH) break;
  }
  return pruned;
}
