/** Prints EXPLAIN ANALYZE of the SQL behind one list query, on the database at DATABASE_URL. */
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { DB } from '../src/db/types.js';
import { listCampaigns } from '../src/repositories/campaign-list.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const queries: CompiledQuery[] = [];
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log: (e) => {
    if (e.level === 'query') queries.push(e.query);
  },
});
const filter = JSON.parse(process.argv[2] ?? '{}');
await listCampaigns(
  db,
  {
    scopeSiteIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    searchBy: 'name',
    sortBy: 'updated_at',
    sortOrder: 'desc',
    page: 1,
    perPage: 20,
    ...filter,
  },
  'Asia/Ho_Chi_Minh',
);
for (const q of queries) {
  const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS off) ${q.sql}`, q.parameters as unknown[]);
  console.log(q.sql.slice(0, 160), '\n', plan.rows.map((r) => r['QUERY PLAN']).join('\n'), '\n');
}
await db.destroy();
