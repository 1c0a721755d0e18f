/**
 * npm run bench:breakdowns -w @lead/server: the breakdown route at a year of a partner network, over
 * real HTTP, on PostgreSQL.
 *
 *   --campaigns=300 --days=365 --impressions=50000000 --leads-rate=0.03 --runs=40 --warmup=10 --keep
 *
 * A fresh database (`lead_bench_breakdowns`) on BENCH_DATABASE_URL's server (default the local
 * one), migrated, with the demo's accounts and `--campaigns` campaigns (seed-scale.ts, no leads),
 * then the rollup filled directly with generate_series, as a year of events would have left it:
 * `--impressions` impressions and about `--leads-rate` of them leads over `--days` days, shared
 * between the campaigns by a Zipf law (the first is the biggest), each campaign-day split over 3
 * devices, 15 sources, 40 referrers and 10 to 500 articles (by its traffic), each split
 * harmonically (the first value the most). Prints p50 and p95 of the route (its first 100 rows
 * by leads, and the other row) per dimension for the biggest and a middle campaign, over the whole
 * year and over 30 days, and the rows answered ("100 + 19,900": the rows, and the values the other
 * row folds). Dropped afterwards unless `--keep`.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { signedInServer } from './signed-in.js';
import { connectPostgres } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { seedScale } from './seed-scale.js';

const { values } = parseArgs({
  options: {
    campaigns: { type: 'string', default: '300' },
    days: { type: 'string', default: '365' },
    impressions: { type: 'string', default: '50000000' },
    'leads-rate': { type: 'string', default: '0.03' },
    runs: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
});
const CAMPAIGNS = Number(values.campaigns);
const DAYS = Number(values.days);
const NOW = new Date('2026-11-21T03:00:00Z');
const TZ = 'Asia/Ho_Chi_Minh';
const LAST_DAY = '2026-11-20';
const TARGET_MS = 300;

const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'lead_bench_breakdowns';
const admin = async (query: string) => {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  await c.query(query);
  await c.end();
};
await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${NAME}`);
const url = new URL(server);
url.pathname = `/${NAME}`;
const database = await connectPostgres(url.toString());
const db = database.db;
const t0 = Date.now();
const log = (step: string) => console.error(`  ${step} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  await migrate(database);
  await seedScale(database, { campaigns: CAMPAIGNS, leads: 0, now: NOW, timeZone: TZ }, log);
  // Each campaign's share of the network's traffic (Zipf, s = 0.8) and its impressions per day.
  await sql`CREATE TABLE bench_weights AS
    WITH ranked AS (SELECT id, row_number() OVER (ORDER BY id) AS r FROM campaigns WHERE type <> 2 ORDER BY id LIMIT ${CAMPAIGNS}),
    w AS (SELECT id, r, 1 / power(r, 0.8) AS w FROM ranked)
    SELECT id, r, greatest(1, round(${Number(values.impressions)}::float8 / ${DAYS} * w / sum(w) OVER ()))::int AS daily FROM w`.execute(
    db,
  );
  await sql`CREATE TABLE bench_dims AS
    SELECT b.id, b.daily, d.dimension,
      CASE d.dimension WHEN 2 THEN least(500, greatest(10, b.daily / 10)) WHEN 1 THEN 3 WHEN 3 THEN 15 ELSE 40 END AS k
    FROM bench_weights b CROSS JOIN (VALUES (1::smallint), (2::smallint), (3::smallint), (4::smallint)) d(dimension)`.execute(
    db,
  );
  // Only the rows below (the seed's own demo rows go).
  await sql`TRUNCATE campaign_breakdown_daily`.execute(db);
  // Faster without the key while filling; put back (and the visibility map made) before measuring.
  await sql`ALTER TABLE campaign_breakdown_daily DROP CONSTRAINT campaign_breakdown_daily_pkey`.execute(db);
  const rate = Math.round(Number(values['leads-rate']) * 1000);
  await sql`
    INSERT INTO campaign_breakdown_daily (campaign_id, dimension, day, value, impressions, leads, duplicates, credited, accepted)
    SELECT x.id, x.dimension, x.day, x.value, x.impressions, x.leads, x.leads / 10, x.leads / 20, x.leads * 6 / 10
    FROM (
      SELECT d.id, d.dimension, day::date AS day,
        CASE d.dimension
          WHEN 1 THEN (ARRAY['mobile', 'desktop', ''])[v]
          WHEN 2 THEN '/bai-viet/' || ((d.id * 13 + n * 97 + v) % 20000) || '-chuyen-muc-suc-khoe'
          WHEN 3 THEN (ARRAY['', 'google', 'facebook', 'zalo', 'tiktok', 'newsletter', 'coccoc', 'youtube', 'partner-a',
                             'partner-b', 'sms', 'email', 'bing', 'instagram', 'twitter'])[v]
          ELSE 'ref-' || v || '.example.vn'
        END AS value,
        i AS impressions, (i * ${rate} + (d.id + v + n) % 1000) / 1000 AS leads
      FROM bench_dims d
      CROSS JOIN generate_series(0, ${DAYS - 1}) n
      CROSS JOIN LATERAL (SELECT ${LAST_DAY}::date - n AS day) dd
      CROSS JOIN LATERAL generate_series(1, d.k::int) v
      CROSS JOIN LATERAL (SELECT greatest(0, round(d.daily / v::float8 / (ln(d.k) + 0.5772 + 1.0 / (2 * d.k))))::int AS i) ii
    ) x
    WHERE x.impressions > 0`.execute(db);
  log('rollup rows');
  await sql`ALTER TABLE campaign_breakdown_daily ADD PRIMARY KEY (campaign_id, dimension, day, value)`.execute(db);
  await sql`VACUUM ANALYZE campaign_breakdown_daily`.execute(db);
  log('key and vacuum');
  const size = (
    await sql<{
      rows: string;
      impressions: string;
      leads: string;
      bytes: string;
    }>`SELECT count(*) AS rows, sum(impressions) FILTER (WHERE dimension = 1) AS impressions,
        sum(leads) FILTER (WHERE dimension = 1) AS leads, pg_total_relation_size('campaign_breakdown_daily') AS bytes
      FROM campaign_breakdown_daily`.execute(db)
  ).rows[0]!;

  const { app, address, authorization } = await signedInServer(database, NOW, TZ);
  const headers = { authorization };
  const picks = await sql<{ id: number; r: string; daily: number }>`
    SELECT id, r, daily FROM bench_weights WHERE r IN (1, ${Math.ceil(CAMPAIGNS / 2)}) ORDER BY r`.execute(db);
  const month = `from=2026-10-22&to=${LAST_DAY}`;
  const rows: string[] = [];
  for (const c of picks.rows) {
    const who = `${Number(c.r) === 1 ? 'biggest' : 'middle'} campaign (${(c.daily * DAYS).toLocaleString('en')} impressions)`;
    for (const by of ['device', 'page', 'source', 'referrer', 'variant'])
      for (const [range, q] of [
        ['year', ''],
        ['30 days', `&${month}`],
      ] as const) {
        const path = `/api/admin/campaign/${c.id}/breakdown?by=${by}${q}&sort=leads`;
        const times: number[] = [];
        let count = '';
        for (let i = 0; i < Number(values.warmup) + Number(values.runs); i++) {
          const t = performance.now();
          const res = await fetch(`${address}${path}`, { headers });
          const body = (await res.json()) as { _data: { rows: unknown[]; other: { values: number } | null } };
          if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
          if (i >= Number(values.warmup)) times.push(performance.now() - t);
          const { rows: shown, other } = body._data;
          count = `${shown.length.toLocaleString('en')}${other ? ` + ${other.values.toLocaleString('en')}` : ''}`;
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 95);
        rows.push(
          `| ${who} | ${by} | ${range} | ${count} | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} | ${p95 <= TARGET_MS ? 'yes' : 'NO'} |`,
        );
      }
  }
  await app.close();
  console.log(
    `\n### PostgreSQL: ${CAMPAIGNS} campaigns, ${DAYS} days, ${Number(size.impressions).toLocaleString('en')} impressions, ` +
      `${Number(size.leads).toLocaleString('en')} leads: ${Number(size.rows).toLocaleString('en')} rollup rows, ` +
      `${(Number(size.bytes) / 2 ** 20).toFixed(0)} MiB (filled in ${((Date.now() - t0) / 1000).toFixed(0)} s)\n`,
  );
  console.log(`| campaign | by | days | rows | p50 ms | p95 ms | p95 ≤ ${TARGET_MS} ms |`);
  console.log('|---|---|---|---:|---:|---:|:---:|');
  for (const r of rows) console.log(r);
} finally {
  await database.close();
  if (!values.keep) await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
}
