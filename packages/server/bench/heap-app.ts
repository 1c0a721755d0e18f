/**
 * What the heap benchmarks (bench:csv, bench:export) share: a fresh database (PGlite, or with
 * --pg a new database on the local PostgreSQL, BENCH_DATABASE_URL's server, dropped afterwards)
 * with a little demo data, the real app listening on a free port, and a signed-in system user.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectPGlite, connectPostgres } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';
import { seed } from '../src/seed/index.js';

/** `gc()`, which the scripts need for a collected baseline (they run with --expose-gc). */
export function exposedGc(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  return gc;
}

export async function startHeapApp(name: string) {
  const dir = await mkdtemp(join(tmpdir(), `lead-bench-${name}-`));
  const onPostgres = process.argv.includes('--pg');
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `lead_bench_${name}_${process.pid}`;
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  if (onPostgres) await adminQuery(`CREATE DATABASE ${dbName}`);
  const database = onPostgres
    ? await connectPostgres(serverUrl.replace(/\/[^/]*$/, `/${dbName}`))
    : await connectPGlite(null);
  await migrate(database);
  const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'test', SCHEDULER: '0' });
  await seed(database, {
    demo: true,
    campaigns: 4,
    bigLeadCampaign: 0,
    now: new Date('2026-11-21T03:00:00Z'),
    passwordHash: config.passwordHash,
  });
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'system@lead.test', password: DEMO_PASSWORD }),
  }).then((r) => r.json() as Promise<{ _data: { access_token: string } }>);
  return {
    database,
    base,
    auth: { authorization: `Bearer ${login._data.access_token}` },
    label: onPostgres ? 'PostgreSQL' : 'PGlite',
    async close() {
      await app.close();
      await database.close();
      if (onPostgres) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const mib = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MiB`;
