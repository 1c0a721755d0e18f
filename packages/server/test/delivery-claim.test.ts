/**
 * The outbox's claim (repositories/deliveries.ts → claimDueDeliveries) on PostgreSQL, where
 * several processes claim at once: no delivery is claimed twice, and a claim passes over the rows
 * another claim holds instead of waiting for its commit (FOR UPDATE … SKIP LOCKED). Connections of
 * one pool stand for the processes: what matters is two transactions, not two programs.
 *
 * PostgreSQL only, like the other tests of several connections at once: vitest.config.ts leaves
 * this file out of the PGlite run (PGlite has one connection, so two claims cannot overlap there).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connect.js';
import { claimDueDeliveries, type ClaimedDelivery } from '../src/repositories/deliveries.js';
import { freshDatabase, type TestDatabase } from './database.js';

let fresh: TestDatabase;
let db: Database['db'];
let destination = 0;
let leadIds: number[] = [];
const NOW = new Date('2026-11-24T09:00:00Z');
const LEASE = new Date(NOW.getTime() + 30_000);

beforeAll(async () => {
  fresh = await freshDatabase({ variant: 'demo' });
  db = fresh.database.db;
  if (fresh.database.kind !== 'postgres')
    throw new Error('delivery-claim.test.ts needs DATABASE_URL (vitest.config.ts runs it only then)');
  // A webhook destination of the client of the campaign with the most leads, and its leads.
  const top = await db
    .selectFrom('leads as l')
    .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
    .select(['c.id', 'c.client_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['c.id', 'c.client_id'])
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  destination = (
    await db
      .insertInto('destinations')
      .values({
        client_id: top.client_id,
        name: 'Claims',
        kind: 'webhook',
        url: 'https://crm.example/hook',
        campaign_ids: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  leadIds = (
    await db.selectFrom('leads').select('id').where('campaign_id', '=', top.id).orderBy('id').limit(400).execute()
  ).map((r) => Number(r.id));
  expect(leadIds).toHaveLength(400);
});
afterAll(() => fresh?.dispose());

/** `n` deliveries of the destination, all due (a second apart, so that the claim's order is fixed). */
async function due(n: number): Promise<void> {
  await db.deleteFrom('deliveries').where('destination_id', '=', destination).execute();
  await db
    .insertInto('deliveries')
    .values(
      leadIds.slice(0, n).map((lead_id, i) => ({
        lead_id,
        destination_id: destination,
        state: 'pending' as const,
        next_attempt_at: new Date(NOW.getTime() - (n - i) * 1000),
      })),
    )
    .execute();
}

const key = (c: ClaimedDelivery) => `${c.lead_id}/${c.destination_id}`;

describe('claiming due deliveries from two connections at once (PostgreSQL)', () => {
  it('takes disjoint rows: the second claim passes over the rows the first holds uncommitted, without waiting for it', async () => {
    await due(20);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let first: ClaimedDelivery[] = [];
    let claimedFirst = () => {};
    const firstClaimed = new Promise<void>((resolve) => (claimedFirst = resolve));
    // The first claim's transaction stays open (its row locks held) until the test releases it.
    const a = db.transaction().execute(async (trx) => {
      first = await claimDueDeliveries(trx, { now: NOW, leaseUntil: LEASE, limit: 10 });
      claimedFirst();
      await held;
    });
    await firstClaimed;
    expect(first).toHaveLength(10);

    // The second claim, on a connection of its own, whose backend the test watches.
    let pid = 0;
    let second: ClaimedDelivery[] | null = null;
    const b = db.connection().execute(async (conn) => {
      pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(conn)).rows[0]!.pid;
      second = await claimDueDeliveries(conn, { now: NOW, leaseUntil: LEASE, limit: 10 });
    });
    // Until the second claim answers, or its backend waits for a lock (the first's rows): a claim
    // that waits is a worker stalled behind another's batch, and one that then takes the rows
    // anyway would send them twice.
    const waiting = async () => {
      if (!pid) return false;
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ${pid} AND wait_event_type = 'Lock'`.execute(db);
      return rows[0]!.n > 0;
    };
    let waited = false;
    await expect
      .poll(
        async () => {
          waited ||= await waiting();
          return second !== null || waited;
        },
        { timeout: 30_000, interval: 20 },
      )
      .toBe(true);
    release();
    await Promise.all([a, b]);

    const overlap = second!.map(key).filter((k) => first.map(key).includes(k));
    expect(overlap, 'deliveries claimed by both').toEqual([]);
    expect(waited, 'the second claim waited for the first one’s locks').toBe(false);
    expect(second).toHaveLength(10);
    // Together: every due delivery, each once.
    expect(new Set([...first, ...second!].map(key)).size).toBe(20);
  });

  it('shares 400 due deliveries among four connections claiming side by side, each delivery claimed exactly once', async () => {
    await due(400);
    const claims = new Map<string, number>();
    const worker = async () => {
      for (;;) {
        // Each claim in a transaction that also holds its rows a moment (as a batch is taken), so that claims overlap.
        const got = await db.transaction().execute(async (trx) => {
          const rows = await claimDueDeliveries(trx, { now: NOW, leaseUntil: LEASE, limit: 8 });
          await sql`SELECT count(*) FROM deliveries WHERE destination_id = ${destination}`.execute(trx);
          return rows;
        });
        if (got.length === 0) return;
        for (const c of got) claims.set(key(c), (claims.get(key(c)) ?? 0) + 1);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const twice = [...claims].filter(([, n]) => n > 1);
    expect(twice, 'deliveries claimed more than once').toEqual([]);
    expect(claims.size).toBe(400);
    // Each row's lease was set once: none is due any more.
    const left = await db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('destination_id', '=', destination)
      .where('next_attempt_at', '<=', NOW)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
