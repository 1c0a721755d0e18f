/**
 * Partner pages in a real browser: the demo partner site `npm start` serves, reached at a demo
 * site's own hostname (healthgroup.global, mapped to this machine with Chromium's
 * --host-resolver-rules), so the page, the loader (from localhost) and the API are on different
 * origins as on a real partner site. Campaigns are made through the admin API.
 */
import { validCampaign } from '@lead/contract/fixtures';
import type { CampaignPayload } from '@lead/contract';
import { launchBrowser } from '@lead/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiCall, apiLogin, baseUrl } from './helpers.js';

/** Site 12 of the demo: English, few other journeys touch it. */
export const SITE = { id: 12, host: 'healthgroup.global' };
/** A desktop browser's agent: the runtime counts nothing from headless or bot agents. */
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let browser: Browser;
let token = '';
let clientId = 0;

export function usePartnerBrowser(): void {
  beforeAll(async () => {
    browser = await launchBrowser({ args: [`--host-resolver-rules=MAP ${SITE.host} 127.0.0.1, MAP www.${SITE.host} 127.0.0.1, MAP localhost 127.0.0.1`] });
    token = (await apiLogin('system@lead.test')).access_token;
    const clients = await apiCall<{ models: Array<{ id: number }> }>(token, 'GET', `clients?site_ids=${SITE.id}&assigned=1`);
    clientId = clients.body._data.models[0]!.id;
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export const adminToken = (): string => token;
const port = (): string => new URL(baseUrl()).port;
export const partnerUrl = (path: string): string => `http://${SITE.host}:${port()}${path}`;

let seq = 0;
/**
 * An active campaign on site 12 shown on `path` only (an exact link), made through the admin API;
 * `over` changes the builder's payload.
 */
export async function liveCampaign(path: string, over: Partial<CampaignPayload> = {}): Promise<{ id: number; code: string }> {
  const payload = validCampaign(clientId, {
    name: `Runtime ${++seq} ${path}`,
    site_id: SITE.id,
    targets: [{ type: 'links', option: 'exact_match', target: `https://${SITE.host}${path}`, sub_target: [] }],
    ...over,
  });
  const res = await apiCall<{ model: { id: number; code: string } }>(token, 'POST', 'campaign', payload);
  if (res.status !== 200) throw new Error(`create campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._data.model;
}

export interface Visit {
  page: Page;
  context: BrowserContext;
}

/** A visitor (their own localStorage) with a desktop or a phone's viewport. */
export async function visitor({ mobile = false }: { mobile?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: mobile ? { width: 390, height: 800 } : { width: 1280, height: 800 }, userAgent: AGENT, bypassCSP: true });
}

export async function visit(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(partnerUrl(path));
  return page;
}

/** The pop-up's host element for `code` on the page. */
export const popupOf = (page: Page, code: string) => page.locator(`[data-lead-popup="${code}"]`);

/** Waits until the loader has fetched the campaigns and armed its triggers (lead.push is its own). */
export async function loaderReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const lead = (window as unknown as { lead?: unknown }).lead;
    return Boolean(lead && !Array.isArray(lead));
  });
  // The campaigns' answer has arrived once the network is quiet.
  await page.waitForLoadState('networkidle');
}

export async function figures(id: number): Promise<Record<string, number>> {
  const res = await apiCall<{ campaign: Record<string, number> }>(token, 'GET', `campaign/${id}`);
  return res.body._data.campaign;
}
