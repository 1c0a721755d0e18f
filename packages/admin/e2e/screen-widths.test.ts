import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCampaign, MARK, unique } from './fixtures.js';
import { open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/*
 * The screens at the narrowest desktop window the admin is made for (1280 px) and at a wide one:
 * what a row's actions and the builder's preview need stays inside the window, however long the
 * names and big the figures. Each check also leaves a screenshot in test-output/screens/ (ignored
 * by git) for a person to look at.
 */
const WIDTHS = [1280, 1366, 1400, 1920];
const SHOTS = join(import.meta.dirname, '..', 'test-output', 'screens');
const LEADER = 'leader@lead.test';

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

/** The horizontal extent of `locator` (every match) lies within the window's width. */
async function expectInsideWindow(page: Page, locator: Locator, what: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const boxes = await locator.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        left: Math.round(r.left),
        right: Math.round(r.right),
        label: el.getAttribute('aria-label') ?? el.textContent ?? '',
      };
    }),
  );
  expect(boxes.length, `${what}: none on the page`).toBeGreaterThan(0);
  const outside = boxes.filter((b) => b.left < 0 || b.right > width).map((b) => `${b.label} at ${b.left}–${b.right}`);
  expect(outside, `${what} outside a ${width} px window`).toEqual([]);
}

/** The page itself never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    client: document.scrollingElement!.clientWidth,
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

/**
 * A table wider than its frame scrolls sideways under its actions column: scrolled to the end,
 * its last column of figures shows whole, inside the window and clear of the actions.
 */
async function expectLastColumnReachable(page: Page, grid: Locator): Promise<void> {
  const seen = await grid.evaluate((table) => {
    const frame = table.closest('[data-table-container]')!;
    frame.scrollLeft = frame.scrollWidth;
    const actions = table.querySelector('[data-actions-column]');
    const last = [...table.querySelectorAll('[role=columnheader]')].filter((h) => h !== actions).at(-1)!;
    const l = last.getBoundingClientRect();
    const f = frame.getBoundingClientRect();
    const end = actions ? actions.getBoundingClientRect().left : f.right;
    return {
      column: last.textContent,
      left: Math.round(l.left),
      right: Math.round(l.right),
      from: Math.round(f.left),
      to: Math.round(Math.min(end, window.innerWidth)),
    };
  });
  // Within a pixel: the edges are rounded.
  expect(
    seen.left >= seen.from - 1 && seen.right <= seen.to + 1,
    `the last column cut off: ${JSON.stringify(seen)}`,
  ).toBe(true);
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

describe('the campaign list at 1280 px and wider', () => {
  const stem = `Wide ${MARK}`;
  // A name of long words, and one that is a single word with no place to break.
  const names = [
    `${stem} Chiến dịch chăm sóc sức khỏe tim mạch cho người cao tuổi ở thành phố Hồ Chí Minh và Hà Nội mùa thu`,
    `${stem}-${'Supercalifragilisticexpialidocious'.repeat(4)}`,
  ];
  beforeAll(async () => {
    const token = await tokenOf(LEADER);
    for (const name of names) await makeCampaign(token, { name });
  });

  for (const width of [1280, 1920]) {
    it(`keeps every row's actions in a ${width} px window, in the Information and the Report view, with long names`, async () => {
      const { page, context } = await open(`/?q=${encodeURIComponent(stem)}`, { as: LEADER });
      await page.setViewportSize({ width, height: 900 });
      const grid = page.getByRole('grid', { name: 'Campaigns' });
      await expect.poll(() => grid.getByRole('rowheader').count()).toBe(names.length);
      const actions = grid.locator('[data-row-actions-button]');
      await shot(page, `list-information-long-names-${width}`);
      await expectInsideWindow(page, actions, 'row actions');
      await expectNoSidewaysScroll(page);
      await expectLastColumnReachable(page, grid);

      await page.getByRole('radio', { name: 'Report' }).click({ force: true });
      await grid.getByRole('columnheader', { name: /Conversion rate/ }).waitFor();
      await shot(page, `list-report-long-names-${width}`);
      await expectInsideWindow(page, actions, 'row actions');
      await expectNoSidewaysScroll(page);

      await expectLastColumnReachable(page, grid);
      await context.close();

      // The first page of the whole list in its biggest figures (the demo's), with the totals row.
      const all = await open('/?view=Report&sort=total_impression&order=desc', { as: LEADER });
      await all.page.setViewportSize({ width, height: 900 });
      const allGrid = all.page.getByRole('grid', { name: 'Campaigns' });
      await expect.poll(() => allGrid.getByRole('rowheader').count()).toBeGreaterThan(10);
      await allGrid.getByRole('rowheader', { name: /^Total of / }).waitFor();
      await shot(all.page, `list-report-big-figures-${width}`);
      await expectInsideWindow(all.page, allGrid.locator('[data-row-actions-button]'), 'row actions');
      await expectNoSidewaysScroll(all.page);
      await expectLastColumnReachable(all.page, allGrid);
      await shot(all.page, `list-report-big-figures-scrolled-${width}`);
      await all.context.close();
    });
  }
});

/** How many lines the list's toolbar takes: its items sit on their bottoms, one line per bottom (within 3 px). */
const toolbarLines = (page: Page) =>
  page.getByRole('search', { name: 'Campaigns' }).evaluate((toolbar) => {
    const bottoms = [...toolbar.children]
      .filter((el) => (el as HTMLElement).offsetWidth > 0)
      .map((el) => el.getBoundingClientRect().bottom)
      .sort((a, b) => a - b);
    return bottoms.filter((b, i) => i === 0 || b - bottoms[i - 1]! > 3).length;
  });

describe("the campaign list's toolbar", () => {
  it('is one line at 1280 × 800 and wider, Performance picker included, and wraps narrower without scrolling sideways', async () => {
    const { page, context } = await open('/', { as: LEADER });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('grid', { name: 'Campaigns' }).getByRole('rowheader').first().waitFor();
    // The picker loads when the browser is idle after the first rows.
    await page.getByRole('group', { name: 'Performance' }).first().waitFor();
    await shot(page, 'list-toolbar-1280');
    expect(await toolbarLines(page)).toBe(1);
    for (const [width, height] of [
      [1366, 768],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await toolbarLines(page), `${width} px`).toBe(1);
    }
    for (const width of [1024, 800, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoSidewaysScroll(page);
      await expectInsideWindow(page, page.getByRole('group', { name: 'Performance' }), 'the Performance picker');
    }
    await shot(page, 'list-toolbar-390');
    await context.close();
  });
});

describe("the builder's desktop preview at 1280 px and wider", () => {
  // Desktop layouts of each family: the centred boxes, a full-width one, a bar, the side ones.
  const layouts = ['LightBoxB', 'Fullscreen', 'Floating', 'Sidebar'];
  for (const layout of layouts) {
    it(`shows the whole ${layout} pop-up at ${WIDTHS.join(', ')} px`, async () => {
      const token = await tokenOf(LEADER);
      const campaign = await makeCampaign(token, {
        name: unique(`Preview ${layout}`),
        extra_fields: {
          popupVersion: '2.1',
          currentLayout: layout,
          targetLinkType: 'links',
          popupShowThankYou: 'notshow',
          popupInlinePosition: '6th',
        },
      });
      const { page, context } = await open(`/edit-campaign/${campaign.id}?siteID=1&siteURL=bacsi-online.vn`, {
        as: LEADER,
      });
      await page
        .getByRole('navigation', { name: 'Campaign steps' })
        .getByRole('button', { name: /DESIGN/ })
        .click();
      await page.getByRole('radio', { name: 'Desktop' }).click({ force: true });
      const figure = page.getByRole('figure', { name: 'Preview on desktop' });
      const popup = figure.locator('.popup');
      await popup.waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `builder-preview-${layout}-${width}-resized`);
        // Inside the pane (once the resize has been measured) and so inside the window.
        await expect
          .poll(() =>
            figure.evaluate((f) => {
              const pane = f.getBoundingClientRect();
              const shown = f
                .querySelector('[data-popup-preview]')!
                .shadowRoot!.querySelector('.popup')!
                .getBoundingClientRect();
              const inside =
                shown.left >= pane.left - 0.5 && shown.right <= pane.right + 0.5 && f.scrollWidth <= f.clientWidth;
              return inside
                ? 'inside'
                : `pop-up ${shown.left}–${shown.right} in a pane ${pane.left}–${pane.right} scrolling ${f.scrollWidth} > ${f.clientWidth}`;
            }),
          )
          .toBe('inside');
        await figure.scrollIntoViewIfNeeded();
        await shot(page, `builder-preview-${layout}-${width}`);
        await expectInsideWindow(page, popup, `the ${layout} preview`);
        await expectNoSidewaysScroll(page);
      }
      await context.close();
    });
  }
});

describe("the builder's block palette", () => {
  it('shows every block name whole and on one line from 1280 to 1920 px', async () => {
    const campaign = await makeCampaign(await tokenOf(LEADER), { name: unique('Palette widths') });
    const { page, context } = await open(`/edit-campaign/${campaign.id}`, { as: LEADER });
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    const labels = page.locator('[data-palette-label]');
    await expect.poll(() => labels.count()).toBeGreaterThan(10);
    // The widths where a palette block is narrowest: just past where another column of blocks fits.
    for (const width of [1280, 1366, 1440, 1536, 1800, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(async () =>
          (
            await labels.evaluateAll((els) =>
              els.flatMap((el) => {
                const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
                const cut = el.scrollWidth > el.clientWidth;
                const lines = Math.round(el.getBoundingClientRect().height / lineHeight);
                return cut || lines > 1 ? [`${el.textContent}: ${cut ? 'cut' : `${lines} lines`}`] : [];
              }),
            )
          ).map((problem) => `at ${width} px, ${problem}`),
        )
        .toEqual([]);
    }
    await shot(page, 'builder-palette-1920');
    await context.close();
  });
});
