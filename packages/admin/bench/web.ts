/**
 * npm run bench:web -w @lead/admin (issue #14): how fast the admin's pages load and answer, in
 * Debian's Chromium against the real server (the e2e setup: the admin built by Vite and served
 * precompressed by the API server, on a fresh PGlite database with the demo data).
 *
 * 1. Lighthouse (desktop preset, navigation) on every route (ROUTES), the signed-out ones first,
 *    then signed in through the login form: performance score, FCP, LCP, TBT, CLS, the
 *    JavaScript the page loaded (over the wire, and gzipped as `npm run size` counts it) and
 *    the requests. Each route is run RUNS times; the run with the median score is shown.
 * 2. The list (bench/web-list.ts): the JavaScript loaded before its first row shows, and the
 *    interaction to next paint (INP) and the time from the API's answer to the new rows on sort,
 *    filter and page.
 *
 * RUNS=0 skips Lighthouse and measures the list alone (a quicker loop while working on it);
 * ROUTE=detail runs Lighthouse on the routes whose name matches only.
 * Prints the tables recorded in docs/performance.md and exits 1 when a goal is missed.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM } from '@lead/testing';
import { setup, teardown } from '../e2e/global-setup.js';
import { gzippedJs, measureList, type ListMeasures } from './web-list.js';

const RUNS = Number(process.env.RUNS ?? 3);
/** Every route of src/routes.tsx, the signed-out ones first; DEST stands for an e-mail file the bench adds to client 1. */
const ROUTES: Array<{ name: string; hash: string; signedIn: boolean }> = [
  { name: 'Login', hash: '#/login', signedIn: false },
  { name: 'Sign up', hash: '#/signup', signedIn: false },
  { name: 'Forgot password', hash: '#/reset-password-by-email', signedIn: false },
  { name: 'Reset password', hash: '#/reset-password/bench-link?email=anna%40lead.test', signedIn: false },
  { name: 'Signed out', hash: '#/signout-thankyou', signedIn: false },
  { name: 'Verdicts (dead link)', hash: '#/verdicts/no-such-file', signedIn: false },
  { name: 'Campaign list', hash: '#/', signedIn: true },
  { name: 'Campaign list (Report)', hash: '#/?view=Report', signedIn: true },
  { name: 'Campaign detail', hash: '#/campaign-details/1', signedIn: true },
  { name: 'Builder (new)', hash: '#/new-campaign?siteID=1&siteURL=bacsi-online.vn', signedIn: true },
  { name: 'Builder (edit)', hash: '#/edit-campaign/1', signedIn: true },
  { name: 'Campaign created', hash: '#/create-campaign-success?id=1&name=Campaign', signedIn: true },
  { name: 'Leads', hash: '#/leads', signedIn: true },
  { name: 'Consent record', hash: '#/leads/1/consent', signedIn: true },
  { name: 'Clients', hash: '#/clients', signedIn: true },
  { name: 'Client', hash: '#/clients/1', signedIn: true },
  { name: 'Destination', hash: '#/clients/1/destinations/DEST', signedIn: true },
  { name: 'Account settings', hash: '#/account-settings', signedIn: true },
  { name: 'Manage users', hash: '#/account-settings?section=users', signedIn: true },
  { name: 'System history', hash: '#/system-history', signedIn: true },
  { name: 'Erase a person', hash: '#/erase-person', signedIn: true },
  { name: 'Not found', hash: '#/no-such-page', signedIn: true },
];
const GOALS = {
  score: 95,
  clsMax: 0.02,
  tbtMax: 100,
  routeJsMax: 250 * 1024,
  listJsBeforeRowMax: 200 * 1024,
  inpMax: 100,
};

interface RouteResult {
  name: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsTransferred: number;
  jsGzip: number;
  requests: number;
  /** What moved, for a CLS over the goal: Lighthouse's layout-shifts audit. */
  shifts: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function lighthouseRun(port: number, url: string, distDir: string): Promise<Omit<RouteResult, 'name'>> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsTransferred: scripts.reduce((n, i) => n + (i.transferSize ?? 0), 0),
    jsGzip: gzippedJs(
      distDir,
      scripts.map((i) => i.url),
    ),
    requests: items.length,
    shifts: (
      (
        lhr.audits['layout-shifts']?.details as
          { items?: Array<{ score: number; node?: { selector?: string; snippet?: string } }> } | undefined
      )?.items ?? []
    ).map((i) => `${i.score.toFixed(3)} ${i.node?.selector ?? ''} ${i.node?.snippet?.slice(0, 120) ?? ''}`),
  };
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART), and says to run it again, or sees
 * its page load fail (an interstitial) on a loaded machine: it is run again.
 */
async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (i >= attempts || !/run Lighthouse again|interstitial/i.test(String(error))) throw error;
    }
  }
}

/**
 * An e-mail file of the demo's client 1, added through the API with the signed-in session: its id.
 * (A webhook's host must resolve, and the bench has none to offer.)
 */
async function addDestination(page: Page, baseUrl: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('lead.access_token'));
  const res = await fetch(`${baseUrl}/api/admin/clients/1/destinations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Daily file',
      enabled: true,
      kind: 'email',
      campaign_ids: null,
      format: 'xlsx',
      schedule: 'daily',
      hour: 8,
      recipients: ['crm@clinic.test'],
    }),
  });
  if (res.status !== 200) throw new Error(`add destination: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { _data: { model: { id: number } } })._data.model.id;
}

/**
 * The e2e setup starts the server without waiting for it (it may seed its demo data first; the
 * journeys wait in e2e/server-ready.ts): this waits until /health answers, 300 s at most.
 */
async function answering(baseUrl: string): Promise<void> {
  const until = Date.now() + 300_000;
  while (
    !(await fetch(`${baseUrl}/health`).then(
      (res) => res.ok,
      () => false,
    ))
  ) {
    if (Date.now() > until) throw new Error(`the server at ${baseUrl} did not answer in 300 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;
/** A route's row of the Lighthouse table. */
const row = (r: RouteResult) =>
  `| ${r.name} | ${r.score} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${r.cls.toFixed(3)} | ${kb(r.jsTransferred)} | ${kb(r.jsGzip)} | ${r.requests} |`;

async function main() {
  const provided = new Map<string, string>();
  await setup({ provide: (key: string, value: string) => provided.set(key, value) } as never);
  const baseUrl = provided.get('baseUrl')!;
  await answering(baseUrl);
  const distDir = new URL('../dist', import.meta.url).pathname;
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.setViewportSize({ width: 1350, height: 940 });

    const results: RouteResult[] = [];
    let signedIn = false;
    let destination = 0;
    for (const route of ROUTES.filter((r) => !process.env.ROUTE || new RegExp(process.env.ROUTE, 'i').test(r.name))) {
      if (route.signedIn && !signedIn) {
        signedIn = true;
        // Signed in as staff do: through the login form.
        await page.goto(`${baseUrl}/admin/#/login`);
        await page.getByLabel('Email').fill('system@lead.test');
        await page.getByLabel('Password').fill('Password123!');
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByRole('heading', { name: 'Campaign' }).waitFor();
        destination = await addDestination(page, baseUrl);
      }
      if (RUNS === 0) continue;
      const runs = [];
      const url = `${baseUrl}/admin/${route.hash.replace('DEST', String(destination))}`;
      console.warn(`Lighthouse: ${route.name} (${url})`);
      for (let i = 0; i < RUNS; i++)
        runs.push(
          await retried(() => lighthouseRun(chrome!.port, url, distDir)).catch((error: unknown) => {
            throw new Error(`${route.name}: ${String(error)}`);
          }),
        );
      runs.sort((a, b) => a.score - b.score || a.tbt - b.tbt);
      results.push({ name: route.name, ...runs[Math.floor(runs.length / 2)]! });
      // Each route's row as soon as it is measured: a run stopped half-way still shows what it saw.
      console.warn(row(results.at(-1)!));
    }

    const list: ListMeasures = await measureList(page, baseUrl, distDir);
    await browser.close();
    report(results, list);
  } finally {
    await chrome?.kill();
    await teardown();
  }
}

function report(results: RouteResult[], list: ListMeasures) {
  const missed: string[] = [];
  if (RUNS > 0) console.log(`Lighthouse ${'12'} desktop preset, median of ${RUNS} runs by score\n`);
  console.log('| Route | Score | FCP | LCP | TBT | CLS | JS transferred | JS gzip | Requests |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(row(r));
    if (r.score < GOALS.score) missed.push(`${r.name}: score ${r.score} < ${GOALS.score}`);
    if (r.cls > GOALS.clsMax)
      missed.push(`${r.name}: CLS ${r.cls.toFixed(3)} > ${GOALS.clsMax} (${r.shifts.join('; ')})`);
    if (r.tbt > GOALS.tbtMax) missed.push(`${r.name}: TBT ${ms(r.tbt)} > ${GOALS.tbtMax} ms`);
    if (r.jsGzip > GOALS.routeJsMax) missed.push(`${r.name}: ${kb(r.jsGzip)} of JavaScript > ${kb(GOALS.routeJsMax)}`);
  }
  console.log(
    `\nThe list: ${kb(list.jsBeforeFirstRow.gzip)} of JavaScript gzipped (${list.jsBeforeFirstRow.files} files, ${kb(list.jsBeforeFirstRow.transferred)} transferred) before its first row, at ${ms(list.firstRowAt)}\n`,
  );
  if (list.jsBeforeFirstRow.gzip > GOALS.listJsBeforeRowMax)
    missed.push(`list: ${kb(list.jsBeforeFirstRow.gzip)} before the first row > ${kb(GOALS.listJsBeforeRowMax)}`);
  console.log(
    '| List interaction | INP (median) | INP (worst) | Answer → new rows (median) | Answer → new rows (worst) |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const x of list.interactions) {
    console.log(
      `| ${x.name} | ${ms(x.inp.median)} | ${ms(x.inp.worst)} | ${ms(x.rows.median)} | ${ms(x.rows.worst)} |`,
    );
    if (x.inp.median > GOALS.inpMax) missed.push(`list ${x.name}: INP ${ms(x.inp.median)} > ${GOALS.inpMax} ms`);
    if (x.rows.median > 100) missed.push(`list ${x.name}: new rows ${ms(x.rows.median)} after the answer > 100 ms`);
  }
  if (missed.length) {
    console.error(`\nGoals missed:\n- ${missed.join('\n- ')}`);
    process.exitCode = 1;
  } else console.log('\nEvery goal met.');
}

await main();
