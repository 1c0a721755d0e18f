/**
 * npm run bench:partners -w @lead/admin (issue #32): what the embed costs each kind of partner page
 * (e2e/partner-kinds.ts), measured side by side with the same page without the loader's tag, in
 * Debian's Chromium against the real server (the e2e setup: a fresh PGlite database with the demo
 * data). For each kind, with and without the embed, RUNS page views (default 3, the median kept):
 * - bytes from the Lead server before the pop-up's trigger fires (loader.js and the campaigns,
 *   as transferred, compressed), and those of the pop-up itself (popup.js);
 * - main-thread time (Chromium's TaskDuration and ScriptDuration over the page view, to 1 s after
 *   the pop-up showed);
 * - layout shift (CLS, the sum of layout-shift entries without recent input) and long tasks.
 */
import { launchBrowser } from '@lead/testing';
import type { Page } from 'playwright-core';
import { setup, teardown } from '../e2e/global-setup.js';
import { apiLogin, apiCall } from './partners-api.js';
import { serveKinds } from '../e2e/partner-kinds.js';

const SITE = { id: 12, host: 'healthgroup.global' };
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const KINDS = ['wp', 'spa', 'csp', 'gtm', 'hostile', 'twice', 'mobile'] as const;
const RUNS = Number(process.env.RUNS ?? 3);

interface Measure {
  before: number;
  popup: number;
  task: number;
  script: number;
  cls: number;
  longTasks: number;
}

async function measure(page: Page, url: string, code: string | null, lead: string): Promise<Measure> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  const urls = new Map<string, string>();
  const sizes: Array<{ url: string; bytes: number }> = [];
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) =>
    sizes.push({ url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength }),
  );
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number; longTasks: number };
    w.cls = 0;
    w.longTasks = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!e.hadRecentInput) w.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => (w.longTasks += list.getEntries().length)).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  await page.goto(url, { waitUntil: 'load' });
  if (code) await page.locator(`[data-lead-popup="${code}"]`).waitFor({ state: 'attached', timeout: 60_000 });
  else await page.waitForTimeout(3500);
  await page.waitForTimeout(1000);
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const page2 = await page.evaluate(() => {
    const w = window as unknown as { cls: number; longTasks: number };
    return { cls: w.cls, longTasks: w.longTasks };
  });
  const fromLead = sizes.filter((s) => s.url.startsWith(lead));
  return {
    before: fromLead
      .filter((s) => !s.url.includes('/popup.js') && !s.url.includes('/api/public/events'))
      .reduce((a, s) => a + s.bytes, 0),
    popup: fromLead.filter((s) => s.url.includes('/popup.js')).reduce((a, s) => a + s.bytes, 0),
    task: (metrics.TaskDuration ?? 0) * 1000,
    script: (metrics.ScriptDuration ?? 0) * 1000,
    cls: page2.cls,
    longTasks: page2.longTasks,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const provided = new Map<string, string>();
  await setup({ provide: (key: string, value: string) => provided.set(key, value) } as never);
  const baseUrl = provided.get('baseUrl')!;
  const lead = `http://localhost:${new URL(baseUrl).port}`;
  const kinds = await serveKinds(lead, SITE.id, SITE.host);
  const browser = await launchBrowser({
    args: [`--host-resolver-rules=MAP ${SITE.host} 127.0.0.1, MAP localhost 127.0.0.1`],
  });
  try {
    const token = await apiLogin(baseUrl);
    const rows: string[] = [];
    for (const kind of KINDS) {
      const path = kind === 'spa' ? '/spa/t/bench-spa/heart/' : `/${kind}/bench/`;
      const code = await apiCall(baseUrl, token, SITE, path, kind === 'spa' ? 'bench-spa' : null);
      const runs = { with: [] as Measure[], without: [] as Measure[] };
      for (let i = 0; i < RUNS; i++) {
        for (const embed of [true, false]) {
          const mobile = kind === 'mobile';
          const context = await browser.newContext({
            viewport: mobile ? { width: 360, height: 800 } : { width: 1280, height: 800 },
            userAgent: AGENT,
            hasTouch: mobile,
          });
          const page = await context.newPage();
          runs[embed ? 'with' : 'without'].push(
            await measure(page, `${kinds.origin}${path}${embed ? '' : '?embed=0'}`, embed ? code : null, lead),
          );
          await context.close();
        }
      }
      const m = (side: Measure[], key: keyof Measure) => median(side.map((r) => r[key]));
      rows.push(
        `| ${kind} | ${(m(runs.with, 'before') / 1024).toFixed(2)} KB | ${(m(runs.with, 'popup') / 1024).toFixed(2)} KB | ` +
          `${m(runs.without, 'task').toFixed(0)} → ${m(runs.with, 'task').toFixed(0)} ms | ${m(runs.without, 'script').toFixed(0)} → ${m(runs.with, 'script').toFixed(0)} ms | ` +
          `${m(runs.without, 'cls').toFixed(3)} → ${m(runs.with, 'cls').toFixed(3)} | ${m(runs.without, 'longTasks')} → ${m(runs.with, 'longTasks')} |`,
      );
      console.warn(rows[rows.length - 1]);
    }
    console.log(
      '| page | Lead bytes before the trigger | pop-up (popup.js) | main thread, tasks (without → with) | script | CLS | long tasks |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
  } finally {
    await browser.close();
    await kinds.close();
    await teardown();
  }
}

await main();
