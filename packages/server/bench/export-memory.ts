/**
 * npm run bench:export -w @lead/server: the heap the lead export (GET /campaign/leads/export)
 * costs while it streams, over real HTTP, on PGlite (or PostgreSQL with --pg), for two campaign
 * sizes. Constant memory means the peak does not grow with the number of leads.
 *
 * Run with --expose-gc (the script does). The client reads the body as it comes and keeps only
 * its length, so the server's heap is what is measured (they share one process). Two readings:
 * the peak of heapUsed (garbage included: it follows V8's collection pace), and the peak of
 * what survives a full collection every 100 ms (what the stream really holds). The times are
 * with those collections in the way.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectPGlite, connectPostgres } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';
import { seed } from '../src/seed/index.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const SIZES = [50_000, 200_000];

const dir = await mkdtemp(join(tmpdir(), 'lead-bench-export-'));
const onPostgres = process.argv.includes('--pg');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `lead_bench_export_${process.pid}`;
if (onPostgres) await adminQuery(`CREATE DATABASE ${dbName}`);
const database = onPostgres ? await connectPostgres(serverUrl.replace(/\/[^/]*$/, `/${dbName}`)) : await connectPGlite(null);
await migrate(database);
await seed(database, { demo: true, campaigns: 4, bigLeadCampaign: 0, now: new Date('2026-11-21T03:00:00Z') });
const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', SCHEDULER: '0' });
const app = await buildApp({ config, database, logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${base}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'system@lead.test', password: DEMO_PASSWORD }),
}).then((r) => r.json() as Promise<{ _data: { access_token: string } }>);
const auth = { authorization: `Bearer ${login._data.access_token}` };

/** A campaign with `n` leads shaped as the runtime stores them (answers by key, a page URL). */
async function campaignWith(n: number): Promise<number> {
  const c = await database.db.selectFrom('campaigns').select('id').where('type', '=', 0).where('total_lead', '=', 0).orderBy('id').executeTakeFirst()
    ?? (await database.db.selectFrom('campaigns').select('id').where('type', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow());
  await sql`DELETE FROM leads WHERE campaign_id = ${c.id}`.execute(database.db);
  await sql`INSERT INTO leads (campaign_id, name, email, phone, data, page_url, created_at)
    SELECT ${c.id}, 'Reader ' || i, 'reader.' || i || '@mail.test', '+84 98' || lpad(i::text, 7, '0'),
      jsonb_build_object('name', 'Reader ' || i, 'email', 'reader.' || i || '@mail.test', 'phone', '+84 98' || lpad(i::text, 7, '0')),
      'https://bacsi-online.vn/health/article-' || (i % 40) || '/', now() - make_interval(secs => i)
    FROM generate_series(1, ${n}::int) i`.execute(database.db);
  await sql`ANALYZE leads`.execute(database.db);
  return c.id;
}

async function measure(n: number, format: 'csv' | 'ndjson') {
  const id = await campaignWith(n);
  gc!();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  let retained = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 2);
  // What the stream holds on to: every 100 ms, a full collection, then the heap that survived it.
  const collector = setInterval(() => {
    gc!();
    retained = Math.max(retained, process.memoryUsage().heapUsed);
  }, 100);
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/campaign/leads/export?ids=${id}&format=${format}`, { headers: auth });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  const ms = performance.now() - started;
  clearInterval(timer);
  clearInterval(collector);
  if (res.status !== 200) throw new Error(`${n} ${format}: ${res.status}`);
  return { n, format, ms, bytes, peak: peak - baseline, retained: retained - baseline };
}

const results = [];
for (const n of SIZES) for (const format of ['csv', 'ndjson'] as const) results.push(await measure(n, format));
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
console.log(`\nLead export, ${onPostgres ? 'PostgreSQL' : 'PGlite'}\n`);
console.log('| leads | format | time | body | heap peak above baseline | after full GCs (retained) |');
console.log('|---:|---|---:|---:|---:|---:|');
for (const r of results) console.log(`| ${r.n.toLocaleString('en')} | ${r.format} | ${(r.ms / 1000).toFixed(2)} s | ${mib(r.bytes)} | ${mib(r.peak)} | ${mib(r.retained)} |`);
await app.close();
await database.close();
if (onPostgres) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await rm(dir, { recursive: true, force: true });

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(text);
  await client.end();
}
