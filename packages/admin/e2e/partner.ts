/**
 * Partner pages in a real browser: the demo partner site `npm start` serves, reached at a demo
 * site's own hostname (healthgroup.global, mapped to this machine with Chromium's
 * --host-resolver-rules), so the page, the loader (from localhost) and the API are on different
 * origins as on a real partner site. Campaigns are made through the admin API.
 */
import type { CampaignPayload } from '@lead/contract';
import type { CallData } from '@lead/contract/api';
import { launchBrowser } from '@lead/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, onTestFailed } from 'vitest';
import { makeCampaign, unique, type MadeCampaign } from './fixtures.js';
import { apiCall, baseUrl, session, STEP_TIMEOUT, tokenOf } from './helpers.js';
import { serveKinds, type Kinds } from './partner-kinds.js';
import { visitorProxy } from './visitor-address.js';

/** Site 12 of the demo: English; the partner pages' journeys make their campaigns there, and no other journey does. */
export const SITE = { id: 12, host: 'healthgroup.global' };
/** A desktop browser's agent: the runtime counts nothing from headless or bot agents. */
export const AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let browser: Browser;
let token = '';
/** The visitors of the current test, closed after it (a test need not close each one). */
const visitors = new Set<BrowserContext>();

/**
 * This file's partner server of page kinds (e2e/partner-kinds.ts) for SITE, started before its tests
 * and closed after: the returned function gives its origin once it runs.
 */
export function usePartnerKinds(): () => string {
  let kinds: Kinds | undefined;
  beforeAll(async () => {
    kinds = await serveKinds(`http://localhost:${new URL(baseUrl()).port}`, SITE.id, SITE.host);
  });
  afterAll(async () => {
    await kinds?.close();
  });
  return () => kinds!.origin;
}

/** The browser of this file's partner pages, which reach SITE's host (and each of `hosts`) on this machine. */
export function usePartnerBrowser({ hosts = [] }: { hosts?: string[] } = {}): void {
  beforeAll(async () => {
    const mapped = [SITE.host, `www.${SITE.host}`, ...hosts, 'localhost'];
    browser = await launchBrowser({
      args: [`--host-resolver-rules=${mapped.map((h) => `MAP ${h} 127.0.0.1`).join(', ')}`],
    });
    token = await tokenOf('system@lead.test');
  });
  afterEach(async () => {
    await Promise.all([...visitors].map((v) => v.close()));
    visitors.clear();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export const adminToken = (): string => token;
const port = (): string => new URL(baseUrl()).port;
/** `path` on the demo partner site of SITE (or of another demo site's `host`, mapped by usePartnerBrowser). */
export const partnerUrl = (path: string, host = SITE.host): string => `http://${host}:${port()}${path}`;

/**
 * An active campaign on site 12 shown on `path` only (an exact link), made through the admin API
 * (e2e/fixtures.ts); `over` changes the builder's payload.
 */
export async function liveCampaign(path: string, over: Partial<CampaignPayload> = {}): Promise<MadeCampaign> {
  return makeCampaign(token, {
    name: unique(`Runtime ${path}`),
    site_id: SITE.id,
    targets: [{ type: 'links', option: 'exact_match', target: `https://${SITE.host}${path}`, sub_target: [] }],
    ...over,
  });
}

export interface Visit {
  page: Page;
  context: BrowserContext;
}

/**
 * A visitor (their own localStorage, and their own address: e2e/visitor-address.ts) with a desktop
 * or a phone's viewport (`width` and `height`, and a touch screen with `touch`); `csp` keeps the
 * page's Content-Security-Policy (by default the tests' scripts may bypass it).
 */
export async function visitor({
  mobile = false,
  width = 390,
  height = 800,
  touch = false,
  csp = false,
} = {}): Promise<BrowserContext> {
  const proxy = await visitorProxy();
  const context = await browser
    .newContext({
      viewport: mobile ? { width, height } : { width: 1280, height: 800 },
      userAgent: AGENT,
      bypassCSP: !csp,
      hasTouch: touch,
      // Every request through the visitor's proxy, this machine's own (loopback) included.
      proxy: { server: proxy.server, bypass: '<-loopback>' },
    })
    .catch((error: unknown) => {
      // No context to close it with: the proxy goes now, not with the test run.
      proxy.close();
      throw error;
    });
  context.once('close', () => proxy.close());
  visitors.add(context);
  watch(context);
  return context;
}

/**
 * What a visitor's pages said and were answered, printed when the test fails: each request to the
 * Lead server (the loader, the renderer, the public API) with its status or its network error, and
 * the pages' console errors and uncaught exceptions. A pop-up that never came says why here.
 */
function watch(context: BrowserContext): void {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  const ours = (url: string) => url.includes('/embed/') || url.includes('/api/public/');
  context.on('response', (r) => {
    if (!ours(r.url())) return;
    const i = lines.push(`${at()} ${r.request().method()} ${r.url()} → ${r.status()}`) - 1;
    // Which campaigns the page was served (a campaign missing from here was never going to show).
    if (r.url().endsWith('/campaigns') && r.ok())
      r.json().then(
        (body: { campaigns: Array<{ code: string }> }) =>
          (lines[i] += `, served ${body.campaigns.map((c) => c.code).join(' ')}`),
        () => undefined,
      );
  });
  context.on('requestfailed', (r) => {
    if (ours(r.url())) lines.push(`${at()} ${r.method()} ${r.url()} → failed: ${r.failure()?.errorText ?? '?'}`);
  });
  context.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') lines.push(`${at()} console.${m.type()}: ${m.text()}`);
  });
  context.on('weberror', (e) => lines.push(`${at()} uncaught: ${e.error().message}`));
  // (A visitor made outside a test, in a hook, has no test to report to.)
  if (expect.getState().currentTestName !== undefined)
    onTestFailed(() => console.error(`What the visitor's pages fetched and said:\n${lines.join('\n') || '(nothing)'}`));
}

/** A page of the admin at `hash` (e.g. `/campaign-details/7`) in a browser signed in as `email`, its session in local storage as the admin keeps it. */
export async function staffPage(email: string, hash: string): Promise<{ staff: BrowserContext; admin: Page }> {
  const { access_token, user } = await session(email);
  const staff = await visitor();
  await staff.addInitScript(
    ([token, u]) => {
      localStorage.setItem('lead.access_token', token as string);
      localStorage.setItem('lead.user', JSON.stringify(u));
    },
    [access_token, user] as const,
  );
  const admin = await staff.newPage();
  await admin.goto(`${baseUrl()}/admin/#${hash}`);
  return { staff, admin };
}

export async function visit(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.goto(partnerUrl(path));
  return page;
}

/** The pop-up's host element for `code` on the page. */
export const popupOf = (page: Page, code: string) => page.locator(`[data-lead-popup="${code}"]`);

/**
 * This file's control campaign: shown only when pushed (custom trigger), on every page of the site,
 * and whatever the visitor did before (no waiting days, after a close or a submit alike).
 */
let controlCampaign: Promise<MadeCampaign> | undefined;
const control = () =>
  (controlCampaign ??= makeCampaign(token, {
    name: unique('Runtime control'),
    site_id: SITE.id,
    trigger_type: 'custom',
    targets: [{ type: 'links', option: 'start_with', target: `https://${SITE.host}/`, sub_target: [] }],
    rules: [
      { rule: 'days_to_show_again', value: 0 },
      { rule: 'show_again_after_exit', value: 1 },
      { rule: 'campaign_popup_exit', value: 0 },
      { rule: 'site_popup_exit', value: 0 },
      { rule: 'show_again_after_submit', value: 1 },
    ],
  }));

/**
 * Opens `path` and asks the loader to show `code` at once (as a custom trigger would), then the
 * control campaign: a page view shows one pop-up at most, so exactly one comes, `code`'s if this
 * visitor may see it on this page now, else the control's. The page with `code`'s pop-up, or null:
 * an answer waited for as a condition (a pop-up on the page), not as a time.
 */
export async function shown(context: BrowserContext, path: string, code: string): Promise<Page | null> {
  const { code: other } = await control();
  const page = await visit(context, path);
  await loaderReady(page);
  await page.evaluate(
    (codes) => {
      const lead = (window as unknown as { lead: { push(x: unknown[]): void } }).lead;
      for (const c of codes) lead.push(['show', c]);
    },
    [code, other],
  );
  const popup = page.locator('[data-lead-popup]');
  await popup.first().waitFor({ state: 'attached' });
  expect(await popup.count()).toBe(1);
  return (await popup.getAttribute('data-lead-popup')) === code ? page : null;
}

/** Waits until the loader has fetched the campaigns and armed its triggers (lead.push is its own). */
export async function loaderReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const lead = (window as unknown as { lead?: unknown }).lead;
    return Boolean(lead && !Array.isArray(lead));
  });
  // The campaigns' answer has arrived once the network is quiet.
  await page.waitForLoadState('networkidle');
}

/**
 * The server's answer to the page's next batch of pop-up events: a pop-up counts its impression
 * (and what follows) a second after, or when the page goes; closing a browser context runs no
 * page-hide, so a journey that counts figures waits for this before it closes one. Ask before the
 * pop-up shows.
 */
export function nextEvents(page: Page): Promise<unknown> {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/public/events') && r.request().method() === 'POST',
  );
  answered.catch(() => undefined); // not awaited by a journey that closes the page first
  return answered;
}

export async function figures(id: number): Promise<CallData<'GET /api/admin/campaign/:id'>['campaign']> {
  const res = await apiCall(token, 'GET /api/admin/campaign/:id', { params: { id } });
  return res.body._data.campaign;
}

/**
 * One visitor's visit of `path`: the pop-up of `code` shown at once (a custom trigger), its form
 * sent with a name and an e-mail, the thank-you seen.
 */
export async function sendForm(path: string, code: string, name: string, email: string): Promise<void> {
  const context = await visitor();
  const page = await visit(context, path);
  await loaderReady(page);
  await page.evaluate(
    (c) => (window as unknown as { lead: { push(x: unknown[]): void } }).lead.push(['show', c]),
    code,
  );
  const popup = popupOf(page, code);
  await popup.waitFor({ state: 'attached' });
  await popup.getByLabel('Full name').fill(name);
  await popup.getByLabel('Email').fill(email);
  await popup.getByRole('button', { name: 'Submit' }).click();
  await popup.getByText('THANK YOU').waitFor();
  await context.close();
}
