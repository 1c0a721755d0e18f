import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARK } from './fixtures.js';
import { expectAccessible, expectToast } from './helpers.js';
import { liveCampaign, popupOf, shown, SITE, staffPage, usePartnerBrowser, visitor } from './partner.js';

usePartnerBrowser();

/*
 * The builder's Design step is a canvas (docs/builder.md): the pop-up drawn by the partner pages'
 * renderer on the campaign site's own page (the demo's), sticky beside the side panel. A click on
 * a block in the canvas selects it and opens its fields beside the canvas; what is typed there, and
 * the brand colour, repaint the canvas, and once saved the partner page shows the same.
 * Screenshots go to test-output/screens, or to docs/screens with DOC_SCREENS=1.
 */
const SHOTS = process.env.DOC_SCREENS
  ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screens')
  : join(import.meta.dirname, '..', 'test-output', 'screens');
const LEADER = 'system@lead.test';
/** The brand colour chosen in the Style panel (#B0306A), as computed. */
const BRAND = 'rgb(176, 48, 106)';

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

async function openDesign(id: number): Promise<Page> {
  const { admin } = await staffPage(LEADER, `/edit-campaign/${id}?siteID=${SITE.id}&siteURL=${SITE.host}`);
  await admin
    .getByRole('navigation', { name: 'Campaign steps' })
    .getByRole('button', { name: /DESIGN/ })
    .click();
  await admin.locator('[data-popup-preview] .popup').waitFor();
  // The site's page comes after the step shows (the demo serves one for every site).
  await admin.locator('[data-site-page] header').waitFor();
  return admin;
}

/** The index of the block outlined in the canvas, or null. */
const outlined = (page: Page) =>
  page
    .locator('[data-popup-preview]')
    .evaluate(
      (host) =>
        [...host.shadowRoot!.querySelectorAll<HTMLElement>('[data-index]')].find((n) => n.style.outline)?.dataset
          .index ?? null,
    );

/**
 * Whether the canvas shows its page at the scale that fits (src/lib/useFitScale.ts): the pane's
 * width and, beside the side panel, the height the unscrolled window has below the canvas's top
 * (DesignStep's canvasHeight, 80 px kept under it).
 */
function settled(figure: HTMLElement): boolean {
  const host = figure.querySelector<HTMLElement>('[data-canvas-page]')!;
  const style = getComputedStyle(figure);
  const room = figure.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const top = figure.parentElement!.parentElement!.getBoundingClientRect().top + scrollY + figure.offsetTop;
  const tall = matchMedia('(min-width: 1024px)').matches ? (innerHeight - top - 80) / host.offsetHeight : 1;
  return Math.abs(Number(figure.dataset.scale) - Math.min(room / host.offsetWidth, tall, 1)) < 0.01;
}

const box = async (l: Locator) => (await l.boundingBox())!;

/** The background colour of the Submit button in the pop-up drawn in `host` (a [data-lead-popup] or the canvas's). */
const buttonColour = (host: Locator) =>
  host.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.button')!).backgroundColor);

describe('the canvas', () => {
  it('draws the pop-up on the site’s page, selects a block clicked in it, opens its fields beside it, repaints as they and the brand colour change, and the partner page shows what was saved', async () => {
    const path = `/e2e/canvas-${MARK}/`;
    const c = await liveCampaign(path, { trigger_type: 'custom' });
    const page = await openDesign(c.id);
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    await expectAccessible(page);

    // On Desktop the canvas shows the site's own article page (its header, its colours) at a
    // laptop's proportions, the pop-up centred on it.
    await page.getByRole('radiogroup', { name: 'Preview on' }).getByText('Desktop', { exact: true }).click();
    await page.getByRole('figure', { name: 'Preview on desktop' }).waitFor();
    const site = page.locator('[data-site-page]');
    expect(await site.locator('header').textContent()).toContain('Health Group');
    expect(await site.locator('h1').textContent()).toMatch(/^Canvas /);
    expect(await site.locator('header').evaluate((h) => getComputedStyle(h).backgroundColor)).toBe('rgb(11, 93, 75)');
    const [sitePage, drawn] = [
      await box(page.locator('[data-page-box]')),
      await box(page.locator('[data-popup-preview] .popup')),
    ];
    expect(sitePage.width / sitePage.height).toBeCloseTo(1280 / 800, 2);
    expect(Math.abs(drawn.x + drawn.width / 2 - (sitePage.x + sitePage.width / 2))).toBeLessThan(2);
    expect(Math.abs(drawn.y + drawn.height / 2 - (sitePage.y + sitePage.height / 2))).toBeLessThan(2);

    // Click the title in the canvas: its fields open beside it, both in view, nothing scrolled.
    const canvas = page.getByRole('figure', { name: /Preview on/ });
    await page.locator('[data-popup-preview] .title').click();
    const fields = page.getByRole('region', { name: 'Edit Title' });
    await fields.waitFor();
    const text = fields.getByRole('textbox', { name: 'Text' });
    const [shown_, panel, field] = [await box(canvas), await box(fields), await box(text)];
    expect(panel.x, 'the fields are right of the canvas').toBeGreaterThanOrEqual(shown_.x + shown_.width);
    for (const [what, b] of [
      ['canvas', shown_],
      ['its Text field', field],
    ] as const) {
      expect(b.y, `${what} top`).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height, `${what} bottom`).toBeLessThanOrEqual(800);
      expect(b.x + b.width, `${what} right`).toBeLessThanOrEqual(1280);
    }
    expect(await page.evaluate(() => window.scrollY), 'no scroll needed').toBe(0);
    // Selected in the canvas (outlined) and in the block list alike.
    expect(await outlined(page)).toBe('0');
    const list = page.getByRole('grid', { name: 'Form blocks' });
    expect(await list.getByRole('row', { name: 'Title' }).getAttribute('aria-selected')).toBe('true');

    // What is typed repaints the canvas.
    const words = `Heart check ${MARK}`;
    await text.fill(words);
    await expect.poll(() => page.locator('[data-popup-preview] .title').textContent()).toBe(words);
    expect(await outlined(page)).toBe('0');

    // The brand colour chosen in the Style panel repaints the canvas's button.
    const preview = page.locator('[data-popup-preview]');
    await page.getByText('Style', { exact: true }).click();
    await page.getByRole('textbox', { name: /Brand colour/ }).fill('#B0306A');
    await expect.poll(() => buttonColour(preview)).toBe(BRAND);

    // The block list selects too, and the canvas follows.
    await list.getByRole('row', { name: 'Email' }).click();
    await page.getByRole('region', { name: 'Edit Email' }).waitFor();
    expect(await outlined(page)).toBe('2');
    await expectAccessible(page);

    // The canvas stays in view while the side panel scrolls.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const stuck = await box(canvas);
    expect(stuck.y).toBeGreaterThanOrEqual(0);
    expect(stuck.y + stuck.height).toBeLessThanOrEqual(800);

    // Saved: the partner page shows the same words and brand colour, and no outline.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Campaign has been updated!');
    const shownOn = await shown(await visitor(), path, c.code);
    expect(shownOn, 'the campaign is shown on its page').not.toBeNull();
    const popup = popupOf(shownOn!, c.code);
    await expect.poll(() => popup.locator('.title').textContent()).toBe(words);
    expect(await buttonColour(popup)).toBe(BRAND);
    expect(await popup.locator('[data-index]').count()).toBe(0);
  });

  it('keeps both in view at 1920 × 1080, sits above the fields on a phone with nothing sideways, and is what docs/screens shows', async () => {
    const c = await liveCampaign(`/e2e/canvas-shots-${MARK}/`, { trigger_type: 'custom' });
    const page = await openDesign(c.id);
    for (const [width, height] of [
      [1280, 800],
      [1920, 1080],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      const canvas = page.getByRole('figure', { name: /Preview on/ });
      await page.locator('[data-popup-preview] .title').click();
      const fields = page.getByRole('region', { name: 'Edit Title' });
      await fields.waitFor();
      const [a, b] = [await box(canvas), await box(fields.getByRole('textbox', { name: 'Text' }))];
      if (width >= 1024) {
        expect(b.x).toBeGreaterThanOrEqual(a.x + a.width);
        for (const r of [a, b]) expect(r.y + r.height).toBeLessThanOrEqual(height);
      } else {
        expect(b.y, 'the fields under the canvas').toBeGreaterThanOrEqual(a.y + a.height);
        // The click brought the fields into view.
        expect(b.y + b.height).toBeLessThanOrEqual(height);
      }
      expect(
        await page.evaluate(() => document.scrollingElement!.scrollWidth),
        'no sideways scroll',
      ).toBeLessThanOrEqual(width);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The picture settles once the pane's resize is measured: the page fits the pane's width and,
      // beside the panel, the window's height.
      await expect.poll(() => canvas.evaluate(settled)).toBe(true);
      await page.screenshot({ path: join(SHOTS, `builder-${width}x${height}.png`) });
    }
  });
});
