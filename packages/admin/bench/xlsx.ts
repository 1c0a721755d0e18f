/**
 * npm run bench:xlsx -w @lead/admin: the lead export's XLSX (issue #12, goal: 100,000 leads in
 * under 2 s without freezing the page), measured twice.
 *
 * 1. The writer alone in Node: 100,000 lead rows of the demo's shape through `XlsxWriter` and
 *    fflate, in the batches the worker gets; time, file size and heap growth.
 * 2. The whole journey in Debian's Chromium against the real server (the e2e setup: the built
 *    admin, demo data on PGlite, whose campaign 1 has 100,000+ leads): from the click on
 *    "Download XLSX" to the browser's download, with the page's long tasks (> 50 ms) counted
 *    meanwhile: the page stays responsive when there are none of note.
 *
 * Prints a table for docs/performance.md. `--node-only` skips the browser part.
 */
import { launchBrowser } from '@lead/testing';
import { setup, teardown } from '../e2e/global-setup.js';
import { XlsxWriter, type SheetColumn } from '@lead/contract/xlsx';

const ROWS = 100_000;
const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function nodeRun(): { ms: number; bytes: number; heapMb: number } {
  const columns: SheetColumn[] = [
    { label: 'Full name', type: 'text' },
    { label: 'Email', type: 'text' },
    { label: 'Phone number', type: 'text' },
    { label: 'Gender', type: 'text' },
    { label: 'Date', type: 'date' },
    { label: 'Page URL', type: 'text' },
    { label: 'Variant', type: 'text' },
  ];
  const row = (i: number) => [
    `Reader ${i} Nguyễn`,
    `reader.${i}@mail.test`,
    `+84 98${String(i).padStart(7, '0')}`,
    i % 2 ? 'Male' : 'Female',
    `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}:00`,
    `https://bacsi-online.vn/health/article-${i % 40}/`,
    '',
  ];
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  let bytes = 0;
  const started = performance.now();
  const writer = new XlsxWriter(columns, (chunk) => {
    bytes += chunk.length;
  });
  const BATCH = 500;
  for (let i = 0; i < ROWS; i += BATCH) {
    writer.addRows(Array.from({ length: Math.min(BATCH, ROWS - i) }, (_, k) => row(i + k)));
    if (i % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  writer.finish();
  const ms = performance.now() - started;
  return { ms, bytes, heapMb: (Math.max(peak, process.memoryUsage().heapUsed) - heapBefore) / 2 ** 20 };
}

type Stages = Record<'response' | 'received' | 'written', number>;

async function browserRuns(): Promise<
  Array<{ ms: number; longTasks: number; longestMs: number; bytes: number; stages: Stages }>
> {
  const provided = new Map<string, string>();
  await setup({ provide: (key: string, value: string) => provided.set(key, value) } as never);
  const baseUrl = provided.get('baseUrl')!;
  const browser = await launchBrowser();
  try {
    const login = await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'leader@lead.test', password: 'Password123!' }),
    });
    const { _data } = (await login.json()) as { _data: { access_token: string; user: unknown } };
    const out = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(
        ([token, user]) => {
          localStorage.setItem('lead.access_token', token as string);
          localStorage.setItem('lead.user', JSON.stringify(user));
        },
        [_data.access_token, _data.user] as const,
      );
      const page = await context.newPage();
      await page.goto(`${baseUrl}/admin/#/campaign-details/1`);
      await page.getByRole('button', { name: 'Download XLSX' }).waitFor();
      await page.evaluate(() => {
        const w = window as unknown as { longTasks: number[] };
        w.longTasks = [];
        new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({
          type: 'longtask',
        });
      });
      const started = Date.now();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        page.getByRole('button', { name: 'Download XLSX' }).click(),
      ]);
      const ms = Date.now() - started;
      const path = await download.path();
      const { size } = await import('node:fs/promises').then((fs) => fs.stat(path));
      const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
      // The store's marks: from the start of the export to the response's headers, its last byte, the finished workbook.
      // (No named functions inside evaluate: tsx would wrap them in a helper the page does not have.)
      const [start, response, received, written] = await page.evaluate(() =>
        ['start', 'response', 'received', 'written'].map(
          (s) => performance.getEntriesByName(`lead-export:${s}`).at(-1)?.startTime ?? NaN,
        ),
      );
      const stages = { response: response! - start!, received: received! - start!, written: written! - start! };
      out.push({ ms, longTasks: longTasks.length, longestMs: Math.max(0, ...longTasks), bytes: size, stages });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
    await teardown();
  }
}

const nodeResults = Array.from({ length: RUNS }, nodeRun);
console.log(`\nXLSX export of ${ROWS.toLocaleString('en')} leads (median of ${RUNS} runs)\n`);
console.log('| where | time | file | notes |');
console.log('|---|---:|---:|---|');
const n = median(nodeResults.map((r) => r.ms));
console.log(
  `| writer + fflate in Node (7 columns) | ${Math.round(n)} ms | ${(nodeResults[0]!.bytes / 2 ** 20).toFixed(1)} MiB | heap growth ≤ ${Math.max(...nodeResults.map((r) => r.heapMb)).toFixed(0)} MiB |`,
);
if (!process.argv.includes('--node-only')) {
  const runs = await browserRuns();
  const b = median(runs.map((r) => r.ms));
  console.log(
    `| Chromium: click → download (server stream + worker) | ${b} ms | ${(runs[0]!.bytes / 2 ** 20).toFixed(1)} MiB | page long tasks during the export: ${runs.map((r) => r.longTasks).join('/')} (longest ${Math.round(Math.max(...runs.map((r) => r.longestMs)))} ms) |`,
  );
  const stage = (k: keyof Stages) => Math.round(median(runs.map((r) => r.stages[k])));
  console.log(
    `\nWhere the time goes (median ms after the export starts): response headers ${stage('response')}, last byte received ${stage('received')}, workbook written ${stage('written')}.`,
  );
}
