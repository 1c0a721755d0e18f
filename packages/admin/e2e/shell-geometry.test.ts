import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCampaign, MARK } from './fixtures.js';
import { expectAccessible, expectRoute, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/*
 * The shell and the campaign list as staff see them: at 1280 px the table fits (no header cut off,
 * the sorted column in view, rows at most 48 px, names on one line), on a phone the rows are cards
 * with their names in view, the navigation folds below 1024 px, and it stays usable while a call
 * loads. Screenshots go to test-output/screens (ignored by git), or to docs/screens with
 * DOC_SCREENS=1.
 */
const LEADER = 'leader@lead.test';
const SHOTS = process.env.DOC_SCREENS
  ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screens')
  : join(import.meta.dirname, '..', 'test-output', 'screens');
const stem = `Geometry ${MARK}`;
const LONG = `${stem} Chiến dịch chăm sóc sức khỏe tim mạch cho người cao tuổi ở thành phố Hồ Chí Minh và Hà Nội mùa thu`;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  const token = await tokenOf(LEADER);
  await makeCampaign(token, { name: LONG });
  await makeCampaign(token, { name: `${stem} short` });
});

async function openList(width: number, height: number, query = `q=${encodeURIComponent(stem)}`) {
  const opened = await open(`/?${query}`, { as: LEADER });
  await opened.page.setViewportSize({ width, height });
  const grid = opened.page.getByRole('grid', { name: 'Campaigns' });
  await expect.poll(() => grid.getByRole('rowheader').count()).toBeGreaterThan(1);
  return { ...opened, grid };
}

/**
 * The rows whose name's first letter is cut off at the start: left of the table's frame, or
 * under the row checkboxes (sticky at the start).
 */
const firstLettersCut = (grid: Locator) =>
  grid.evaluate((table) => {
    const frame = table.closest('[data-table-container]')!.getBoundingClientRect();
    return [...table.querySelectorAll<HTMLElement>('tbody td[data-column=name]')].flatMap((cell) => {
      const text = [...cell.querySelectorAll('a, span')].map((e) => e.firstChild).find((n) => n?.nodeType === 3);
      if (!text) return [];
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const x = range.getBoundingClientRect().left;
      const checkbox =
        cell.parentElement!.querySelector('[data-select-cell]')?.getBoundingClientRect().right ?? frame.left;
      return x >= frame.left && x >= checkbox - 0.5 ? [] : [`${text.textContent} at ${x} (table ${frame.left})`];
    });
  });

/** Each body row's height in px. */
const rowHeights = (grid: Locator) =>
  grid.locator('tbody > tr[data-key]').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));

describe('the campaign list at 1280 × 800', () => {
  it('fits: no column header cut off, the sorted column in view and clear of the actions, rows of at most 48 px', async () => {
    const { context, grid } = await openList(1280, 800);
    const fit = await grid.evaluate((table) => {
      const frame = table.closest('[data-table-container]')!;
      const actions = table.querySelector('[data-actions-column]')!.getBoundingClientRect();
      const headers = [...table.querySelectorAll<HTMLElement>('thead th')].filter(
        (h) => !h.hasAttribute('data-actions-column'),
      );
      return {
        overflow: frame.scrollWidth - frame.clientWidth,
        clipped: headers
          .filter((h) => h.scrollWidth > h.clientWidth + 1 || h.getBoundingClientRect().right > actions.left + 1)
          .map((h) => h.textContent),
        sorted: table.querySelector('[aria-sort=descending], [aria-sort=ascending]')?.textContent ?? '',
      };
    });
    expect(fit.overflow, 'the table scrolls sideways at 1280 px').toBeLessThanOrEqual(1);
    expect(fit.clipped).toEqual([]);
    expect(fit.sorted).toMatch(/Last update/);
    for (const height of await rowHeights(grid)) expect(height).toBeLessThanOrEqual(48);

    // Sorted by Created: that column too is in view.
    await grid.getByRole('columnheader', { name: /Created/ }).click();
    await expect
      .poll(() => grid.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort'))
      .not.toBe('none');
    const created = await grid.getByRole('columnheader', { name: /Created/ }).boundingBox();
    expect(created!.x + created!.width).toBeLessThanOrEqual(1280);

    await context.close();

    // A narrower window, where the table scrolls sideways: sorted by Created (through the URL, not
    // a click, which would scroll the header into view itself), the list brings that column out
    // from under the actions column.
    const narrow = await openList(1100, 800);
    await narrow.page.evaluate(
      (q) => (location.hash = `#/?${q}&sort=created_at&order=asc`),
      `q=${encodeURIComponent(stem)}`,
    );
    const seen = () =>
      narrow.grid.evaluate((table) => {
        const frame = table.closest('[data-table-container]')!;
        const actions = table.querySelector('[data-actions-column]')!.getBoundingClientRect();
        // The names stay at the start as the table scrolls: the sorted column shows beside them.
        const names = table.querySelector('th[data-column=name]')!.getBoundingClientRect();
        const sorted = table.querySelector('[aria-sort=ascending]');
        if (!sorted || frame.scrollWidth <= frame.clientWidth) return 'not sorted, or no sideways scroll';
        const r = sorted.getBoundingClientRect();
        return r.left >= names.right - 1 && r.right <= actions.left + 1
          ? `${sorted.textContent} in view`
          : `${r.left}–${r.right} in ${names.right}–${actions.left}`;
      });
    await expect.poll(seen).toMatch(/^Created.* in view$/);
    // Scrolled so, no name is cut off at the start.
    expect(await firstLettersCut(narrow.grid)).toEqual([]);
    await narrow.context.close();
  });

  it('cuts no name at its start, even scrolled sideways, and keeps the toolbar buttons one line of at most 40 px', async () => {
    const { page, context, grid } = await openList(1280, 800);
    expect(await firstLettersCut(grid)).toEqual([]);
    // Scrolled to its end (as revealing a sorted column does), the names stay where they were.
    await grid.evaluate((t) => {
      const frame = t.closest('[data-table-container]')!;
      frame.scrollLeft = frame.scrollWidth;
    });
    expect(await firstLettersCut(grid)).toEqual([]);
    const buttons = page.locator(
      '[role=search][aria-label=Campaigns] button:not([aria-label^="Clear"]), [aria-label="Sidebar filter"] > button',
    );
    const sizes = await buttons.evaluateAll((els) =>
      els.map((b) => ({
        text: b.textContent,
        height: b.getBoundingClientRect().height,
        lines: b.getClientRects().length,
      })),
    );
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    for (const b of sizes) expect(b.height, b.text ?? '').toBeLessThanOrEqual(40);
    // One line: as tall as the Filters button, whatever its words.
    const filters = sizes.find((b) => b.text?.startsWith('Filters'))!;
    for (const b of sizes) expect(Math.abs(b.height - filters.height), b.text ?? '').toBeLessThanOrEqual(1);
    await context.close();
  });

  it('shows a long name on one line, ending in an ellipsis, whole in its title and its accessible name', async () => {
    const { page, context, grid } = await openList(1280, 800);
    const link = grid.getByRole('link', { name: LONG, exact: true });
    const shape = await link.evaluate((a) => ({
      lines: Math.round(a.getBoundingClientRect().height / parseFloat(getComputedStyle(a).lineHeight)),
      truncated: a.scrollWidth > a.clientWidth,
      title: a.getAttribute('title'),
      overflow: getComputedStyle(a).textOverflow,
    }));
    expect(shape).toEqual({ lines: 1, truncated: true, title: LONG, overflow: 'ellipsis' });
    // Every name of the page on one line.
    const heights = await grid
      .getByRole('rowheader')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().height));
    for (const h of heights) expect(h).toBeLessThanOrEqual(48);
    // The full date on hover of the compact one.
    const updated = grid.locator('tbody [data-column=updated] time').first();
    expect(await updated.getAttribute('title')).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2}$/);
    expect(await updated.innerText()).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
    await expectAccessible(page);
    await context.close();
  });
});

describe('the campaign list at 1920 × 1080', () => {
  it('fits without scrolling sideways, rows of at most 48 px, and no serious axe finding', async () => {
    const { page, context, grid } = await openList(1920, 1080);
    expect(
      await grid.evaluate(
        (t) => t.closest('[data-table-container]')!.scrollWidth - t.closest('[data-table-container]')!.clientWidth,
      ),
    ).toBeLessThanOrEqual(1);
    for (const height of await rowHeights(grid)) expect(height).toBeLessThanOrEqual(48);
    expect(await firstLettersCut(grid)).toEqual([]);
    await expectAccessible(page);
    await context.close();
  });
});

describe('the navigation', () => {
  it('is a 220–240 px column with icons and the active page at 1280 px', async () => {
    const { page, context } = await openList(1280, 800);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const box = await nav.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(220);
    expect(box!.width).toBeLessThanOrEqual(240);
    for (const name of ['Campaign', 'Leads', 'Clients', 'Users', 'System History', 'Settings', 'Erase a person']) {
      expect(await nav.getByRole('link', { name, exact: true }).locator('svg').count(), name).toBe(1);
    }
    expect(await nav.getByRole('link', { name: 'Campaign', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('heading', { name: 'Manage users' }).first().waitFor();
    expect(await nav.getByRole('link', { name: 'Users', exact: true }).getAttribute('aria-current')).toBe('page');
    await context.close();
  });

  it('folds into a top bar with a menu button below 1024 px: focus moves in, Escape closes and returns it', async () => {
    const { page, context } = await openList(1000, 800);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu', exact: true });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'System History' }).isVisible()).toBe(false);
    await menu.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Campaign');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')))
      .toBe('main-nav-panel');
    // Open again and go somewhere: the panel closes.
    await menu.click();
    await nav.getByRole('link', { name: 'System History' }).click();
    await expectRoute(page, '/system-history');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('stays clickable while a call loads: the overlay covers the content only', async () => {
    const { page, context } = await open('/system-history', { as: LEADER });
    await page.getByRole('heading', { level: 1, name: 'System History' }).waitFor();
    // Hold the list's first answer (the real server's) until the test lets it go: its overlay shows.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/api/admin/campaign'),
      async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      },
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaign', exact: true }).click();
    const overlay = page.locator('[data-app-loading]');
    await overlay.waitFor();
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Erase a person' });
    // What is under the link's centre is the link: the overlay leaves the navigation uncovered.
    const box = (await link.boundingBox())!;
    const under = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(under).toBe('Erase a person');
    await link.click({ timeout: 5_000 });
    await page.getByRole('heading', { level: 1, name: 'Erase a person' }).waitFor();
    release();
    await context.close();
  });
});

describe('on a phone (390 × 844)', () => {
  it('shows the campaigns as cards with their names in view, the navigation behind a menu button, and no serious axe finding', async () => {
    const { page, context, grid } = await openList(390, 844);
    await page.getByRole('button', { name: 'Menu', exact: true }).waitFor();
    const names = await grid.getByRole('rowheader').evaluateAll((cells) =>
      cells.map((c) => {
        const r = c.getBoundingClientRect();
        return { left: r.left, right: r.right, width: r.width };
      }),
    );
    for (const n of names) {
      expect(n.left).toBeGreaterThanOrEqual(0);
      expect(n.right).toBeLessThanOrEqual(390);
      expect(n.width).toBeGreaterThan(150);
    }
    // A card: the name, the status and the row's menu, in the window.
    const first = grid.locator('tbody > tr[data-key]').first();
    for (const part of ['[data-status-badge]', '[data-row-actions-button]']) {
      const b = (await first.locator(part).boundingBox())!;
      expect(b.x + b.width, part).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    // The toolbar holds no empty place (the Performance picker's, while it loads).
    const empty = await page
      .locator('[role=search][aria-label=Campaigns] > *')
      .evaluateAll((els) =>
        els
          .filter((e) => e.childElementCount === 0 && !e.textContent?.trim())
          .map((e) => e.getBoundingClientRect().height),
      );
    for (const h of empty) expect(h).toBeLessThanOrEqual(1);
    await expectAccessible(page);
    await context.close();
  });
});

/** The screens for the docs (docs/screens with DOC_SCREENS=1): the list and the detail page (the builder's are e2e/builder-canvas.test.ts's). */
describe('screenshots', () => {
  const SIZES: Array<[number, number]> = [
    [1280, 800],
    [1920, 1080],
    [390, 844],
  ];
  it('of the list and the detail page at 1280 × 800, 1920 × 1080 and 390 × 844', async () => {
    for (const [width, height] of SIZES) {
      const list = await openList(width, height, 'page=1');
      // The whole page as staff see it once settled: the Performance picker loads when idle.
      await list.page.getByRole('group', { name: 'Performance' }).waitFor();
      await list.page.screenshot({ path: join(SHOTS, `list-${width}x${height}.png`) });
      await list.context.close();
      // The detail page of the demo's first campaign (its figures and 1,000+ leads), whole: its
      // height stays a few screens whatever the number of leads.
      const detail = await open('/campaign-details/1', { as: LEADER });
      await detail.page.setViewportSize({ width, height });
      await detail.page.getByRole('grid', { name: 'Leads' }).getByRole('rowheader').first().waitFor();
      await detail.page.getByRole('slider', { name: 'Day of the daily chart' }).waitFor();
      await detail.page.getByRole('grid', { name: 'Spam bin' }).waitFor();
      await detail.page.screenshot({ path: join(SHOTS, `detail-${width}x${height}.png`), fullPage: true });
      await detail.context.close();
    }
  });
});
