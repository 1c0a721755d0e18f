import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCampaign } from './fixtures.js';
import { expectAccessible, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/*
 * The builder's Template step in Chromium (docs/template-step.md): twelve equal cards in a regular
 * grid, each the layout drawn by the pop-up renderer where it sits on a laptop's page, its name on
 * one line, a chosen card outlined and ticked, the pictures out of the tab order, axe with no
 * serious finding, at 1280×800, 1920×1080 and 390×844. The screenshots go to test-output/screens
 * (ignored by git), or to docs/screens with DOC_SCREENS=1.
 */
const LEADER = 'leader@lead.test';
const SHOTS = process.env.DOC_SCREENS
  ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screens')
  : join(import.meta.dirname, '..', 'test-output', 'screens');
let campaignId = 0;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  // A saved Lightbox B campaign: its builder opens on any step, with a layout chosen.
  campaignId = (await makeCampaign(await tokenOf(LEADER))).id;
});

/**
 * The builder of the campaign at `width`×`height`, on TEMPLATE; and the milliseconds from the step's
 * click to the frame after all twelve stages were drawn (measured in the page).
 */
async function openTemplate(
  width: number,
  height: number,
): Promise<{ page: Page; close(): Promise<void>; ms: number }> {
  const { page, context } = await open(`/edit-campaign/${campaignId}?siteID=1&siteURL=bacsi-online.vn`, { as: LEADER });
  await page.setViewportSize({ width, height });
  const step = page.getByRole('navigation', { name: 'Campaign steps' }).getByRole('button', { name: /TEMPLATE/ });
  await step.waitFor();
  await page.getByRole('heading', { level: 2, name: 'TARGET' }).waitFor();
  const ms = await step.evaluate(
    (button) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        (button as HTMLButtonElement).click();
        const drawn = () => document.querySelectorAll('[data-layout-stage] > [data-drawn]').length === 12;
        const frame = () =>
          drawn()
            ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)))
            : requestAnimationFrame(frame);
        frame();
      }),
  );
  await page.getByRole('grid', { name: 'Layout' }).waitFor();
  return { page, close: () => context.close(), ms };
}

interface CardBox {
  layout: string;
  x: number;
  y: number;
  width: number;
  nameLines: number;
  nameCut: boolean;
  stage: { width: number; height: number };
  popup: { left: number; right: number; top: number; bottom: number };
}

/** Each card's box, its name's lines and whether it is cut, its stage's box and where its pop-up sits in it (0–1 of the stage). */
const cards = (page: Page): Promise<CardBox[]> =>
  page.locator('[data-layout-card]').evaluateAll((all) =>
    all.map((card) => {
      const r = card.getBoundingClientRect();
      const name = card.querySelector<HTMLElement>('[data-layout-name]')!;
      const host = card.querySelector<HTMLElement>('[data-layout-stage] > [data-drawn]')!;
      const frame = host.getBoundingClientRect();
      const p = host.shadowRoot!.querySelector('.popup')!.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(name).lineHeight);
      return {
        layout: card.getAttribute('data-layout-card')!,
        x: Math.round(r.x),
        y: Math.round(r.y),
        width: r.width,
        nameLines: Math.round(name.getBoundingClientRect().height / lineHeight),
        nameCut: name.scrollWidth > name.clientWidth,
        stage: { width: frame.width, height: frame.height },
        popup: {
          left: (p.left - frame.left) / frame.width,
          right: (p.right - frame.left) / frame.width,
          top: (p.top - frame.top) / frame.height,
          bottom: (p.bottom - frame.top) / frame.height,
        },
      };
    }),
  );

const SIZES: Array<[number, number, [number, number]]> = [
  [1280, 800, [3, 4]],
  [1920, 1080, [4, 6]],
  [390, 844, [2, 2]],
];

describe('the Template step', () => {
  for (const [width, height, [fewest, most]] of SIZES) {
    it(`at ${width}×${height}: a regular grid of equal cards, names on one line, each layout in its place, axe clean`, async () => {
      const { page, close, ms } = await openTemplate(width, height);
      console.warn(
        `Template step at ${width}×${height}: twelve stages drawn and painted ${Math.round(ms)} ms after the click`,
      );
      const all = await cards(page);
      expect(all).toHaveLength(12);
      // A regular grid: every card as wide as the first, in `columns` columns, rows filled in turn.
      const columns = new Set(all.map((c) => c.x)).size;
      expect(columns, 'columns').toBeGreaterThanOrEqual(fewest);
      expect(columns, 'columns').toBeLessThanOrEqual(most);
      for (const c of all)
        expect(Math.abs(c.width - all[0]!.width), `${c.layout} as wide as the others`).toBeLessThan(0.5);
      all.forEach((c, i) => {
        expect(c.x, `${c.layout} in its column`).toBe(all[i % columns]!.x);
        expect(c.y, `${c.layout} in its row`).toBe(all[i - (i % columns)]!.y);
      });
      for (const c of all) {
        expect([c.layout, c.nameLines, c.nameCut], 'the name on one line, whole').toEqual([c.layout, 1, false]);
        // The stage is the laptop's page scaled to the card: 1280×800.
        expect(Math.abs(c.stage.width / c.stage.height - 1.6), `${c.layout}'s stage`).toBeLessThan(0.02);
        expect(c.popup.left, `${c.layout} inside its stage`).toBeGreaterThanOrEqual(-0.001);
        expect(c.popup.right, `${c.layout} inside its stage`).toBeLessThanOrEqual(1.001);
      }
      const at = (layout: string) => all.find((c) => c.layout === layout)!.popup;
      const near = (a: number, b: number, what: string) =>
        expect(Math.abs(a - b), `${what}: ${a} ≈ ${b}`).toBeLessThan(0.01);
      // Where the real placements are (docs/layouts.md): the bar along the bottom, the panel at the right, the cover.
      near(at('Floating').left, 0, 'Floating from the left edge');
      near(at('Floating').right, 1, 'to the right edge');
      near(at('Floating').bottom, 1, 'at the bottom');
      near(at('Sidebar').right, 1, 'Sidebar at the right edge');
      near(at('Sidebar').top, 0, 'from the top');
      near(at('Sidebar').bottom, 1, 'to the bottom');
      near(at('Sidebar').right - at('Sidebar').left, 400 / 1280, 'Sidebar 400 px of 1280');
      near(at('Fullscreen').left, 0, 'Fullscreen');
      near(at('Fullscreen').bottom, 1, 'Fullscreen');
      near((at('LightBoxB').left + at('LightBoxB').right) / 2, 0.5, 'Lightbox B centred');
      near(at('LightBoxB').right - at('LightBoxB').left, 480 / 1280, 'Lightbox B 480 px of 1280');
      near(at('Slider').right, 1 - 24 / 1280, 'Slider 24 px from the right');
      expect(at('SkinA').left, 'Skin A in the right rail').toBeGreaterThan(0.7);

      // The chosen layout: outlined and ticked; the others neither.
      const chosen = page.locator('[data-layout-card][data-selected]');
      expect(await chosen.getAttribute('data-layout-card')).toBe('LightBoxB');
      expect(await page.getByRole('row', { name: 'Lightbox B', exact: true }).getAttribute('aria-selected')).toBe(
        'true',
      );
      expect(await page.locator('[data-layout-card] [data-tick]').count()).toBe(1);
      expect(await chosen.locator('[data-tick] svg').isVisible()).toBe(true);
      const border = (layout: string) =>
        page.locator(`[data-layout-card="${layout}"]`).evaluate((el) => getComputedStyle(el).boxShadow);
      expect(await border('LightBoxB')).not.toBe(await border('Floating'));

      await expectAccessible(page);
      await page.screenshot({ path: join(SHOTS, `template-${width}x${height}.png`) });
      await close();
    });
  }

  it('is one grid list for the keyboard: Tab reaches the chosen card and leaves, skipping the pictures; focus is visible', async () => {
    const { page, close } = await openTemplate(1280, 800);
    const option = (name: string) => page.getByRole('row', { name, exact: true });
    const focused = (name: string) => option(name).evaluate((el) => el === document.activeElement);
    const chosen = option('Lightbox B');
    await chosen.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await focused('Lightbox B')).toBe(true);
    const card = page.locator('[data-layout-card="LightBoxB"]');
    expect(await card.getAttribute('data-focus-visible')).not.toBeNull();
    expect(await card.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    // Out of the grid list with one Tab: no field of the twelve pop-ups drawn inside it takes focus.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => {
        const a = document.activeElement!;
        return a.closest('[role=grid]') !== null || a.shadowRoot !== null;
      }),
    ).toBe(false);
    expect(
      await page
        .locator('[data-layout-stage]')
        .evaluateAll((all) => all.every((s) => (s as HTMLElement).inert && s.getAttribute('aria-hidden') === 'true')),
    ).toBe(true);
    // The arrow keys, Home and End only move the focus, across the grid's rows and columns: nothing
    // is chosen and the step stays, so browsing never resets the campaign's blocks.
    const layouts = (await cards(page)).map((c) => c.layout);
    const columns = new Set((await cards(page)).map((c) => c.x)).size;
    const focusedCard = () =>
      page.evaluate(() => document.activeElement?.closest('[data-layout-card]')?.getAttribute('data-layout-card'));
    await chosen.focus();
    const from = layouts.indexOf('LightBoxB');
    await page.keyboard.press('ArrowRight');
    expect(await focusedCard()).toBe(layouts[from + 1]);
    await page.keyboard.press('ArrowUp');
    expect(await focusedCard()).toBe(layouts[from + 1 - columns]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedCard()).toBe(layouts[from + 1 + columns]);
    await page.keyboard.press('Home');
    expect(await focused('Floating bar')).toBe(true);
    await page.keyboard.press('End');
    expect(await focused('Slider')).toBe(true);
    expect(await page.locator('[data-layout-card="Slider"]').getAttribute('data-focus-visible')).not.toBeNull();
    expect(await page.locator('[data-layout-card][data-selected]').getAttribute('data-layout-card')).toBe('LightBoxB');
    expect(await page.getByRole('heading', { level: 2, name: 'TRIGGER' }).count()).toBe(0);
    // Enter chooses the focused layout, and choosing goes on to TRIGGER.
    await page.keyboard.press('ArrowLeft');
    expect(await focused('Sidebar')).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'TRIGGER' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /TEMPLATE/ })
      .click();
    expect(await option('Sidebar').getAttribute('aria-selected')).toBe('true');
    await close();
  });
});
