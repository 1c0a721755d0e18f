/**
 * The embed as a good citizen of partner pages (#32): exit intent on a phone (no pointer to leave
 * the window: a quick scroll back up, with @lead/contract's thresholds), and a page with the embed
 * staying eligible for the browser's back/forward cache (Chromium's own report over the DevTools
 * protocol, Page.backForwardCacheNotUsed).
 */
import { EXIT_SCROLL_UP_MS, EXIT_SCROLL_UP_PX } from '@lead/contract';
import { launchBrowser } from '@lead/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  AGENT,
  liveCampaign,
  loaderReady,
  nextEvents,
  popupOf,
  SITE,
  usePartnerBrowser,
  usePartnerKinds,
  visitor,
} from './partner.js';

usePartnerBrowser();

const kindsOrigin = usePartnerKinds();

/** Scrolls by `dy` in the page and returns once the page has seen the scroll. */
const scrollBy = (page: Page, dy: number) =>
  page.evaluate(
    (d) =>
      new Promise<void>((resolve) => {
        addEventListener('scroll', () => resolve(), { once: true });
        window.scrollBy(0, d);
      }),
    dy,
  );

describe('exit intent on a phone', () => {
  it('fires on a quick swipe back up after reading down the page, not on a slow scroll up', async () => {
    const c = await liveCampaign('/mobile/exit/', { trigger_type: 'exit_intent' });
    const context = await visitor({ mobile: true, width: 360, touch: true });
    // The page's clock is the test's: what "quick" means is counted in its milliseconds.
    await context.clock.install();
    await context.clock.pauseAt(Date.now() + 1000);
    const page = await context.newPage();
    await page.goto(`${kindsOrigin()}/mobile/exit/`);
    await loaderReady(page);
    const cdp = await context.newCDPSession(page);
    /** A finger on the touch screen from `fromY` to `toY` (moving it up scrolls the page down). */
    const swipe = async (fromY: number, toY: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 180, y: fromY }] });
      for (let k = 1; k <= 10; k++)
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: 180, y: fromY + ((toY - fromY) * k) / 10 }],
        });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    // Reading down the page.
    await swipe(700, 100);
    await swipe(700, 100);
    await page.waitForFunction(() => scrollY > 800);
    // Reading back up slowly: steps just under the distance, each after more than the window.
    for (let i = 0; i < 4; i++) {
      await scrollBy(page, -(EXIT_SCROLL_UP_PX - 20));
      await context.clock.runFor(EXIT_SCROLL_UP_MS + 100);
    }
    expect(await popupOf(page, c.code).count()).toBe(0);
    // Heading for the address bar: a quick swipe back up.
    await swipe(100, 100 + EXIT_SCROLL_UP_PX * 3);
    await popupOf(page, c.code).waitFor({ state: 'attached' });
    await context.close();
  });
});

describe('the back/forward cache', () => {
  it('keeps a page with the embed eligible after its pop-up was shown and closed', async () => {
    const c = await liveCampaign('/wp/bfcache/', { rules: [{ rule: 'time_on_page', value: 3 }] });
    // Playwright turns the cache off by default; this browser keeps Chromium's own behaviour.
    const browser = await launchBrowser({
      args: [`--host-resolver-rules=MAP ${SITE.host} 127.0.0.1, MAP localhost 127.0.0.1`],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: AGENT });
      await context.addInitScript(() =>
        addEventListener(
          'pageshow',
          (e) => ((window as unknown as { restored: boolean }).restored = (e as PageTransitionEvent).persisted),
        ),
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const notUsed: unknown[] = [];
      cdp.on('Page.backForwardCacheNotUsed', (e) => notUsed.push(e));
      await cdp.send('Page.enable');
      let answered = nextEvents(page);
      await page.goto(`${kindsOrigin()}/wp/bfcache/`);
      await loaderReady(page);
      await popupOf(page, c.code).waitFor({ state: 'attached' });
      await answered;
      answered = nextEvents(page);
      await popupOf(page, c.code).getByRole('button', { name: 'Close' }).click();
      await answered;
      // To another article and back.
      await page.getByRole('link', { name: 'Sleep and the heart' }).click();
      await page.waitForURL(/\/wp\/other\/$/);
      await page.goBack({ waitUntil: 'commit' });
      await page.waitForFunction(() => (window as unknown as { restored?: boolean }).restored !== undefined);
      expect(notUsed).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { restored: boolean }).restored)).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
