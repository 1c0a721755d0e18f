/**
 * The delivery tables' hot queries read an index (migration 0016), as the planner chooses them
 * on a few thousand rows after ANALYZE: a lead's attempts (erasure and retention clear what
 * receivers answered about it), and a destination's due deliveries (the worker's claim).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connect.js';
import { claimDueDeliveries } from '../src/repositories/deliveries.js';
import { freshDatabase, type TestDatabase } from './database.js';

let fresh: TestDatabase;
let db: Database['db'];
let leads: number[] = [];
let destinations: number[] = [];
const NOW = new Date('2026-11-24T09:00:00Z');

beforeAll(async () => {
  fresh = await freshDatabase({ variant: 'demo' });
  db = fresh.database.db;
  const client = await db.selectFrom('clients').select('id').orderBy('id').executeTakeFirstOrThrow();
  destinations = (
    await db
      .insertInto('destinations')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          client_id: client.id,
          name: `Index ${i}`,
          kind: 'webhook' as const,
          url: 'https://crm.example/hook',
        })),
      )
      .returning('id')
      .execute()
  ).map((r) => r.id);
  leads = (await db.selectFrom('leads').select('id').orderBy('id').limit(1000).execute()).map((r) => Number(r.id));
  expect(leads).toHaveLength(1000);
  // Five attempts per lead (5,000); a backlog of 1,000 due deliveries at the first destination, and
  // three due ones (with some delivered) at each of the others.
  await sql`
    INSERT INTO delivery_attempts (destination_id, lead_id, at, status, error, duration_ms)
    SELECT ${destinations[0]!}::int, l, ${NOW}::timestamptz - make_interval(mins => n), 500, 'failure', 10
    FROM unnest(${sql.raw(`ARRAY[${leads.join(',')}]::bigint[]`)}) AS l, generate_series(1, 5) AS n`.execute(db);
  await sql`
    INSERT INTO deliveries (lead_id, destination_id, state, next_attempt_at)
    SELECT l, ${destinations[0]!}::int, 'retrying', ${NOW}::timestamptz - make_interval(secs => i)
    FROM unnest(${sql.raw(`ARRAY[${leads.join(',')}]::bigint[]`)}) WITH ORDINALITY AS u(l, i)`.execute(db);
  await sql`
    INSERT INTO deliveries (lead_id, destination_id, state, next_attempt_at)
    SELECT l, d, CASE WHEN i <= 3 THEN 'retrying' ELSE 'delivered' END, CASE WHEN i <= 3 THEN ${NOW}::timestamptz - make_interval(secs => i) END
    FROM unnest(${sql.raw(`ARRAY[${destinations.slice(1).join(',')}]`)}::int[]) AS d,
      unnest(${sql.raw(`ARRAY[${leads.slice(0, 10).join(',')}]::bigint[]`)}) WITH ORDINALITY AS u(l, i)`.execute(db);
  await sql`ANALYZE delivery_attempts`.execute(db);
  await sql`ANALYZE deliveries`.execute(db);
});
afterAll(() => fresh?.dispose());

/** The plan of `query` as text (EXPLAIN, no run). */
async function plan(query: ReturnType<typeof sql>): Promise<string> {
  const { rows } = await sql<Record<string, string>>`EXPLAIN ${query}`.execute(db);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('the delivery tables read by index', () => {
  it("finds a lead's attempts by delivery_attempts_lead_idx, not by reading the log", async () => {
    const one = leads[500]!;
    expect(await plan(sql`SELECT id, error FROM delivery_attempts WHERE lead_id = ${one}`)).toContain(
      'delivery_attempts_lead_idx',
    );
    // What erasure runs (repositories/retention.ts forgetAnswers).
    const erase = await plan(
      sql`UPDATE delivery_attempts SET error = NULL WHERE lead_id IN (${sql.join(leads.slice(0, 3))}) AND error IS NOT NULL`,
    );
    expect(erase).toContain('delivery_attempts_lead_idx');
    expect(erase).not.toMatch(/Seq Scan on delivery_attempts/);
  });

  it("claims a destination's due deliveries by deliveries_destination_due_idx", async () => {
    const claim = await plan(sql`
      SELECT d.lead_id FROM deliveries d
      WHERE d.destination_id = ${destinations[3]!} AND d.state IN ('pending', 'retrying') AND d.next_attempt_at <= ${NOW}
      ORDER BY d.next_attempt_at LIMIT 8`);
    // (By the due index alone it would read the first destination's backlog to find three rows.)
    expect(claim).toContain('deliveries_destination_due_idx');
    // And the claim itself takes at most perDestination of each destination.
    const claimed = await claimDueDeliveries(db, {
      now: NOW,
      leaseUntil: new Date(NOW.getTime() + 30_000),
      limit: 64,
      perDestination: 2,
    });
    const per = new Map<number, number>();
    for (const c of claimed) per.set(c.destination_id, (per.get(c.destination_id) ?? 0) + 1);
    expect([...per.values()]).toEqual(destinations.map(() => 2));
  });
});
