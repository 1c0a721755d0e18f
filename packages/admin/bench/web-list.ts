/**
 * The list's own measures for bench:web: what JavaScript it loads before its first row shows, and
 * how it answers sort, filter and page. Runs in the page, with the browser's own clocks:
 * Resource Timing for what was loaded and when the API answered, Event Timing for the
 * interaction to next paint (INP), a MutationObserver for when the new rows reached the DOM.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface ListMeasures {
  firstRowAt: number;
  jsBeforeFirstRow: { files: number; transferred: number; gzip: number };
  interactions: Array<{
    name: string;
    inp: { median: number; worst: number };
    rows: { median: number; worst: number };
  }>;
}

const REPEAT = 6;

/** The gzipped size (level 9, as `npm run size` counts) of the built files behind these URLs. */
export function gzippedJs(distDir: string, urls: string[]): number {
  let total = 0;
  for (const url of new Set(urls))
    total += gzipSync(readFileSync(join(distDir, new URL(url).pathname.replace(/^\/admin\//, ''))), {
      level: 9,
    }).length;
  return total;
}

/**
 * In the page before any script: when the first data row appears, and each time the table stops
 * being busy (`aria-busy` goes), which is when its new rows are on screen: the list keeps the
 * table busy until the rows it asked for are rendered.
 */
function instrument() {
  const w = window as unknown as {
    firstRowAt?: number;
    mutations: number[];
    events: Array<{ start: number; duration: number; id: number }>;
  };
  w.mutations = [];
  w.events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      if (e.interactionId) w.events.push({ start: e.startTime, duration: e.duration, id: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  let busy = false;
  new MutationObserver(() => {
    const now = performance.now();
    if (w.firstRowAt === undefined && document.querySelector('[role=grid] [role=rowheader]')) w.firstRowAt = now;
    const isBusy = document.querySelector('[data-table-container][aria-busy=true]') !== null;
    if (busy && !isBusy) w.mutations.push(now);
    busy = isBusy;
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function measureList(page: Page, baseUrl: string, distDir: string): Promise<ListMeasures> {
  // A first visit: nothing cached.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.addInitScript(instrument);
  await page.goto('about:blank');
  await page.goto(`${baseUrl}/admin/#/`);
  await page.waitForFunction(() => (window as unknown as { firstRowAt?: number }).firstRowAt !== undefined);
  const loaded = await page.evaluate(() => {
    const at = (window as unknown as { firstRowAt: number }).firstRowAt;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => /\.js(\?|$)/.test(e.name) && e.startTime <= at,
    );
    return { at, urls: scripts.map((e) => e.name), transferred: scripts.reduce((n, e) => n + e.transferSize, 0) };
  });
  const jsBeforeFirstRow = {
    files: new Set(loaded.urls).size,
    transferred: loaded.transferred,
    gzip: gzippedJs(distDir, loaded.urls),
  };
  // Let the idle-time prefetches finish, as a user who reads the first rows would.
  await page.waitForLoadState('networkidle');

  const answerAndRows = async (act: () => Promise<void>) => {
    const t0 = await page.evaluate(() => performance.now());
    await act();
    return page
      .waitForFunction(
        (since) => {
          const w = window as unknown as { mutations: number[]; events: Array<{ start: number; duration: number }> };
          const answer = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
            (e) => e.startTime >= since && /\/api\/admin\/campaign(\?|$)/.test(e.name) && e.responseEnd > 0,
          );
          if (!answer) return null;
          const rowsAt = w.mutations.find((m) => m >= answer.responseEnd);
          if (rowsAt === undefined) return null;
          const inp = Math.max(0, ...w.events.filter((e) => e.start >= since).map((e) => e.duration));
          return { inp, rows: rowsAt - answer.responseEnd };
        },
        t0,
        { timeout: 10_000 },
      )
      .then((h) => h.jsonValue() as Promise<{ inp: number; rows: number }>);
  };

  const sortHeader = page.getByRole('columnheader', { name: 'Name' });
  const sidebar = page.getByRole('complementary', { name: 'Sidebar filter' });
  const only = sidebar.getByRole('button', { name: /^Only / });
  const actions: Array<{ name: string; run: (i: number) => Promise<void> }> = [
    { name: 'Sort (Name)', run: async () => sortHeader.click() },
    {
      // To the next page and back: the list needs two pages only.
      name: 'Page (Next, Previous)',
      run: async (i) => page.getByRole('button', { name: i % 2 ? 'Previous page' : 'Next page' }).click(),
    },
    {
      // One site, then another, alone: each a new filter.
      name: 'Filter (Sites & clients: Only)',
      run: async (i) => {
        if (!(await only.first().isVisible())) await sidebar.getByRole('button', { name: /Sites & clients/ }).click();
        await only.nth(i % 2).click();
      },
    },
  ];
  const interactions = [];
  for (const action of actions) {
    const inp: number[] = [];
    const rows: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const m = await answerAndRows(() => action.run(i));
      inp.push(m.inp);
      rows.push(m.rows);
      await page.waitForTimeout(150);
    }
    await page.keyboard.press('Escape');
    interactions.push({
      name: action.name,
      inp: { median: median(inp), worst: Math.max(...inp) },
      rows: { median: median(rows), worst: Math.max(...rows) },
    });
  }
  return { firstRowAt: loaded.at, jsBeforeFirstRow, interactions };
}
