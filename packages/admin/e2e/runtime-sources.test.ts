/**
 * Where leads come from (docs/runtime-audience.md): the embed reads the landing address's campaign tags and
 * click ids and the referring host on real pages, keeps them for the visit (through a single-page
 * app's navigations), and sends them with the batch that opens the pop-up's page view; an exact
 * link is the same page whatever tracking parameters the visitor's link carries.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  liveCampaign,
  loaderReady,
  partnerUrl,
  popupOf,
  usePartnerBrowser,
  usePartnerKinds,
  visitor,
} from './partner.js';

usePartnerBrowser();
const kindsOrigin = usePartnerKinds();

/** The `source` of the page's next batch that opens a page view (the impression's). */
function nextSource(page: Page): Promise<unknown> {
  return page
    .waitForRequest(
      (r: Request) =>
        r.url().endsWith('/api/public/events') && r.method() === 'POST' && !(r.postDataJSON() as { pv?: string }).pv,
    )
    .then((r) => (r.postDataJSON() as { source?: unknown }).source);
}
const show = (page: Page, code: string) =>
  page.evaluate((c) => (window as unknown as { lead: { push(x: unknown[]): void } }).lead.push(['show', c]), code);

describe('the source of a visit', () => {
  it("shows an exact link's campaign on its address with tracking parameters, and sends their tags with the referring host", async () => {
    const path = `/heart/sources-${Date.now()}/`;
    const c = await liveCampaign(path, { trigger_type: 'custom' });
    const again = await visitor();
    const landing = await again.newPage();
    await landing.goto(partnerUrl(`${path}?utm_source=zalo&utm_medium=social&utm_campaign=tet&fbclid=IwAR0x`), {
      referer: 'https://www.google.com/search?q=heart+pain',
    });
    await loaderReady(landing);
    const source = nextSource(landing);
    await show(landing, c.code);
    await popupOf(landing, c.code).waitFor({ state: 'attached' });
    // The referrer's host only: never its path or query.
    expect(await source).toEqual({
      utm_source: 'zalo',
      utm_medium: 'social',
      utm_campaign: 'tet',
      fbclid: 'IwAR0x',
      referrer_host: 'www.google.com',
    });
    await again.close();
  });

  it("keeps the landing page's source through a single-page app's navigations (history.pushState)", async () => {
    const tag = `e2e-sources-${Date.now()}`;
    const c = await liveCampaign('/unused/', {
      trigger_type: 'custom',
      targets: [{ type: 'tags', option: 'exact_match', target: tag, sub_target: [] }],
    });
    const context = await visitor();
    const page = await context.newPage();
    await page.goto(`${kindsOrigin()}/spa/?utm_source=newsletter&utm_campaign=week-48&gclid=Cj0`, {
      referer: 'https://mail.example.com/inbox/42',
    });
    await loaderReady(page);
    await page.evaluate((href) => {
      const a = Object.assign(document.createElement('a'), { href, textContent: 'Go on' });
      a.setAttribute('data-route', '');
      document.querySelector('nav')!.append(a);
    }, `/spa/t/${tag}/heart/`);
    await page.getByRole('link', { name: 'Go on' }).click();
    await page.waitForFunction(
      (t) => document.querySelector<HTMLMetaElement>('meta[name="lead:tags"]')?.content === t,
      tag,
    );
    // The router rendered the tagged page; the loader chooses again after the next frame.
    await page.waitForFunction(() => !location.search);
    const source = nextSource(page);
    await expect
      .poll(async () => {
        await show(page, c.code);
        return popupOf(page, c.code).count();
      })
      .toBe(1);
    expect(await source).toEqual({
      utm_source: 'newsletter',
      utm_campaign: 'week-48',
      gclid: 'Cj0',
      referrer_host: 'mail.example.com',
    });
    await context.close();
  });
});
