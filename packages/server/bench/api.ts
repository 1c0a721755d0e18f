/**
 * npm run bench:api: the list and detail endpoints at scale, over real HTTP.
 *
 *   --db=postgres|pglite|both (both)   --campaigns=100000   --leads (20 per campaign)   --runs=40   --warmup=20
 *   --clients=20 --seconds=5: the concurrent run of the default list page
 *   --keep: keep the seeded PostgreSQL database (lead_bench_keep); --reuse: measure it again without seeding
 *
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL's server (default the
 * local one), dropped afterwards. PGlite: a fresh data directory in /tmp.
 * Prints one table per database: p50 and p95 in milliseconds per query, one
 * client at a time, then the default list page under `--clients` concurrent
 * clients: requests per second, p50 and p95.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { signedInServer } from './signed-in.js';
import { connectPGlite, connectPostgres, type Database } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { seedScale } from './seed-scale.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    campaigns: { type: 'string', default: '100000' },
    leads: { type: 'string' },
    runs: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '20' },
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});
const CAMPAIGNS = Number(values.campaigns);
const LEADS = values.leads === undefined ? CAMPAIGNS * 20 : Number(values.leads);
const NOW = new Date('2026-11-21T03:00:00Z');
const TZ = 'Asia/Ho_Chi_Minh';

async function open(kind: 'postgres' | 'pglite'): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'lead-bench-'));
    const database = await connectPGlite(dir);
    return { database, dispose: async () => (await database.close(), await rm(dir, { recursive: true, force: true })) };
  }
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const keep = values.keep || values.reuse;
  const name = keep ? 'lead_bench_keep' : `lead_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  if (!values.reuse) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await connectPostgres(url.toString());
  return {
    database,
    dispose: async () => {
      await database.close();
      if (keep) return;
      const a = new pg.Client({ connectionString: server });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * `--clients` clients, each sending its next request when its last is answered, for `--seconds`:
 * in a worker thread, so that the clients' own work runs beside the server, not in its event loop.
 */
const HAMMER = `
const { workerData, parentPort } = require('node:worker_threads');
const { url, headers, clients, seconds } = workerData;
const times = [];
let errors = 0;
const started = performance.now();
const end = started + seconds * 1000;
Promise.all(Array.from({ length: clients }, async () => {
  while (performance.now() < end) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status === 200) times.push(performance.now() - t);
    else errors++;
  }
})).then(() => parentPort.postMessage({ times, errors, elapsed: (performance.now() - started) / 1000 }));
`;

async function hammer(url: string, headers: Record<string, string>) {
  const workerData = { url, headers, clients: Number(values.clients), seconds: Number(values.seconds) };
  const { times, errors, elapsed } = await new Promise<{ times: number[]; errors: number; elapsed: number }>(
    (resolve, reject) => {
      const worker = new Worker(HAMMER, { eval: true, workerData });
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  times.sort((a, b) => a - b);
  return {
    requests: times.length + errors,
    rps: (times.length + errors) / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors,
  };
}

async function run(kind: 'postgres' | 'pglite') {
  const started = Date.now();
  const { database, dispose } = await open(kind);
  try {
    await migrate(database);
    const t0 = Date.now();
    if (!(values.reuse && kind === 'postgres'))
      await seedScale(database, { campaigns: CAMPAIGNS, leads: LEADS, now: NOW, timeZone: TZ }, (step) =>
        console.error(`  [${kind}] ${step} (${((Date.now() - t0) / 1000).toFixed(1)} s)`),
      );
    const { app, address, authorization } = await signedInServer(database, NOW, TZ);
    const headers = { authorization };
    const clients = await database.db
      .selectFrom('client_sites')
      .select('client_id')
      .where('site_id', '=', 3)
      .orderBy('client_id')
      .limit(2)
      .execute();
    const top = await database.db
      .selectFrom('campaigns')
      .select(['id', 'total_lead'])
      .orderBy('total_lead', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const total = Number(
      (
        await database.db
          .selectFrom('campaigns')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('type', '<>', 2)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const queries: Array<[string, string]> = [
      ['list: default page', '/api/admin/campaign'],
      ['list: keyword in name', '/api/admin/campaign?keyword=heart'],
      ['list: keyword in link', '/api/admin/campaign?keyword=%2Fnutrition%2F1234&search_by=link'],
      ['list: status filter', '/api/admin/campaign?status=3,-1'],
      [
        'list: site+client sidebar',
        `/api/admin/campaign?site_id_with_clients[3]=${clients.map((c) => c.client_id).join(',')}&site_id_with_clients[5]=`,
      ],
      [
        'list: created date range',
        '/api/admin/campaign?from_created_at=2026-06-01%2000:00:00&to_created_at=2026-08-31%2023:59:59',
      ],
      [
        'list: performance range 30 days',
        '/api/admin/campaign?from_performance_date=2026-10-22%2000:00:00&to_performance_date=2026-11-20%2023:59:59',
      ],
      ['list: sort by leads', '/api/admin/campaign?sort_by=total_lead'],
      ['list: sort by conversion rate', '/api/admin/campaign?sort_by=conversion_rate&sort_order=asc'],
      ['list: last page', `/api/admin/campaign?page=${Math.ceil(total / 20)}`],
      [`detail: most leads (${Number(top.total_lead).toLocaleString('en')})`, `/api/admin/campaign/${top.id}`],
    ];
    const rows: Array<[string, number, number, string]> = [];
    const target = kind === 'postgres' ? 50 : 250;
    for (const [label, path] of queries) {
      const times: number[] = [];
      const warmup = Number(values.warmup);
      for (let i = 0; i < warmup + Number(values.runs); i++) {
        const t = performance.now();
        const res = await fetch(`${address}${path}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        if (i >= warmup) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      rows.push([label, percentile(times, 50), p95, p95 <= target ? 'yes' : 'NO']);
    }
    const concurrent = await hammer(`${address}/api/admin/campaign`, headers);
    await app.close();
    console.log(
      `\n### ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${CAMPAIGNS} campaigns, ${LEADS} leads, ${
        (
          await database.db
            .selectFrom('campaign_daily_stats')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n
      } daily rows (seed ${((Date.now() - started) / 1000).toFixed(0)} s in all)\n`,
    );
    console.log(`| query | p50 ms | p95 ms | p95 ≤ ${target} ms |`);
    console.log('|---|---:|---:|:---:|');
    for (const [label, p50, p95, okay] of rows)
      console.log(`| ${label} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${okay} |`);
    console.log(
      `\n| list: default page, ${values.clients} clients for ${values.seconds} s | requests/s | p50 ms | p95 ms | errors |`,
    );
    console.log('|---|---:|---:|---:|---:|');
    console.log(
      `| ${concurrent.requests} requests | ${concurrent.rps.toFixed(0)} | ${concurrent.p50.toFixed(1)} | ${concurrent.p95.toFixed(1)} | ${concurrent.errors} |`,
    );
  } finally {
    await dispose();
  }
}

for (const kind of values.db === 'both' ? (['postgres', 'pglite'] as const) : [values.db as 'postgres' | 'pglite'])
  await run(kind);
