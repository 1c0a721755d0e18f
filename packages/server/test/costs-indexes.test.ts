/**
 * Costs flat with data (issue #44, item 7): the retention sweep, an erasure's lookup by e-mail and
 * by number, a history page, an export's count and first page and a lead's delivery attempts read
 * indexes, not whole tables. On 60,000 leads (and 30,000 attempts, 20,000 history entries) after
 * VACUUM ANALYZE, where a read without its index plans a sequential scan, each query's plan
 * (EXPLAIN (FORMAT JSON), test/hot-queries.ts) reads its index and scans none of its tables
 * whole, and an export page reads each lead's key by lead_keys_pkey; bench/costs.ts shows the
 * same plans and timings at 10k, 100k and 1M leads.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connect.js';
import { lookupOf } from '../src/repositories/personal.js';
import { freshDatabase, TEST_NOW, type TestDatabase } from './database.js';
import { hotQueries, planNodes, scans, type HotContext } from './hot-queries.js';

let fresh: TestDatabase;
let db: Database['db'];
let context: HotContext;

beforeAll(async () => {
  fresh = await freshDatabase({ variant: 'demo' });
  db = fresh.database.db;
  const campaigns = (await db.selectFrom('campaigns').select('id').orderBy('id').limit(40).execute()).map((c) => c.id);
  // Leads over the last 400 days, a tenth kept without an E.164 number, with keys and hashes as sealing leaves them.
  await sql`
    INSERT INTO leads (campaign_id, sealed, email_hash, phone_hash, digits_hash, created_at)
    SELECT (${sql.raw(`ARRAY[${campaigns.join(',')}]`)})[1 + g % ${campaigns.length}], 'v1.test',
      encode(sha256(('e' || g)::bytea), 'hex'),
      CASE WHEN g % 10 <> 3 THEN encode(sha256(('p' || g)::bytea), 'hex') END,
      CASE WHEN g % 10 = 3 THEN encode(sha256(('d' || g)::bytea), 'hex') END,
      ${TEST_NOW}::timestamptz - make_interval(days => g % 400, secs => g % 86400)
    FROM generate_series(1, 60000) g`.execute(db);
  await sql`INSERT INTO lead_keys (lead_id, key) SELECT id, 'key' FROM leads WHERE id NOT IN (SELECT lead_id FROM lead_keys)`.execute(
    db,
  );
  const client = await db.selectFrom('clients').select('id').orderBy('id').executeTakeFirstOrThrow();
  const destination = await db
    .insertInto('destinations')
    .values({ client_id: client.id, name: 'Costs', kind: 'webhook', url: 'https://crm.example/hook' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO delivery_attempts (destination_id, lead_id, at, status, error, duration_ms)
    SELECT ${destination.id}::int, l.id, l.created_at, 500, 'failure', 10
    FROM leads l, generate_series(1, 5) WHERE l.id % 10 = 0`.execute(db);
  await sql`
    INSERT INTO history (user_id, site_id, icon, text, created_at)
    SELECT 1, 1 + g % 12, 'export', 'Exported', ${TEST_NOW}::timestamptz - make_interval(secs => g * 60)
    FROM generate_series(1, 20000) g`.execute(db);
  await sql`VACUUM ANALYZE leads, lead_keys, delivery_attempts, history, campaigns`.execute(db);
  const middle = await sql<{
    id: number;
  }>`SELECT id FROM history ORDER BY created_at DESC, id DESC OFFSET 10000 LIMIT 1`.execute(db);
  const attempted = await sql<{ lead_id: number }>`
    SELECT DISTINCT lead_id FROM delivery_attempts WHERE lead_id IS NOT NULL ORDER BY lead_id LIMIT 5`.execute(db);
  context = {
    now: TEST_NOW,
    lookup: await lookupOf(db),
    campaignId: campaigns[0]!,
    historyBefore: Number(middle.rows[0]!.id),
    attemptLeads: attempted.rows.map((r) => Number(r.lead_id)),
    siteIds: Array.from({ length: 12 }, (_, i) => i + 1),
  };
});
afterAll(() => fresh?.dispose());

describe('the hot reads of leads, history and attempts plan index reads', () => {
  it('reads each query through its index, with no sequential scan of its tables', async () => {
    for (const q of hotQueries(db, context)) {
      const nodes = await planNodes(db, q.query);
      const seen = `${q.label}: ${scans(nodes).join('; ')}`;
      for (const table of q.noSeqScan)
        expect(
          nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === table),
          seen,
        ).toEqual([]);
      const indexes = new Set(nodes.map((n) => n['Index Name']));
      for (const index of q.indexes) expect(indexes.has(index), seen).toBe(true);
    }
  });

  it("reads an export page's keys by lead_keys_pkey, lead by lead, never the whole table", async () => {
    const pages = hotQueries(db, context).filter((q) => q.label.endsWith('export: first page'));
    expect(pages).toHaveLength(2);
    for (const q of pages) {
      const keys = (await planNodes(db, q.query)).filter((n) => n['Relation Name'] === 'lead_keys');
      // A hash or merge join would read every key: as a Seq Scan, or an index scan with no condition.
      expect(keys.length, q.label).toBeGreaterThan(0);
      for (const n of keys)
        expect([n['Node Type'], n['Index Name'], n['Index Cond']], q.label).toEqual([
          expect.stringMatching(/^Index (Only )?Scan$/),
          'lead_keys_pkey',
          expect.stringContaining('lead_id'),
        ]);
    }
  });
});
