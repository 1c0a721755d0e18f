import { axeScan, describeViolations, launchBrowser } from '@lead/testing';
import { THEME_VALUES } from '@lead/styles';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The gallery is the library's consumer fixture: it imports the built @lead/headless entries and
 * @lead/styles' CSS, as another internal tool would. These tests open it in Chromium and scan
 * every component, in both themes, with axe-core (colour contrast included).
 */
const root = join(import.meta.dirname, '..');
let server: PreviewServer;
let browser: Browser;
let url: string;

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would give React's development build: build as production.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ root, mode: 'production', logLevel: 'error' });
  process.env.NODE_ENV = env;
  server = await preview({ root, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  url = server.resolvedUrls!.local[0]!;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()));
});

async function open(theme: 'light' | 'dark'): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${url}?theme=${theme}`);
  await page.getByRole('heading', { name: 'Lead components' }).waitFor();
  return page;
}

describe.each(['light', 'dark'] as const)('the gallery in the %s theme', (theme) => {
  it('has no axe violations with every component at rest', async () => {
    const page = await open(theme);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    expect(describeViolations(await axeScan(page))).toEqual([]);
    await page.close();
  });

  it('has no axe violations with the menus, the date picker and the dialogs open', async () => {
    const page = await open(theme);
    await page.getByRole('button', { name: 'Actions for Heart quiz' }).click();
    expect(describeViolations(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Status: All' }).click();
    expect(describeViolations(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open calendar' }).click();
    await page.getByRole('dialog', { name: 'Performance' }).waitFor();
    expect(describeViolations(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete campaign' }).click();
    await page.getByRole('alertdialog', { name: 'Do you want delete campaign?' }).waitFor();
    expect(describeViolations(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Show a toast' }).click();
    await page.getByText('Saved!').waitFor();
    expect(describeViolations(await axeScan(page))).toEqual([]);
    await page.close();
  });
});

describe('the styles reach the components', () => {
  it.each(['light', 'dark'] as const)(
    'draws each status badge in its status colours and Inter (%s theme)',
    async (theme) => {
      const page = await open(theme);
      const values = THEME_VALUES[theme].status;
      const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      for (const [status, key] of [
        ['paused', 'paused'],
        ['ab-test', 'abTest'],
        ['expired', 'expired'],
      ] as const) {
        const badge = page.locator(`[data-status-badge][data-status="${status}"]`);
        const [background, color] = await badge.evaluate((el) => [
          getComputedStyle(el).backgroundColor,
          getComputedStyle(el).color,
        ]);
        expect([background, color], status).toEqual([rgb(values[key].background), rgb(values[key].text)]);
      }
      // The self-hosted font: loaded from the gallery's own origin, Vietnamese included.
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.fonts.check('14px "Inter Variable"', 'Chiến dịch'))).toBe(true);
      const fonts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => n.endsWith('.woff2')),
      );
      expect(fonts.some((n) => n.includes('vietnamese'))).toBe(true);
      for (const font of fonts) expect(new URL(font).origin).toBe(new URL(url).origin);
      await page.close();
    },
  );

  it('colours the selected tab from the theme, and changes with it', async () => {
    const page = await open('light');
    const tab = page.getByRole('tab', { name: 'by Name' });
    const light = await tab.evaluate((el) => getComputedStyle(el).color);
    await page.getByText('Dark', { exact: true }).click();
    const dark = await tab.evaluate((el) => getComputedStyle(el).color);
    expect(light).toBe('rgb(26, 72, 179)');
    expect(dark).toBe('rgb(157, 188, 250)');
    await page.close();
  });

  it('moves a page of rows with PageDown and PageUp in a table of fixed height', async () => {
    const page = await open('light');
    // The first table of the gallery: 260 px high.
    const grid = page.locator('[data-fixed-height] [role=grid]').first();
    const rows = grid.locator('[role=row][data-key]');
    const count = await rows.count();
    const focusedIndex = () =>
      grid.evaluate((el) =>
        [...el.querySelectorAll('[role=row][data-key]')].findIndex(
          (r) => r === document.activeElement || r.contains(document.activeElement),
        ),
      );
    // The rows that fit in the table's height: PageDown moves by those, not to the end.
    const perPage = await grid.evaluate((el) => {
      const box = el.parentElement!.getBoundingClientRect();
      const header = el.querySelector('thead')!.getBoundingClientRect().height;
      const row = el.querySelector('[role=row][data-key]')!.getBoundingClientRect().height;
      return Math.floor((box.height - header) / row);
    });
    expect(count).toBeGreaterThan(perPage + 1);
    await rows.first().focus();
    expect(await focusedIndex()).toBe(0);
    await page.keyboard.press('PageDown');
    const down = await focusedIndex();
    expect(down).toBeGreaterThan(0);
    expect(down).toBeLessThan(count - 1);
    await page.keyboard.press('PageUp');
    expect(await focusedIndex()).toBe(0);
    await page.close();
  });

  it("leaves the host page's own controls alone: a react-aria button looks like a native one, and reduced motion is ours only", async () => {
    const page = await browser.newPage({ reducedMotion: 'reduce' });
    await page.goto(`${url}?theme=light`);
    await page.getByRole('heading', { name: 'Lead components' }).waitFor();
    const look = (name: string) =>
      page.getByRole('button', { name }).evaluate((el) => {
        const s = getComputedStyle(el);
        return [
          s.backgroundColor,
          s.borderTopColor,
          s.borderTopWidth,
          s.borderRadius,
          s.paddingLeft,
          s.minHeight,
          s.outlineStyle,
          s.cursor,
        ];
      });
    expect(await look("A react-aria button of the page's own")).toEqual(await look('A native button'));
    // Our own button next to them is themed.
    expect(await look('Show a toast')).not.toEqual(await look('A native button'));
    expect(await page.locator('[data-host-motion]').evaluate((el) => getComputedStyle(el).transitionDuration)).toBe(
      '0.3s',
    );
    expect(
      await page
        .getByRole('button', { name: 'Show a toast' })
        .evaluate((el) => getComputedStyle(el).transitionDuration),
    ).toBe('1e-05s');
    await page.close();
  });

  it('draws one focus ring in the date range picker, and no box around the tag input', async () => {
    const page = await open('light');
    const picker = page.locator('[data-date-range-picker]');
    await picker.getByRole('spinbutton').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    // Elements of the picker with a visible outline (the segment shows focus by its fill).
    const rings = await picker.evaluate(
      (root) =>
        [root, ...root.querySelectorAll('*')].filter((el) => {
          const s = getComputedStyle(el);
          return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
        }).length,
    );
    expect(rings).toBe(1);
    // The tag input's entry row (label, field and Add) is a layout group, not a framed field.
    const entry = page.locator('[data-tag-input-entry]');
    expect(await entry.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('none');
    await page.close();
  });

  it('takes a theme written in plain CSS: a --lead-* property set on the page recolours our primary button', async () => {
    const page = await open('light');
    const fill = () =>
      page.getByRole('button', { name: 'Show a toast' }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await fill()).toBe('rgb(29, 79, 196)');
    await page.addStyleTag({ content: ':root.brand { --lead-color-primary: #0a7d55; }' });
    await page.evaluate(() => document.documentElement.classList.add('brand'));
    // The button's background transition runs first.
    await expect.poll(fill).toBe('rgb(10, 125, 85)');
    await page.close();
  });

  it('drops a block onto an empty canvas with the keyboard: Enter on a drag handle lands on the canvas, Tab cycles the drop targets, Enter drops', async () => {
    const page = await open('light');
    const canvas = page.getByRole('grid', { name: 'Form blocks' });
    await canvas.getByRole('button', { name: 'Remove Email' }).click();
    // The empty canvas is a grid with one row of its own: the "Drop blocks here" message.
    const blocks = canvas.locator('[role=row][data-key]');
    await expect.poll(() => blocks.count()).toBe(0);
    const palette = page.getByRole('grid', { name: 'Blocks' });
    await palette.getByRole('row', { name: 'Email' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    // The drag starts on the first place it can drop: the canvas (its drop target is labelled by the canvas grid).
    const canvasId = await canvas.getAttribute('id');
    const focused = () =>
      page.evaluate(
        () =>
          `${document.activeElement?.getAttribute('aria-labelledby') ?? ''} ${document.activeElement?.getAttribute('aria-label') ?? ''}`,
      );
    expect((await focused()).split(' ')).toContain(canvasId);
    // Tab cycles the drop targets and the drag's source (Enter there cancels: "Enter, Tab, Enter"
    // cancels, as react-aria makes it). The gallery's CSV drop zone is not a target for a block: it
    // was, and took the block, before FileDropZone refused drags of text.
    await page.keyboard.press('Tab');
    expect(await focused()).toContain('Drag Phone');
    await page.keyboard.press('Tab');
    expect((await focused()).split(' ')).toContain(canvasId);
    await page.keyboard.press('Enter');
    await expect.poll(() => blocks.allInnerTexts()).toEqual([expect.stringContaining('Phone')]);
    await page.close();
  });

  /*
   * The virtualised table's proof at full size, in a real browser (the component test has as many
   * rows, without layout: VirtualizedDataTable.test.tsx): the grid says it has every row,
   * and the page holds only those in view, at the top, the middle and the end, however they are reached.
   */
  it('scrolls and moves by keyboard through 100,000 rows with only the rows in view in the page', async () => {
    const page = await open('light');
    const grid = page.getByRole('grid', { name: 'Leads' });
    expect(await grid.getAttribute('aria-rowcount')).toBe('100001');
    const rendered = () => grid.getByRole('row').count();
    const rowHeader = (n: number) => grid.getByRole('rowheader', { name: `reader${n}@example.com`, exact: true });
    // The table's frame scrolls (its header stays), 36 px a row.
    const scroll = (to: 'middle' | 'end') =>
      grid.evaluate((el, where) => {
        const frame = el.closest('[data-fixed-height]')!;
        frame.scrollTo(0, where === 'end' ? frame.scrollHeight : 36 * 50_000);
      }, to);
    await rowHeader(1).waitFor();
    expect(await rendered()).toBeLessThan(60);
    await scroll('middle');
    await rowHeader(50_001).waitFor();
    expect(await rendered()).toBeLessThan(60);
    await expect.poll(() => rowHeader(1).count()).toBe(0);
    await scroll('end');
    await rowHeader(100_000).waitFor();
    expect(await rendered()).toBeLessThan(60);

    // The keyboard: Home and End go to the first and last of all the rows, PageDown by the rows in view.
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.closest('[role=row]')?.querySelector('[role=rowheader]')?.textContent ?? null,
      );
    await rowHeader(100_000).locator('xpath=ancestor::*[@role="row"][1]').focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('row');
    expect(await focused()).toBe('reader100000@example.com');
    await page.keyboard.press('Home');
    await expect.poll(focused).toBe('reader1@example.com');
    expect(await rendered()).toBeLessThan(60);
    await page.keyboard.press('PageDown');
    await expect.poll(focused).not.toBe('reader1@example.com');
    const paged = Number((await focused())!.replace(/\D/g, ''));
    // A page of a 300 px table under its 36 px header: about seven rows, not one, not the end.
    expect(paged).toBeGreaterThan(2);
    expect(paged).toBeLessThan(20);
    expect(await rendered()).toBeLessThan(60);
    await page.keyboard.press('End');
    await expect.poll(focused).toBe('reader100000@example.com');
    expect(await rendered()).toBeLessThan(60);
    await page.keyboard.press('Control+Home');
    await expect.poll(focused).toBe('reader1@example.com');
    expect(await rendered()).toBeLessThan(60);
    await page.close();
  });
});
