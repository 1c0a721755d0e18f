/**
 * The partner compatibility suite (#32): one page per way partners build pages (e2e/partner-kinds.ts),
 * each showing the right campaign, styled and laid out as anywhere else, accessible (axe), with no
 * Content-Security-Policy violation, and with its impression counted once.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { axeScan, describeViolations } from '@lead/testing';
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const kindsOrigin = usePartnerKinds();

/** Every CSP violation the page reports (recorded from before its first script). */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/**
 * Opens `path` for a visitor, waits for its campaign's pop-up (an on_landing trigger of 3 seconds,
 * waited for as a condition), and checks what every partner page must get.
 */
async function shownOn(
  context: BrowserContext,
  path: string,
  code: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await context.newPage();
  const counted = nextEvents(page);
  await page.goto(`${kindsOrigin()}${path}`);
  await loaderReady(page);
  const host = popupOf(page, code);
  await host.waitFor({ state: 'attached' });
  // One pop-up, this campaign's.
  expect(await page.locator('[data-lead-popup]').count()).toBe(1);
  await page.waitForFunction(
    (c) => document.querySelector(`[data-lead-popup="${c}"]`)?.shadowRoot?.querySelector('.popup'),
    code,
  );
  await host.evaluate((el) => Promise.all(el.shadowRoot!.getAnimations().map((a) => a.finished)));
  // Styled and laid out as on any page: a dialog in the middle of the viewport, on the pop-up's
  // fixed stage, over a backdrop, with its Close button shown (whatever the page's own CSS says
  // about buttons).
  const look = await host.evaluate((el) => {
    const root = el.shadowRoot!;
    const popup = root.querySelector('.popup')!;
    const style = getComputedStyle(popup);
    const close = getComputedStyle(root.querySelector('.close')!);
    return {
      box: popup.getBoundingClientRect().toJSON() as DOMRect,
      position: [getComputedStyle(root.querySelector('.stage')!).position, style.position],
      background: style.backgroundColor,
      close: [close.display, close.width],
      backdrop: getComputedStyle(root.querySelector('.backdrop')!).position,
      styleElements: root.querySelectorAll('style, [style]').length,
    };
  });
  expect(look).toMatchObject({
    position: ['fixed', 'absolute'],
    background: 'rgb(255, 255, 255)',
    close: ['block', '36px'],
    backdrop: 'absolute',
    styleElements: 0,
  });
  expect(Math.abs(look.box.x + look.box.width / 2 - viewport.width / 2)).toBeLessThan(2);
  expect(Math.abs(look.box.y + look.box.height / 2 - viewport.height / 2)).toBeLessThan(2);
  expect(look.box.width).toBeLessThanOrEqual(viewport.width);
  // Accessible: axe on the open pop-up (loaded by the test's own channel, which no CSP blocks).
  await page.evaluate(axeSource);
  expect(describeViolations(await axeScan(page, { minImpact: 'serious', include: '[data-lead-popup]' }))).toEqual([]);
  expect(await page.getByRole('dialog', { name: 'Check your heart' }).count()).toBe(1);
  await counted;
  return page;
}

const KINDS = [
  { kind: 'wp', what: 'a server-rendered article (WordPress-like markup)' },
  { kind: 'csp', what: "a strict Content-Security-Policy (no 'unsafe-inline')" },
  { kind: 'nonce', what: "a nonce-based CSP with 'strict-dynamic', the loader's tag carrying the nonce" },
  { kind: 'gtm', what: 'the loader injected by a tag manager after the page loaded' },
  { kind: 'hostile', what: 'aggressive global CSS (* { all: unset }, button { display: none })' },
  { kind: 'twice', what: 'the loader twice' },
  { kind: 'mobile', what: 'a phone at 360 px with a touch screen' },
] as const;

describe('the embed on every kind of partner page', () => {
  for (const { kind, what } of KINDS) {
    it(`${kind}: ${what}`, async () => {
      const path = `/${kind}/heart-health/`;
      const c = await liveCampaign(path, { rules: [{ rule: 'time_on_page', value: 3 }] });
      const mobile = kind === 'mobile';
      const context = await visitor({ mobile, width: 360, touch: mobile, csp: true });
      await recordViolations(context);
      const page = await shownOn(
        context,
        path,
        c.code,
        mobile ? { width: 360, height: 800 } : { width: 1280, height: 800 },
      );
      expect(await violations(page)).toEqual([]);
      // Counted once, whatever the number of tags.
      await expect.poll(() => figures(c.id)).toMatchObject({ total_impression: 1, total_visitor: 1 });
      // The visitor can use it: close with the named button.
      await popupOf(page, c.code).getByRole('button', { name: 'Close' }).click();
      await popupOf(page, c.code).waitFor({ state: 'detached' });
      await context.close();
    });
  }
});
