import { LAYOUTS } from '@lead/contract';
import { axeScan, describeViolations } from '@lead/testing';
import { describe, expect, it } from 'vitest';
import { boxIn, DESKTOP, DESKTOP_ONLY, layoutCampaign, MODAL, openLayout, PHONE, type Box } from './layouts.js';

/** The narrowest phone the layouts are made for. */
const SMALL_PHONE = { width: 360, height: 740 };
import { usePartnerBrowser } from './partner.js';

usePartnerBrowser();

/*
 * Each layout's place, size and manners on the demo partner page (docs/layouts.md), at a laptop's
 * 1280×800 and phones' 390×844 and 360×740 (the layouts the builder offers on Mobile): where its
 * box is, whether it covers the page (modal: a backdrop, focus inside) or leaves it usable (no
 * backdrop, focus left where it was, the page under it reachable), and axe on it.
 */

const near = (actual: number, expected: number, what: string) =>
  expect(Math.abs(actual - expected), `${what}: ${actual} ≈ ${expected}`).toBeLessThan(2);
const centred = (b: Box, v: { width: number; height: number }, what: string) => {
  near(b.x + b.width / 2, v.width / 2, `${what} centred across`);
  near(b.y + b.height / 2, v.height / 2, `${what} centred down`);
};
const inside = (b: Box, v: { width: number; height: number }, what: string) => {
  expect(b.x, `${what} left`).toBeGreaterThanOrEqual(-0.5);
  expect(b.x + b.width, `${what} right`).toBeLessThanOrEqual(v.width + 0.5);
  expect(b.y + b.height, `${what} bottom`).toBeLessThanOrEqual(v.height + 0.5);
};

for (const viewport of [DESKTOP, PHONE, SMALL_PHONE]) {
  const phone = viewport.width < DESKTOP.width;
  const device = `${viewport.width}`;
  describe(`each layout at ${viewport.width}×${viewport.height}`, () => {
    for (const layout of LAYOUTS.filter((l) => !phone || !DESKTOP_ONLY.includes(l))) {
      it(layout, async () => {
        const c = await layoutCampaign(layout, `placed-${device}`);
        const { page, host, before } = await openLayout(c, viewport);
        const box = (await boxIn(host, '.popup'))!;
        const tab = await boxIn(host, '.tab');
        const popup = host.locator('.popup');

        // Modal or not.
        if (MODAL.includes(layout)) {
          expect(await page.getByRole('dialog', { name: 'Free heart check' }).count()).toBe(1);
          // Focus on the form's first control.
          const focused = await host.evaluate(
            (el) => el.shadowRoot!.activeElement?.getAttribute('name') ?? el.shadowRoot!.activeElement?.textContent,
          );
          expect(focused, 'focus moved to the form').toBe(layout === 'LightBoxA' ? 'Read the guide' : 'name');
        } else {
          expect(await host.locator('.backdrop').count(), 'no backdrop').toBe(0);
          expect(await page.evaluate(() => document.activeElement === document.body), 'focus left on the page').toBe(
            true,
          );
          if (layout.endsWith('Tab'))
            expect(await page.getByRole('button', { name: /Free heart check/ }).count(), 'the folded tab').toBe(1);
          else expect(await page.getByRole('region', { name: 'Free heart check' }).count()).toBe(1);
          // The page beside the pop-up is the page's: clicks and wheels reach it.
          const shown = [box, tab].filter((b): b is Box => b !== null);
          const free = [
            [viewport.width / 2, viewport.height / 2],
            [viewport.width / 2, viewport.height - 30],
            [viewport.width / 2, 30],
          ].find(
            ([x, y]) => !shown.some((b) => x! >= b.x && x! <= b.x + b.width && y! >= b.y && y! <= b.y + b.height),
          )!;
          expect(
            await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.hasAttribute('data-lead-popup'), free),
            `the page at ${free.join(',')}`,
          ).toBe(false);
        }
        if (!layout.startsWith('Inline') && !layout.endsWith('Tab')) inside(box, viewport, layout);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          'no sideways scroll',
        ).toBeLessThanOrEqual(viewport.width);

        switch (layout) {
          case 'LightBoxA':
            centred(box, viewport, layout);
            near((await boxIn(host, '.media img'))!.height, 250, 'the picture');
            if (!phone) near(box.width, 375, 'the card');
            expect(await host.locator('.backdrop').count()).toBe(1);
            break;
          case 'LightBoxB':
            centred(box, viewport, layout);
            near(box.width, phone ? viewport.width - 32 : 480, 'the card');
            expect(await host.locator('.backdrop').count()).toBe(1);
            break;
          case 'Fullscreen':
            expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, viewport.width, viewport.height]);
            expect((await boxIn(host, '.media img'))!.width, 'its picture covers it').toBe(viewport.width);
            break;
          case 'Floating':
            near(box.x, 0, 'left edge');
            near(box.width, viewport.width, 'full width');
            near(box.y + box.height, viewport.height, 'bottom edge');
            if (phone) expect(box.height).toBeLessThanOrEqual(viewport.height * 0.7 + 1);
            else {
              expect(box.height, 'a slim bar').toBeLessThanOrEqual(120);
              // Its fields side by side, none stretched across the screen.
              const [name, email] = await Promise.all(
                ['input[name=name]', 'input[name=email]'].map((s) => boxIn(host, s)),
              );
              near(name!.y, email!.y, 'fields on one line');
              expect(name!.width).toBeLessThan(320);
            }
            break;
          case 'Slider':
            near(box.x + box.width, viewport.width - 24, 'right corner');
            near(box.y + box.height, viewport.height - 24, 'bottom corner');
            near(box.width, 360, 'a card');
            break;
          case 'Sidebar':
            expect([box.x + box.width, box.y, box.height]).toEqual([viewport.width, 0, viewport.height]);
            near(box.width, 400, 'a panel');
            break;
          case 'Tab':
          case 'CenterTab': {
            // Folded: the tab alone, 75×75 at its edge.
            expect(await popup.isHidden()).toBe(true);
            near(tab!.width, 75, 'tab width');
            near(tab!.height, 75, 'tab height');
            if (layout === 'Tab') near(tab!.x + tab!.width, viewport.width, 'tab at the right edge');
            else {
              near(tab!.x + tab!.width / 2, viewport.width / 2, 'tab centred');
              near(tab!.y + tab!.height, viewport.height, 'tab on the bottom edge');
            }
            // Opened: the form at the same edge, focus in it; closed: folded back, focus on the tab.
            await host.locator('.tab').click();
            const open = (await boxIn(host, '.popup'))!;
            inside(open, viewport, `open ${layout}`);
            expect(await host.locator('.tab').isHidden()).toBe(true);
            expect(await host.evaluate((el) => el.shadowRoot!.activeElement?.getAttribute('name'))).toBe('name');
            if (layout === 'Tab') near(open.x + open.width, viewport.width, 'open at the right edge');
            else {
              near(open.x + open.width / 2, viewport.width / 2, 'open centred');
              near(open.y + open.height, viewport.height, 'open on the bottom edge');
            }
            expect(
              describeViolations(await axeScan(page, { minImpact: 'serious', include: '[data-lead-popup]' })),
              `open ${layout}`,
            ).toEqual([]);
            await popup.getByRole('button', { name: 'Close' }).click();
            expect(await popup.isHidden()).toBe(true);
            expect(await host.evaluate((el) => el.shadowRoot!.activeElement?.className)).toBe('tab');
            break;
          }
          case 'SkinA':
          case 'SkinB': {
            const rails = await Promise.all(
              ['.rail[data-side=left]', '.rail[data-side=right]'].map((s) => boxIn(host, s)),
            );
            if (phone && layout === 'SkinA') {
              // The frame kept as thin rails down both sides, the form in a card on the bottom edge between them.
              const [left, right] = rails as [Box, Box];
              expect([left.x, left.y, left.width, left.height], 'left rail').toEqual([0, 0, 12, viewport.height]);
              expect([right.x + right.width, right.y, right.width, right.height], 'right rail').toEqual([
                viewport.width,
                0,
                12,
                viewport.height,
              ]);
              expect([box.x, box.x + box.width], 'the card between the rails').toEqual([12, viewport.width - 12]);
              near(box.y + box.height, viewport.height, 'the card on the bottom edge');
              expect(box.height).toBeLessThanOrEqual(viewport.height * 0.6 + 1);
              expect((await boxIn(host, '.media img'))!.y, 'the picture as a strip over the form').toBeLessThan(
                (await boxIn(host, 'input[name=name]'))!.y,
              );
              break;
            }
            if (phone) {
              // Skin B: the form across the top, a sticky banner, no rails.
              expect(rails).toEqual([null, null]);
              expect([box.x, box.y, box.width]).toEqual([0, 0, viewport.width]);
              expect(box.height).toBeLessThanOrEqual(viewport.height * 0.6 + 1);
              break;
            }
            const article = (await page.locator('main').boundingBox())!;
            const [left, right] = rails as [Box, Box];
            expect([left.x, left.y, left.height], 'left rail').toEqual([0, 0, viewport.height]);
            expect([right.x + right.width, right.y, right.height], 'right rail').toEqual([
              viewport.width,
              0,
              viewport.height,
            ]);
            expect(left.x + left.width, 'the article free on the left').toBeLessThanOrEqual(article.x);
            expect(right.x, 'and on the right').toBeGreaterThanOrEqual(article.x + article.width);
            if (layout === 'SkinA') {
              // The form in the right rail.
              expect(box.x).toBeGreaterThanOrEqual(right.x);
              expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
            } else {
              // The form in the frame's top band, between the rails.
              expect(box.y).toBeLessThan(20);
              expect(box.height).toBeLessThanOrEqual(120);
              expect(box.x).toBeGreaterThanOrEqual(left.x + left.width);
              expect(box.x + box.width).toBeLessThanOrEqual(right.x);
            }
            break;
          }
          case 'InlineA':
          case 'InlineB': {
            // In the article after its 2nd paragraph, in the page's flow: the page grew by it.
            const previous = await host.evaluate((el) => el.previousElementSibling?.textContent ?? '');
            const paragraphs = await page.locator('article > p').allTextContents();
            expect(previous).toBe(paragraphs.filter((p) => !p.startsWith('Tags'))[1]);
            const grown = await page.evaluate(() => document.documentElement.scrollHeight);
            expect(grown - before, 'the page grew by the pop-up').toBeGreaterThanOrEqual(box.height);
            const article = (await page.locator('article').boundingBox())!;
            near(box.width, article.width, 'the article’s width');
            const [picture, form] = await Promise.all([boxIn(host, '.media'), boxIn(host, '.body')]);
            if (layout === 'InlineA' && !phone)
              expect(picture!.x + picture!.width, 'the picture beside the form').toBeLessThanOrEqual(form!.x);
            else expect(picture!.y + picture!.height, 'the picture above the form').toBeLessThanOrEqual(form!.y);
            break;
          }
        }
        if (!layout.endsWith('Tab'))
          expect(
            describeViolations(await axeScan(page, { minImpact: 'serious', include: '[data-lead-popup]' })),
            layout,
          ).toEqual([]);
      });
    }
  });
}
