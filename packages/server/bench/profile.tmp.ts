import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { DB } from '../src/db/types.js';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/lead_bench_keep' });
const log: string[] = [];
const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (e) => { log.push(`${e.queryDurationMillis.toFixed(1)} ms ${e.query.sql.slice(0, 90)}`); } });
const database = { db, kind: 'postgres' as const, session: async () => { throw new Error('x'); }, close: async () => db.destroy() };
const app = await buildApp({ config: loadConfig({ SCHEDULER: '0', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/lead-bench-data' }), database: database as never, logger: false });
const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'system@lead.test', password: 'Password123!' } });
const token = login.json()._data.access_token;
for (const url of ['/api/admin/campaign', '/api/admin/campaign', '/api/admin/campaign?sort_by=total_lead', '/api/admin/campaign?page=5000']) {
  log.length = 0;
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  console.log(url, res.statusCode, (performance.now() - t).toFixed(1), 'ms total; body', res.body.length);
  console.log(log.join('\n'));
}
await app.close();
