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
import { sql } from 'kysely';
import { exposedGc, mib, startHeapApp } from './heap-app.js';

const gc = exposedGc();
const SIZES = [50_000, 200_000];
const { database, base, auth, label: dbLabel, close } = await startHeapApp('export');

/** A campaign with `n` leads shaped as the runtime stores them (answers by key, a page URL). */
async function campaignWith(n: number): Promise<number> {
  const c =
    (await database.db
      .selectFrom('campaigns')
      .select('id')
      .where('type', '=', 0)
      .where('total_lead', '=', 0)
      .orderBy('id')
      .executeTakeFirst()) ??
    (await database.db
      .selectFrom('campaigns')
      .select('id')
      .where('type', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow());
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
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  let retained = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 2);
  // What the stream holds on to: every 100 ms, a full collection, then the heap that survived it.
  const collector = setInterval(() => {
    gc();
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
console.log(`\nLead export, ${dbLabel}\n`);
console.log('| leads | format | time | body | heap peak above baseline | after full GCs (retained) |');
console.log('|---:|---|---:|---:|---:|---:|');
for (const r of results)
  console.log(
    `| ${r.n.toLocaleString('en')} | ${r.format} | ${(r.ms / 1000).toFixed(2)} s | ${mib(r.bytes)} | ${mib(r.peak)} | ${mib(r.retained)} |`,
  );
await close();
