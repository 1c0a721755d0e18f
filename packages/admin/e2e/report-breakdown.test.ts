/**
 * The Report view's Breakdown (issue #46): on the campaign list in the Report view, the figures of
 * the campaigns on the page, or of those selected, together, by device, article, source, referrer
 * or variant over the Performance range, sortable and exported as CSV. The journey makes three
 * campaigns and their page views through the public API, then reads what it made on screen.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@lead/testing/csv';
import { MARK, makeCampaign, unique, type MadeCampaign } from './fixtures.js';
import { apiCall, baseUrl, expectAccessible, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lead-e2e-breakdown-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A partner page of site 1 as the public API sees it: its origin and a browser's agent. */
const PARTNER = {
  origin: 'https://bacsi-online.vn',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'content-type': 'application/json',
};

let views = 0;
/** One page view of `code` with its impression: on `page`, from `device`, with `source`. */
async function impression(
  code: string,
  page: string,
  device: 'mobile' | 'desktop',
  source: Record<string, string> = {},
): Promise<void> {
  views += 1;
  const res = await fetch(`${baseUrl()}/api/public/events`, {
    method: 'POST',
    headers: PARTNER,
    body: JSON.stringify({
      site_id: 1,
      visitor_id: `journey-breakdown-${MARK}-${views}`,
      page,
      device,
      ...(Object.keys(source).length ? { source } : {}),
      events: [{ code, type: 'impression', at: Date.now() }],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
}

const serverToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());

/** The breakdown table's rows as their cells' text (header row left out). */
async function tableRows(section: Locator): Promise<string[][]> {
  const grid = section.getByRole('grid', { name: /Figures by/ });
  return grid.evaluate((g) =>
    [...g.querySelectorAll('[role=row]')]
      .slice(1)
      .map((r) =>
        [...r.querySelectorAll('[role=rowheader],[role=gridcell]')].map((c) => (c as HTMLElement).innerText.trim()),
      ),
  );
}
/** Each row's value and its impressions. */
const impressionsOf = async (section: Locator) => (await tableRows(section)).map((r) => [r[0], r[1]]);

async function select(page: Page, c: MadeCampaign): Promise<void> {
  const grid = page.getByRole('grid', { name: 'Campaigns' });
  // The checkbox's cell takes the click (the input itself is visually hidden under its box).
  await grid
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: c.name, exact: true }) })
    .locator('[data-select-cell]')
    .click();
  await expect.poll(() => grid.getByRole('checkbox', { name: `Select ${c.name}` }).isChecked()).toBe(true);
}

describe('the Report view’s Breakdown (issue #46)', () => {
  it('shows the figures of the campaigns on the page, then of those selected, by each dimension, sorted and exported', async () => {
    const token = await tokenOf('leader@lead.test');
    const prefix = unique('Breakdown');
    const [a, b, c] = [
      await makeCampaign(token, { name: `${prefix} A` }),
      await makeCampaign(token, { name: `${prefix} B` }),
      await makeCampaign(token, { name: `${prefix} C` }),
    ];
    // A: two mobile views of /bd/one from Zalo, one desktop view of /bd/two. B: one desktop view of
    // /bd/one from Google. C (never selected): three mobile views of /bd/three.
    await impression(a!.code, '/bd/one', 'mobile', { utm_source: 'zalo', referrer_host: 'zalo.me' });
    await impression(a!.code, '/bd/one', 'mobile', { utm_source: 'zalo', referrer_host: 'zalo.me' });
    await impression(a!.code, '/bd/two', 'desktop');
    await impression(b!.code, '/bd/one', 'desktop', { referrer_host: 'www.google.com' });
    for (let i = 0; i < 3; i++) await impression(c!.code, '/bd/three', 'mobile');
    // Counted once their batches are committed: waited for as a condition.
    await expect
      .poll(
        async () =>
          (
            await apiCall(token, 'GET /api/admin/campaign/breakdown', {
              query: { ids: `${a!.id},${b!.id},${c!.id}`, by: 'device' },
            })
          ).body._data.total.impressions,
        { timeout: 15_000 },
      )
      .toBe(7);

    const today = serverToday();
    const { page, context } = await open(`/?q=${encodeURIComponent(prefix)}&view=Report&pfrom=${today}&pto=${today}`, {
      as: 'leader@lead.test',
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    const section = page.getByRole('region', { name: 'Breakdown' });
    // None selected: the three campaigns on the page.
    await section.getByText(/^Of the 3 campaigns on this page together, \d{2} \w{3}, \d{4}\.$/).waitFor();
    await expect
      .poll(() => impressionsOf(section))
      .toEqual([
        ['mobile', '5'],
        ['desktop', '2'],
      ]);

    // A and B selected: their figures together, C's left out.
    await select(page, a!);
    await select(page, b!);
    await section.getByText(/^Of the 2 selected campaigns together, /).waitFor();
    await expect
      .poll(() => impressionsOf(section))
      .toEqual([
        ['desktop', '2'],
        ['mobile', '2'],
      ]);
    // From the keyboard: the dimension is a radio group the arrow keys move through.
    await section.getByRole('radio', { name: 'Device' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => section.getByRole('radio', { name: 'Article' }).isChecked()).toBe(true);
    await expect
      .poll(() => tableRows(section))
      .toEqual([
        ['/bd/one', '3', '0', '0', '0.00%', '0.00%'],
        ['/bd/two', '1', '0', '0', '0.00%', '0.00%'],
      ]);
    // Sorted by a column: a new column ascending first.
    await section.getByRole('columnheader', { name: /Impressions/ }).click();
    await expect
      .poll(() => impressionsOf(section))
      .toEqual([
        ['/bd/two', '1'],
        ['/bd/one', '3'],
      ]);
    await section.getByRole('radio', { name: 'Source' }).click({ force: true });
    await expect
      .poll(() => impressionsOf(section))
      .toEqual([
        ['(unknown)', '2'],
        ['zalo', '2'],
      ]);
    await section.getByRole('radio', { name: 'Referrer' }).click({ force: true });
    await expect
      .poll(() => impressionsOf(section))
      .toEqual([
        ['(direct)', '1'],
        ['www.google.com', '1'],
        ['zalo.me', '2'],
      ]);
    await section.getByRole('radio', { name: 'Variant' }).click({ force: true });
    await expect
      .poll(() => impressionsOf(section))
      .toEqual([
        [b!.name, '1'],
        [a!.name, '3'],
      ]);
    await expectAccessible(page);
    const noSidewaysScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await noSidewaysScroll()).toBe(true);

    // The file: every row, in the order shown.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`breakdown-report-variant-${today}_${today}.csv`);
    const path = join(dir, file.suggestedFilename());
    await file.saveAs(path);
    expect(parseCsv(await readFile(path, 'utf8'))).toEqual([
      ['Variant', 'Impressions', 'Leads', 'Billable leads', 'Conversion (%)', 'Accepted', 'Accepted rate (%)'],
      [b!.name, '1', '0', '0', '0.00', '0', '0.00'],
      [a!.name, '3', '0', '0', '0.00', '0', '0.00'],
    ]);

    // Fits a phone: nothing scrolls the page sideways, the table scrolls in its own box.
    await page.setViewportSize({ width: 390, height: 844 });
    await section.getByRole('radio', { name: 'Device' }).click({ force: true });
    await expect
      .poll(() => impressionsOf(section))
      .toEqual([
        ['desktop', '2'],
        ['mobile', '2'],
      ]);
    expect(await noSidewaysScroll()).toBe(true);
    await expectAccessible(page);

    // Days before the campaigns: no figures.
    await page
      .getByRole('region', { name: 'Selected campaigns' })
      .getByRole('button', { name: 'Clear selection' })
      .click();
    await page.goto(
      `${baseUrl()}/admin/#/?q=${encodeURIComponent(prefix)}&view=Report&pfrom=2020-01-01&pto=2020-01-31`,
    );
    await section.getByText('Of the 3 campaigns on this page together, 01 Jan, 2020 – 31 Jan, 2020.').waitFor();
    await section.getByText('No figures in these days.').waitFor();
    await context.close();
  });
});
