/**
 * Single-page apps (#32): a navigation without a page load is a new page view, chosen again for the
 * new address and its lead:tags (rendered after the address changed), on the partner's own SPA
 * (e2e/partner-kinds.ts: history.pushState routing, a hash route, popstate).
 */
import { LAYOUT_DISPLAY_TYPE, type CampaignPayload } from '@lead/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  figures,
  liveCampaign,
  loaderReady,
  nextEvents,
  popupOf,
  usePartnerBrowser,
  usePartnerKinds,
  visitor,
} from './partner.js';

usePartnerBrowser();

const kindsOrigin = usePartnerKinds();

/** A campaign shown on the pages tagged `tag`. */
const tagged = (tag: string, over: Partial<CampaignPayload> = {}) =>
  liveCampaign('/unused/', {
    targets: [{ type: 'tags', option: 'exact_match', target: tag, sub_target: [] }],
    ...over,
  });
/** Shown on every page view, even after a close. */
const everyView = {
  rules: [
    { rule: 'days_to_show_again' as const, value: 0 },
    { rule: 'show_again_after_exit' as const, value: 1 },
    { rule: 'campaign_popup_exit' as const, value: 0 },
    { rule: 'site_popup_exit' as const, value: 0 },
  ],
};
const afterThree = { rules: [{ rule: 'time_on_page' as const, value: 3 }] };

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${kindsOrigin()}${path}`);
  await loaderReady(page);
  return page;
}
/**
 * The visitor follows a link of the app to `path`: its router pushes the address, then renders the
 * page a task later (on a test's clock, moved on by `tick`).
 */
async function go(page: Page, path: string, tick?: () => Promise<void>, { byScript = false } = {}): Promise<void> {
  await page.evaluate((href) => {
    const a = Object.assign(document.createElement('a'), { href, textContent: `Go to ${href}` });
    a.setAttribute('data-route', '');
    document.querySelector('nav')!.append(a);
  }, path);
  const link = page.getByRole('link', { name: `Go to ${path}` });
  // Behind a modal dialog the visitor cannot click: the app navigates from its own code.
  if (byScript) await link.dispatchEvent('click');
  else await link.click();
  await tick?.();
  await page.waitForFunction((p) => document.title === `SPA ${p}`, path);
}
const push = (page: Page, ...command: unknown[]) =>
  page.evaluate((c) => (window as unknown as { lead: { push(c: unknown[]): void } }).lead.push(c), command);
const count = (page: Page, code: string) => popupOf(page, code).count();

describe('a single-page app', () => {
  it('shows the campaign of the article the visitor moves to (pushState), chosen by the tags the new page renders', async () => {
    const c = await tagged('e2e-spa-move', afterThree);
    const context = await visitor();
    const page = await open(context, '/spa/');
    const counted = nextEvents(page);
    await go(page, '/spa/t/e2e-spa-move/heart/');
    await popupOf(page, c.code).waitFor({ state: 'attached' });
    await counted;
    expect(await figures(c.id)).toMatchObject({ total_impression: 1 });
    await context.close();
  });

  it("clears the old page's timers, takes an inline pop-up away with its article (a bounce), and keeps a modal until closed", async () => {
    const late = await tagged('e2e-spa-late', afterThree);
    const inline = await tagged('e2e-spa-inline', {
      ...afterThree,
      display_type: LAYOUT_DISPLAY_TYPE.InlineA as never,
      extra_fields: {
        popupVersion: '2.1',
        currentLayout: 'InlineA',
        targetLinkType: 'tags',
        popupShowThankYou: 'notshow',
        popupInlinePosition: '2nd',
      },
    });
    const modal = await tagged('e2e-spa-modal', { trigger_type: 'custom' });
    const context = await visitor();
    await context.clock.install();
    await context.clock.pauseAt(Date.now() + 1000);
    const tick = () => context.clock.runFor(100);
    const page = await open(context, '/spa/t/e2e-spa-late/a/');
    await context.clock.runFor(2000);
    // Two seconds in, the visitor moves on: the first page's three seconds never end.
    await go(page, '/spa/t/e2e-spa-inline/b/', tick);
    await tick();
    await context.clock.runFor(3000);
    await popupOf(page, inline.code).waitFor({ state: 'attached' });
    expect(await popupOf(page, inline.code).evaluate((el) => el.closest('[data-lead-article]') !== null)).toBe(true);
    // Its impression is sent a second after it shows (once the browser says it is seen, which a
    // loaded machine may say late): the clock runs on until the server has answered it.
    let sent = false;
    void nextEvents(page).then(
      () => (sent = true),
      () => undefined,
    );
    await context.clock.runFor(5000);
    expect(await count(page, late.code)).toBe(0);
    await expect
      .poll(async () => {
        if (!sent) await context.clock.runFor(500);
        return sent;
      })
      .toBe(true);
    // Then the visitor moves on without using it.
    const bounce = nextEvents(page);
    await go(page, '/spa/t/e2e-spa-modal/c/', tick);
    await tick();
    await popupOf(page, inline.code).waitFor({ state: 'detached' });
    await bounce;
    expect(await figures(inline.id)).toMatchObject({ total_impression: 1, total_bounce: 1 });
    // A modal dialog stays when the app moves on; the next page's pop-ups wait until it is closed.
    await push(page, 'show', modal.code);
    await popupOf(page, modal.code).waitFor({ state: 'attached' });
    await go(page, '/spa/t/e2e-spa-late/d/', tick, { byScript: true });
    await context.clock.runFor(4000);
    expect(await count(page, modal.code)).toBe(1);
    expect(await count(page, late.code)).toBe(0);
    await popupOf(page, modal.code).getByRole('button', { name: 'Close' }).click();
    await tick();
    expect(await count(page, modal.code)).toBe(0);
    await context.close();
  });

  it('counts each page view apart: one pop-up per page view, and again on the next one', async () => {
    const c = await tagged('e2e-spa-views', { trigger_type: 'custom', ...everyView });
    const context = await visitor();
    const page = await open(context, '/spa/t/e2e-spa-views/one/');
    let counted = nextEvents(page);
    await push(page, 'show', c.code);
    await popupOf(page, c.code).waitFor({ state: 'attached' });
    await counted;
    await popupOf(page, c.code).getByRole('button', { name: 'Close' }).click();
    // The same page view: no second pop-up.
    await push(page, 'show', c.code);
    await page.waitForLoadState('networkidle');
    expect(await count(page, c.code)).toBe(0);
    // The next page view: shown again, and counted as its own impression.
    await go(page, '/spa/t/e2e-spa-views/two/');
    await page.waitForFunction(() => location.pathname.endsWith('/two/'));
    counted = nextEvents(page);
    await expect.poll(async () => (await push(page, 'show', c.code), count(page, c.code))).toBe(1);
    await counted;
    await expect.poll(() => figures(c.id)).toMatchObject({ total_impression: 2, total_visitor: 1 });
    await context.close();
  });

  it("follows the back button, a hash route, and a router's lead.push(['page']) after it rendered late", async () => {
    const back = await tagged('e2e-spa-back', afterThree);
    const hash = await tagged('e2e-spa-hash', afterThree);
    const late = await tagged('e2e-spa-said', { trigger_type: 'custom', ...everyView });
    const context = await visitor();
    let page = await open(context, '/spa/t/e2e-spa-back/a/');
    await go(page, '/spa/other/');
    await page.goBack();
    await popupOf(page, back.code).waitFor({ state: 'attached' });
    await page.close();

    page = await open(context, '/spa/');
    await page.evaluate(() => (location.hash = '#/t/e2e-spa-hash/x/'));
    await popupOf(page, hash.code).waitFor({ state: 'attached' });
    await page.close();

    page = await open(context, '/spa/');
    await page.evaluate(() => {
      document.querySelector<HTMLMetaElement>('meta[name="lead:tags"]')!.content = 'e2e-spa-said';
    });
    await push(page, 'show', late.code);
    await page.waitForLoadState('networkidle');
    expect(await count(page, late.code)).toBe(0);
    await push(page, 'page');
    await push(page, 'show', late.code);
    await popupOf(page, late.code).waitFor({ state: 'attached' });
    await context.close();
  });
});
