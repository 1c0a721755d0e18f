/**
 * npm run bench:csv -w @lead/server: the heap a 10 MiB CSV of targets costs
 * while it is checked (POST /campaign/validation) and imported
 * (POST /campaign/{id}?_target), over real HTTP, on PGlite (or PostgreSQL with --pg).
 *
 * Run with --expose-gc (the script does) so that the baseline is a collected
 * heap. Samples heapUsed every 2 ms during each request and prints the peak
 * above the baseline, as bytes and as a multiple of the file's size.
 */
import { exposedGc, mib, startHeapApp } from './heap-app.js';

const gc = exposedGc();
const { database, base, auth, label: dbLabel, close } = await startHeapApp('csv');
const campaign = await database.db
  .selectFrom('campaigns')
  .select('id')
  .where('site_id', '=', 1)
  .where('type', '=', 0)
  .orderBy('id')
  .executeTakeFirstOrThrow();
await database.db.updateTable('campaigns').set({ status: 1 }).where('id', '=', campaign.id).execute();

// A 10 MiB file of valid targets on site 1 (bacsi-online.vn), each with an exclusion.
const rows: string[] = ['type,option,target,exclude'];
let size = rows[0]!.length + 2;
for (let i = 0; size < 10 * 1024 * 1024 - 200; i++) {
  const row = `links,start_with,https://bacsi-online.vn/health/article-${i}/,exact_match:https://bacsi-online.vn/health/article-${i}/comments/`;
  rows.push(row);
  size += row.length + 2;
}
const csv = Buffer.from(rows.join('\r\n'));

async function measure(label: string, url: string, fields: Record<string, string> | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields ?? {})) form.append(k, v);
  form.append('csv', new Blob([csv], { type: 'text/csv' }), 'targets.csv');
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 2);
  const started = performance.now();
  const res = await fetch(url, fields ? { method: 'POST', headers: auth, body: form } : { headers: auth });
  const ms = performance.now() - started;
  clearInterval(timer);
  const body = (await res.json()) as { _messages: string[] };
  if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { label, rows: rows.length - 1, status: res.status, ms, peak: peak - baseline };
}

const results = [
  await measure('check (validation)', `${base}/api/admin/campaign/validation`, { site_id: '1' }),
  await measure('import (?_target), answering the detail', `${base}/api/admin/campaign/${campaign.id}?_target=1`, {}),
  // What the import's answer alone costs: the detail carries every target (api.md).
  await measure('the detail alone (GET /campaign/{id})', `${base}/api/admin/campaign/${campaign.id}`, null),
];
// The client (fetch, FormData) shares this heap: its copy of the body is part of the baseline.
console.log(`\nCSV of ${mib(csv.length)}, ${rows.length - 1} targets, ${dbLabel}\n`);
console.log('| request | status | time | heap peak above baseline | × file size |');
console.log('|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.label} | ${r.status} | ${(r.ms / 1000).toFixed(1)} s | ${mib(r.peak)} | ${(r.peak / csv.length).toFixed(2)} |`,
  );
await close();
