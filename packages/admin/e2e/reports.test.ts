import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billableLeads } from '@lead/contract';
import { formatCount } from '../src/lib/format.js';
import { parseCsv } from '@lead/testing/csv';
import { QUIET_SITE } from './fixtures.js';
import { apiCall, baseUrl, detailSettled, expectAccessible, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();
const run = promisify(execFile);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lead-e2e-export-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A demo campaign with some hundreds of leads: big enough to matter, small enough to compare cell
 * by cell. The demo's leads and figures, which no journey changes: only read.
 */
async function campaignWithLeads(token: string): Promise<{ id: number; name: string; total_lead: number }> {
  const { models } = (
    await apiCall(token, 'GET /api/admin/campaign', {
      query: { items_per_page: 200, sort_by: 'total_lead', sort_order: 'desc' },
    })
  ).body._data;
  return models.filter((c) => c.type === 0 && c.total_lead >= 300 && c.total_lead <= 5000).at(-1)!;
}

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return path;
}

/** Our CSV's cells as typed: the `'` the export puts before a formula-like cell taken off. */
const withoutNeutralising = (rows: string[][]) =>
  rows.map((r) => r.map((cell) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)));

/** The server's own CSV of the campaigns, as the database holds it (checked in the server's tests), un-neutralised. */
async function serverCsv(token: string, ids: number | string): Promise<string[][]> {
  const res = await fetch(`${baseUrl()}/api/admin/campaign/leads/export?ids=${ids}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return withoutNeutralising(parseCsv(await res.text()));
}

describe('lead export (issue #12)', () => {
  it('downloads the leads as CSV and as an XLSX that LibreOffice opens with the same cells', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const campaign = await campaignWithLeads(access_token);
    const expected = await serverCsv(access_token, campaign.id);
    expect(expected.length).toBe(campaign.total_lead + 1);

    const { page, context } = await open(`/campaign-details/${campaign.id}`, { as: 'leader@lead.test' });
    await detailSettled(page);
    const group = page.getByRole('group', { name: 'Export leads' });
    await group.waitFor();

    const csvPath = await download(page, 'Download CSV');
    expect(csvPath.endsWith(`campaign-${campaign.id}-leads.csv`)).toBe(true);
    const csv = await readFile(csvPath, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(withoutNeutralising(parseCsv(csv))).toEqual(expected);
    await page.getByRole('status').filter({ hasText: 'The CSV file is ready.' }).waitFor();

    const xlsxPath = await download(page, 'Download XLSX');
    expect(xlsxPath.endsWith(`campaign-${campaign.id}-leads.xlsx`)).toBe(true);
    await page.getByRole('status').filter({ hasText: 'The XLSX file is ready.' }).waitFor();
    await run(
      'libreoffice',
      [
        '--headless',
        `-env:UserInstallation=file://${dir}/profile`,
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        dir,
        xlsxPath,
      ],
      { timeout: 120_000 },
    );
    const fromLibreOffice = parseCsv(await readFile(xlsxPath.replace(/\.xlsx$/, '.csv'), 'utf8'));
    expect(fromLibreOffice).toEqual(expected);
    await expectAccessible(page);
    await context.close();
  });

  it('shows the progress of a 100,000-lead workbook, and Cancel stops it', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { campaign } = (await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id: 1 } })).body._data;
    expect(campaign.total_lead).toBeGreaterThanOrEqual(100_000);
    const { page, context } = await open('/campaign-details/1', { as: 'leader@lead.test' });
    await detailSettled(page);
    // A slow network (Chromium's own throttling, not a stand-in server), so that the export is
    // still under way while its progress is read and Cancel is pressed.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 256 * 1024,
      uploadThroughput: -1,
    });
    await page.getByRole('button', { name: 'Download XLSX' }).click();
    const bar = page.getByRole('progressbar', { name: 'Exporting leads as XLSX' });
    await bar.waitFor();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(await bar.getAttribute('aria-valuetext')).toMatch(/^[\d,]+ of [\d,.KM]+ leads$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('status').filter({ hasText: 'Export cancelled.' }).waitFor();
    await page.getByRole('button', { name: 'Download XLSX' }).waitFor();
    expect(await bar.count()).toBe(0);
    await context.close();
  });
});

/** Today's date where the server counts its days. */
const serverToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** A day as the daily figures show it, 'MMM DD, Y': '2026-11-01' -> 'Nov 01, 2026'. */
/** A day as the detail page writes it: the display format's date, 'DD MMM, YYYY'. */
const ddMmmY = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]}, ${y}`;
};
const fmt = (n: number) => n.toLocaleString('en-US');

describe('lead export of a selection in the list (issue #12)', () => {
  it('selects campaigns with their checkboxes and downloads their leads in one CSV', async () => {
    const access_token = await tokenOf('leader@lead.test');
    // The list of the quiet site by most leads: the demo's campaigns, as seeded, whatever else runs.
    const { page, context } = await open(`/?sort=total_lead&site=${QUIET_SITE.id}`, { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.waitFor();
    const { models } = (
      await apiCall(access_token, 'GET /api/admin/campaign', {
        query: { sort_by: 'total_lead', sort_order: 'desc', site_id: QUIET_SITE.id },
      })
    ).body._data;
    const [a, b] = models.filter((c) => c.type === 0 && c.total_lead > 0 && c.total_lead < 20_000);
    expect(b).toBeDefined();
    // The checkbox's cell takes the click (the input itself is visually hidden under its box).
    for (const c of [b!, a!]) {
      const box = grid.getByRole('checkbox', { name: `Select ${c.name}` });
      await grid
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: c.name, exact: true }) })
        .locator('[data-select-cell]')
        .click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    const bar = page.getByRole('region', { name: 'Selected campaigns' });
    await bar.getByText('2 selected').waitFor();
    await expectAccessible(page);
    const path = await download(page, 'Download CSV');
    expect(path.endsWith('leads-2-campaigns.csv')).toBe(true);
    const rows = withoutNeutralising(parseCsv(await readFile(path, 'utf8')));
    expect(rows[0]![0]).toBe('Campaign');
    expect(rows).toEqual(await serverCsv(access_token, `${b!.id},${a!.id}`));
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set([a!.name, b!.name]));
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    expect(await bar.count()).toBe(0);
    await context.close();
  });
});

describe('daily chart (issue #12)', () => {
  it('shows the last 30 days as an image with its summary, and the same figures as the API in the table', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const campaign = await campaignWithLeads(access_token);
    const to = serverToday();
    const from = addDays(to, -29);
    const { models } = (
      await apiCall(access_token, 'GET /api/admin/campaign/:id/figures', {
        params: { id: campaign.id },
        query: { from, to },
      })
    ).body._data;
    const byDay = new Map(models.map((m) => [m.day, m]));
    // Spend: billable leads (leads − duplicates − credited rejections) × the price per lead, in the client's currency.
    const billable = (f: { leads: number; duplicates: number; credited?: number }) =>
      Math.max(0, f.leads - f.duplicates - (f.credited ?? 0));
    const { price, client } = (
      await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id: campaign.id } })
    ).body._data.campaign;
    const money = (billable: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: client.currency }).format(
        Math.round(billable * price * 100) / 100,
      );
    const expectedRows = Array.from({ length: 30 }, (_, i) => {
      const day = addDays(from, i);
      const f = byDay.get(day) ?? { impressions: 0, leads: 0, duplicates: 0, credited: 0 };
      return [
        ddMmmY(day),
        fmt(f.impressions),
        fmt(f.leads),
        `${(f.impressions ? (f.leads / f.impressions) * 100 : 0).toFixed(2)}%`,
        fmt(f.duplicates),
        fmt(billable(f)),
        money(billable(f)),
      ];
    });
    const total = models.reduce(
      (t, m) => ({
        impressions: t.impressions + m.impressions,
        leads: t.leads + m.leads,
        duplicates: t.duplicates + m.duplicates,
        credited: t.credited + (m.credited ?? 0),
      }),
      {
        impressions: 0,
        leads: 0,
        duplicates: 0,
        credited: 0,
      },
    );
    expect(total.impressions).toBeGreaterThan(0);

    const { page, context } = await open(`/campaign-details/${campaign.id}`, { as: 'leader@lead.test' });
    await page.getByRole('heading', { level: 2, name: 'Daily figures' }).waitFor();
    // The image is named by its summary, which says the range's totals.
    const chart = page.getByRole('img', {
      name: new RegExp(
        `^From ${ddMmmY(from)} to ${ddMmmY(to)}: ${fmt(total.impressions)} impressions and ${fmt(total.leads)} leads`,
      ),
    });
    await chart.waitFor();
    const totals = page.getByRole('definition');
    expect(await page.getByLabel('Totals of the chosen days').getByRole('definition').allInnerTexts()).toEqual([
      fmt(total.impressions),
      fmt(total.leads),
      `${((total.leads / total.impressions) * 100).toFixed(2)}%`,
      fmt(billable(total)),
      money(billable(total)),
    ]);
    expect(await totals.count()).toBeGreaterThan(3);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Show as table' }).click();
    expect(await page.getByRole('button', { name: 'Show as table' }).getAttribute('aria-pressed')).toBe('true');
    const grid = page.getByRole('grid', { name: 'Daily figures' });
    await grid.waitFor();
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual([
      'Day',
      'Impressions',
      'Leads',
      'Conversion rate',
      'Duplicates',
      'Billable leads',
      'Spend',
    ]);
    const rows = await grid
      .getByRole('row')
      .evaluateAll((els) =>
        els
          .slice(1)
          .map((r) =>
            [...r.querySelectorAll('[role=rowheader],[role=gridcell]')].map((c) => (c as HTMLElement).innerText.trim()),
          ),
      );
    expect(rows).toEqual(expectedRows);
    await expectAccessible(page);

    // Another preset from the picker: the table follows.
    await page.getByRole('button', { name: 'Open calendar' }).click();
    await page.getByRole('button', { name: 'Last 14 days' }).click();
    await expect.poll(async () => (await grid.getByRole('row').count()) - 1).toBe(14);
    expect(await grid.getByRole('rowheader').first().innerText()).toBe(ddMmmY(addDays(to, -13)));
    await context.close();
  });
});

describe('the list’s Report view (issue #12)', () => {
  it('shows every report figure, sorts by them, and ends with the totals of every matching campaign', async () => {
    const access_token = await tokenOf('leader@lead.test');
    // The quiet site's campaigns: their totals are the demo's, whatever else runs.
    const { page, context } = await open(`/?site=${QUIET_SITE.id}`, { as: 'leader@lead.test' });
    await page.getByRole('grid', { name: 'Campaigns' }).waitFor();
    await page
      .getByRole('radio', { name: 'Report' })
      .or(page.getByRole('button', { name: 'Report' }))
      .first()
      .click();
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    const headerTexts = async () =>
      (await grid.getByRole('columnheader').allInnerTexts()).map((h) => h.replace(/\s*[↕↑↓]$/, ''));
    await expect
      .poll(headerTexts)
      .toEqual(
        expect.arrayContaining([
          'Impressions',
          'Leads',
          'Conversion rate',
          'Leads goal',
          'Spend',
          'Clicks',
          'Submits',
          'Bounces',
          'Visitors',
          'Habit exits',
          'Intentional exits',
          'Duplicates',
        ]),
      );

    const api = (
      await apiCall(access_token, 'GET /api/admin/campaign', { query: { report_totals: 1, site_id: QUIET_SITE.id } })
    ).body._data;
    const last = grid.getByRole('row').last();
    await last.getByRole('rowheader', { name: `Total of ${fmt(api.total_items)} campaigns` }).waitFor();
    const headers = await headerTexts();
    const cells = await last.evaluate((r) =>
      [...r.querySelectorAll('[role=rowheader],[role=gridcell]')].map((c) => (c as HTMLElement).innerText.trim()),
    );
    const cellOf = (header: string) => cells[headers.indexOf(header)];
    // Numbers of 1 million and more abbreviated, as the app formats them everywhere.
    expect(cellOf('Impressions')).toBe(formatCount(api.report_totals!.total_impression!));
    expect(cellOf('Clicks')).toBe(formatCount(api.report_totals!.total_click!));
    expect(cellOf('Visitors')).toBe(formatCount(api.report_totals!.total_visitor!));
    expect(cellOf('Habit exits')).toBe(formatCount(api.report_totals!.total_habit_exit!));
    expect(cellOf('Intentional exits')).toBe(formatCount(api.report_totals!.total_intentional_exit!));
    expect(cellOf('Duplicates')).toBe(formatCount(api.report_totals!.total_duplicate!));
    // Goals and currencies differ between campaigns: the totals row has neither goal nor spend.
    expect([cellOf('Leads goal'), cellOf('Spend')]).toEqual(['', '']);
    // Figures right-aligned in tabular figures, the totals under a rule in the header's weight.
    const look = (el: Element) => {
      const css = getComputedStyle(el);
      return { align: css.textAlign, numeric: css.fontVariantNumeric, weight: Number(css.fontWeight) };
    };
    const totalCell = await last.locator('td[data-column=total_impression]').evaluate(look);
    expect(totalCell).toMatchObject({ align: 'end', numeric: 'tabular-nums' });
    expect(totalCell.weight).toBeGreaterThan(400);
    expect(await grid.getByRole('row').nth(1).locator('td[data-column=total_lead]').evaluate(look)).toMatchObject({
      align: 'end',
      numeric: 'tabular-nums',
      weight: 400,
    });
    // Each campaign with a goal: a progressbar of its billable leads, valued by the words the cell shows.
    const shown = new Set(await grid.getByRole('rowheader').allInnerTexts());
    const everyCampaign = (
      await apiCall(access_token, 'GET /api/admin/campaign', { query: { items_per_page: 200, site_id: QUIET_SITE.id } })
    ).body._data.models;
    const withGoal = everyCampaign.find((c) => c.lead_goal && shown.has(c.name));
    expect(withGoal).toBeDefined();
    const row = grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: withGoal!.name, exact: true }) });
    const bar = row.getByRole('progressbar', { name: `Leads goal of ${withGoal!.name}` });
    const billable = billableLeads(withGoal!.total_lead, withGoal!.total_duplicate, withGoal!.total_credited);
    expect(await bar.getAttribute('aria-valuetext')).toBe(
      `${formatCount(billable)} of ${formatCount(withGoal!.lead_goal!)} leads`,
    );
    expect(await row.locator('td[data-column=goal]').innerText()).toBe(
      `${formatCount(billable)} of ${formatCount(withGoal!.lead_goal!)}`,
    );
    expect(await last.getByRole('progressbar').count()).toBe(0);
    await expectAccessible(page);

    // Sorting by Clicks asks the server, which orders every campaign (checked in its tests).
    await grid.getByRole('columnheader', { name: 'Clicks' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('sort=total_click');
    const order = (await page.evaluate(() => location.hash)).includes('order=asc') ? 'asc' : 'desc';
    const sorted = (
      await apiCall(access_token, 'GET /api/admin/campaign', {
        query: { sort_by: 'total_click', sort_order: order, site_id: QUIET_SITE.id },
      })
    ).body._data.models;
    await grid.getByRole('row').nth(1).getByRole('rowheader', { name: sorted[0]!.name }).waitFor();
    await context.close();
  });
});
