import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, expectAccessible, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/*
 * The detail page's shape, whatever the campaign's size: the lead table scrolls in its own box, so
 * the page stays a few screens tall with 1,200 leads in the table; the chart is the content's
 * width, with each day's figures under the pointer and from the keyboard; one date format.
 */
const LEADER = 'leader@lead.test';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
/** 'DD MMM, YYYY HH:mm', or a whole day's 'DD MMM, YYYY' (a day of the daily figures has no time). */
const DISPLAY = new RegExp(`^\\d{2} ${MONTH}, \\d{4}(?: \\d{2}:\\d{2})?$`);
/** Anything that reads as a date: a month's name with a day and year either way round, or digits. */
const DATE_LIKE = new RegExp(
  [
    `\\d{1,2} ${MONTH},? \\d{4}(?: \\d{2}:\\d{2})?`,
    `${MONTH} \\d{1,2},? \\d{4}`,
    `\\d{4}-\\d{2}-\\d{2}`,
    `\\d{1,2}/\\d{1,2}/\\d{4}`,
  ].join('|'),
  'g',
);

/** The text of the page's content, less the date picker's fields (typed as DD/MM/YYYY, the date filters' format). */
const contentText = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
    for (const field of main.querySelectorAll('[role=spinbutton]')) field.closest('[role=group]')?.remove();
    document.body.append(main);
    const text = main.innerText;
    main.remove();
    return text;
  });

/** The demo's first campaign: the seed gives it well over 1,200 leads, which no journey changes. */
async function bigCampaign(): Promise<{ id: number; name: string; total: number }> {
  const token = await tokenOf(LEADER);
  const { campaign } = (await apiCall(token, 'GET /api/admin/campaign/:id', { params: { id: 1 } })).body._data;
  expect(campaign.total_lead).toBeGreaterThan(1200);
  return { id: 1, name: campaign.name, total: campaign.total_lead };
}

describe('the campaign detail page', () => {
  it('stays a few screens tall with 1,200 leads in its table, which scrolls in its own box', async () => {
    const c = await bigCampaign();
    const { page, context } = await open(`/campaign-details/${c.id}`, { as: LEADER });
    await page.setViewportSize({ width: 1280, height: 800 });
    const grid = page.getByRole('grid', { name: 'Leads' });
    await grid.waitFor();
    await page.getByRole('button', { name: 'Load more leads' }).click();
    await expect.poll(async () => Number(await grid.getAttribute('aria-rowcount'))).toBe(1201);
    const frame = await grid.evaluate((el) => {
      const f = el.closest<HTMLElement>('[data-fixed-height]')!;
      return { height: f.getBoundingClientRect().height, scrolls: f.scrollHeight > f.clientHeight };
    });
    expect(frame).toEqual({ height: 550, scrolls: true });
    // The breakdown's code and rows come after the page's: measured once they are there.
    await page.getByRole('grid', { name: 'Figures by device' }).getByRole('rowheader').first().waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // Figures, chart, breakdown, where visitors give up and the table: a few screens, whatever the leads.
    expect(height).toBeLessThan(4 * 800);
    // Scrolled to its end, the table still keeps its rows inside its box.
    await grid.evaluate((el) => {
      const f = el.closest<HTMLElement>('[data-fixed-height]')!;
      f.scrollTop = f.scrollHeight;
    });
    await expect.poll(() => grid.getByRole('row').last().getAttribute('aria-rowindex')).toBe('1201');
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(height);
    await expectAccessible(page);
    await context.close();
  });

  it('writes every date as DD MMM, YYYY HH:mm, and names what its figures cover', async () => {
    const c = await bigCampaign();
    const { page, context } = await open(`/campaign-details/${c.id}`, { as: LEADER });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('grid', { name: 'Leads' }).waitFor();
    await page.locator('#daily-range').filter({ hasText: / – / }).waitFor();
    const dates = (await contentText(page)).match(DATE_LIKE) ?? [];
    expect(dates.length).toBeGreaterThan(10);
    expect(dates.filter((d) => !DISPLAY.test(d))).toEqual([]);
    const leadDates = await page
      .getByRole('grid', { name: 'Leads' })
      .locator('[data-column=date]:not([role=columnheader])')
      .allInnerTexts();
    expect(leadDates.length).toBeGreaterThan(5);
    for (const d of leadDates) expect(d).toMatch(new RegExp(`^\\d{2} ${MONTH}, \\d{4} \\d{2}:\\d{2}$`));
    expect(await page.locator('#stats-scope').innerText()).toBe('All time');
    expect(await page.locator('#daily-range').innerText()).toMatch(
      new RegExp(`^\\d{2} ${MONTH}, \\d{4} – \\d{2} ${MONTH}, \\d{4}$`),
    );
    expect(await page.locator('main header [data-status-badge]').innerText()).toMatch(
      /^(Active|Inactive|Paused|Draft|Schedule|Expired|AB Test)$/,
    );
    await context.close();
  });

  it('draws the chart the content’s full width at 1920 px, with a day’s figures on hover and from the keyboard', async () => {
    const c = await bigCampaign();
    const { page, context } = await open(`/campaign-details/${c.id}`, { as: LEADER });
    await page.setViewportSize({ width: 1920, height: 1080 });
    const chart = page.getByRole('slider', { name: 'Day of the daily chart' });
    await chart.waitFor();
    const widths = await chart.evaluate((el) => ({
      chart: el.querySelector('svg')!.getBoundingClientRect().width,
      section: el.closest('section')!.getBoundingClientRect().width,
      main: document.querySelector('main')!.getBoundingClientRect().width,
    }));
    expect(Math.abs(widths.chart - widths.section)).toBeLessThan(2);
    expect(widths.chart).toBeGreaterThan(widths.main * 0.9);
    const tip = chart.locator('[data-chart-tip]');
    const box = (await chart.locator('svg').boundingBox())!;
    await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2);
    await expect
      .poll(() => tip.innerText())
      .toMatch(new RegExp(`^\\d{2} ${MONTH}, \\d{4}: [\\d,.KMBT]+ impressions?, `));
    const hovered = await tip.innerText();
    await page.mouse.move(0, 0);
    await expect.poll(() => tip.innerText()).toBe('');
    await chart.focus();
    await expect.poll(() => tip.innerText()).toBe(hovered);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tip.innerText()).not.toBe(hovered);
    expect(await chart.getAttribute('aria-valuetext')).toBe(await tip.innerText());
    await page.keyboard.press('End');
    await expect.poll(() => tip.innerText()).toBe(hovered);
    expect(await chart.getAttribute('aria-valuetext')).toBe(hovered);
    await context.close();
  });

  it('has no serious accessibility fault at 1280 × 800 and 390 × 844', async () => {
    const c = await bigCampaign();
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const { page, context } = await open(`/campaign-details/${c.id}`, { as: LEADER });
      await page.setViewportSize({ width, height });
      await page.getByRole('grid', { name: 'Leads' }).waitFor();
      await page.getByRole('slider', { name: 'Day of the daily chart' }).waitFor();
      await expectAccessible(page);
      await context.close();
    }
  });
});
