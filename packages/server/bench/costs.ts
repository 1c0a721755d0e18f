/**
 * npm run bench:costs -w @lead/server: what the sweep, an erasure lookup, a history page, an
 * export's first byte and a lead's attempts cost at 10k, 100k and 1M leads (issue #44, item 7).
 *
 *   --sizes=10000,100000,1000000   --runs=15   --campaigns=500   --pglite=100000 (0: skip)   --only=postgres|pglite
 *
 * PostgreSQL (BENCH_DATABASE_URL, else 127.0.0.1): a database of its own per size, seeded in SQL
 * (bench/costs-seed.ts), dropped afterwards. Prints per operation the p50 in ms at each size and
 * the plan's reads (EXPLAIN, test/hot-queries.ts). PGlite: `--pglite` leads in a temporary
 * directory; the Leads page export of all of them is read over HTTP by a slow reader while an
 * admin asks for the campaign list every 50 ms: the admin's p50 and p95, and the export's time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { connectPGlite, connectPostgres, type Database } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { forgetAnswers, sweepRetention } from '../src/repositories/retention.js';
import { lookupOf } from '../src/repositories/personal.js';
import { hotQueries, planNodes, scans } from '../test/hot-queries.js';
import { seedCosts } from './costs-seed.js';
import { signedInServer } from './signed-in.js';
import { scratchDatabase } from './scratch-database.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    runs: { type: 'string', default: '15' },
    campaigns: { type: 'string', default: '500' },
    pglite: { type: 'string', default: '100000' },
    only: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const NOW = new Date('2026-11-21T03:00:00Z');
const TZ = 'Asia/Ho_Chi_Minh';
const log = (s: string) => console.error(`  ${s}`);
const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function timeIt(fn: () => Promise<unknown>, runs = RUNS): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return p(
    times.sort((a, b) => a - b),
    0.5,
  );
}

async function serve(database: Database) {
  const { app, address, authorization } = await signedInServer(database, NOW, TZ);
  const headers = { authorization, 'content-type': 'application/json' };
  const get = async (path: string) => {
    const res = await fetch(`${address}${path}`, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString()}`);
    return body;
  };
  /** Time to the first byte of the body, then the rest is dropped. */
  const firstByte = async (path: string) => {
    const res = await fetch(`${address}${path}`, { headers });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
  };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${address}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    return JSON.parse(text) as { _data: Record<string, unknown> };
  };
  return { app, address, headers, get, firstByte, post };
}

type Row = { label: string; ms: number; note: string; plan: string };

async function postgresAt(leads: number): Promise<Row[]> {
  const scratch = await scratchDatabase(`lead_costs_${leads}_${process.pid}`);
  const database = await connectPostgres(scratch.url);
  try {
    await migrate(database);
    const t0 = Date.now();
    const seed = await seedCosts(database, { leads, campaigns: Number(values.campaigns), now: NOW }, (s) =>
      log(`[${leads}] ${s} (${((Date.now() - t0) / 1000).toFixed(1)} s)`),
    );
    const db = database.db;
    const { app, get, firstByte, post } = await serve(database);
    const history = await sql<{ id: number; n: number }>`
      SELECT id, (SELECT count(*)::int FROM history) AS n FROM history ORDER BY created_at DESC, id DESC
      OFFSET (SELECT count(*) / 2 FROM history) LIMIT 1`.execute(db);
    const deep = history.rows[0]!;
    const attemptLeads = (
      await sql<{
        lead_id: number;
      }>`SELECT DISTINCT lead_id FROM delivery_attempts WHERE lead_id IS NOT NULL ORDER BY lead_id DESC LIMIT 5`.execute(
        db,
      )
    ).rows.map((r) => Number(r.lead_id));
    const plans = new Map<string, string>();
    const context = {
      now: NOW,
      lookup: await lookupOf(db),
      campaignId: seed.bigCampaign,
      historyBefore: deep.id,
      attemptLeads,
      siteIds: Array.from({ length: 12 }, (_, i) => i + 1),
    };
    for (const q of hotQueries(db, context)) plans.set(q.label, scans(await planNodes(db, q.query)).join('; '));
    const rows: Row[] = [];
    const add = (label: string, ms: number, note = '', plan = '') => rows.push({ label, ms, note, plan });
    add(
      'retention sweep, nothing due',
      await timeIt(() => sweepRetention(db, NOW, 24)),
      '',
      plans.get('retention sweep (a batch)')!,
    );
    const erasure = (body: object) => post('/api/admin/leads/erasure', { ...body, dry_run: true });
    const byEmail = await erasure({ email: seed.email });
    add(
      'erasure lookup by e-mail (dry run)',
      await timeIt(() => erasure({ email: seed.email })),
      `${byEmail._data.leads} found`,
      plans.get('erasure lookup by e-mail')!,
    );
    const byPhone = await erasure({ phone: seed.phone });
    add(
      'erasure lookup by phone (dry run)',
      await timeIt(() => erasure({ phone: seed.phone })),
      `${byPhone._data.leads} found`,
      plans.get('erasure lookup by phone')!,
    );
    add('history: first page', await timeIt(() => get('/api/admin/history')), `${deep.n} entries`);
    add(
      'history: a page half-way, keyset (?before=)',
      await timeIt(() => get(`/api/admin/history?before=${deep.id}`)),
      '',
      plans.get('history page (keyset, before an entry)')!,
    );
    add(
      'history: the same page by number (?page=, OFFSET)',
      await timeIt(() => get(`/api/admin/history?page=${Math.floor(deep.n / 2 / 20)}`)),
    );
    const big = Number(
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM leads WHERE campaign_id = ${seed.bigCampaign}`.execute(
          db,
        )
      ).rows[0]!.n,
    );
    add(
      'campaign export: first byte',
      await timeIt(() => firstByte(`/api/admin/campaign/leads/export?ids=${seed.bigCampaign}`)),
      `${big} leads`,
      `${plans.get('campaign export: count (before the first byte)')} | ${plans.get('campaign export: first page')}`,
    );
    add(
      'Leads page export (every lead): first byte',
      await timeIt(() => firstByte('/api/admin/leads/export')),
      `${leads} leads`,
      `${plans.get('Leads page export: count (before the first byte)')} | ${plans.get('Leads page export: first page')}`,
    );
    add(
      "a lead's attempts",
      await timeIt(
        () =>
          sql`SELECT id, at, status, error FROM delivery_attempts WHERE lead_id = ${attemptLeads[0]!} ORDER BY id`.execute(
            db,
          ),
        RUNS * 4,
      ),
      '',
      plans.get("a lead's delivery attempts")!,
    );
    add(
      "erased leads' attempts cleared (5 leads)",
      await timeIt(() => forgetAnswers(db, attemptLeads)),
      '',
      plans.get("erased leads' attempts cleared")!,
    );
    const later = new Date(NOW.getTime() + 40 * 86_400_000);
    const t = performance.now();
    const swept = await sweepRetention(db, later, 24);
    add(
      'retention sweep, 40 days later (erases)',
      performance.now() - t,
      `${swept.erased} erased in ${Math.ceil(swept.erased / 500) || 1} batches`,
    );
    await app.close();
    return rows;
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/** The admin's campaign list every 50 ms while a slow reader downloads the export of every lead (PGlite). */
async function pgliteExport(leads: number) {
  const dir = await mkdtemp(join(tmpdir(), 'lead-costs-'));
  const database = await connectPGlite(dir);
  try {
    await migrate(database);
    const t0 = Date.now();
    await seedCosts(database, { leads, campaigns: Number(values.campaigns), now: NOW }, (s) =>
      log(`[pglite ${leads}] ${s} (${((Date.now() - t0) / 1000).toFixed(1)} s)`),
    );
    const { app, get, address, headers } = await serve(database);
    const alone: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await get('/api/admin/campaign');
      alone.push(performance.now() - t);
    }
    const during: number[] = [];
    let done = false;
    const started = performance.now();
    const exporting = (async () => {
      const res = await fetch(`${address}/api/admin/leads/export`, { headers });
      let bytes = 0;
      for await (const chunk of res.body!) {
        bytes += (chunk as Uint8Array).length;
        // A reader slower than loopback: a browser writing the file.
        await sleep(1);
      }
      done = true;
      return { bytes, ms: performance.now() - started };
    })();
    while (!done) {
      const t = performance.now();
      await get('/api/admin/campaign');
      during.push(performance.now() - t);
      await sleep(50);
    }
    const file = await exporting;
    await app.close();
    alone.sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    return { alone, during, file };
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const sizes = values.sizes!.split(',').map(Number);
if (values.only !== 'pglite') {
  const results = new Map<number, Row[]>();
  for (const size of sizes) results.set(size, await postgresAt(size));
  const first = results.get(sizes[0]!)!;
  console.log(`\n### PostgreSQL: p50 ms (${RUNS} runs after one warm-up)\n`);
  console.log(
    `| operation | ${sizes.map((s) => `${s.toLocaleString('en')} leads`).join(' | ')} | plan at the largest size (EXPLAIN) |`,
  );
  console.log(`|---|${sizes.map(() => '---:').join('|')}|---|`);
  for (const [i, row] of first.entries()) {
    const cells = sizes.map((s) => {
      const r = results.get(s)![i]!;
      return `${r.ms.toFixed(1)}${r.note ? ` (${r.note})` : ''}`;
    });
    console.log(`| ${row.label} | ${cells.join(' | ')} | ${results.get(sizes.at(-1)!)![i]!.plan} |`);
  }
}
if (values.only !== 'postgres' && Number(values.pglite) > 0) {
  const { alone, during, file } = await pgliteExport(Number(values.pglite));
  console.log(
    `\n### PGlite: the campaign list while ${Number(values.pglite).toLocaleString('en')} leads are exported\n`,
  );
  console.log('| admin request | requests | p50 ms | p95 ms |');
  console.log('|---|---:|---:|---:|');
  console.log(`| alone | ${alone.length} | ${p(alone, 0.5).toFixed(1)} | ${p(alone, 0.95).toFixed(1)} |`);
  console.log(
    `| during the export (${(file.bytes / 1048576).toFixed(1)} MiB in ${(file.ms / 1000).toFixed(1)} s) | ${during.length} | ${p(during, 0.5).toFixed(1)} | ${p(during, 0.95).toFixed(1)} |`,
  );
}
