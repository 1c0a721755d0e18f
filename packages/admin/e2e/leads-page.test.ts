/**
 * The Leads page (issue #43): a staff member finds one client's leads of a day across its
 * campaigns and exports exactly those; the campaign list's export of selected campaigns follows
 * the Performance range on screen.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { parseCsv } from '@lead/testing/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from './fixtures.js';
import { apiCall, expectAccessible, tokenOf } from './helpers.js';
import { liveCampaign, sendForm, SITE, staffPage, usePartnerBrowser } from './partner.js';

usePartnerBrowser();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lead-e2e-leads-page-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Today in the server's time zone (`YYYY-MM-DD`), the day its leads count under. */
async function serverToday(token: string): Promise<string> {
  const { time_zone } = (await apiCall(token, 'GET /api/admin/config')).body._data;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: time_zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** A client of the partner site with two campaigns and three leads sent from its pages today; another client's lead beside them. */
async function clientWithLeads() {
  const client = await makeClient([SITE.id]);
  const heart = await liveCampaign('/e2e/leads-page-heart/', { trigger_type: 'custom', client_id: client.id });
  const sleep = await liveCampaign('/e2e/leads-page-sleep/', { trigger_type: 'custom', client_id: client.id });
  const other = await liveCampaign('/e2e/leads-page-other/', { trigger_type: 'custom' });
  await sendForm('/e2e/leads-page-heart/', heart.code, 'Lan Heart', `lan.${heart.id}@example.test`);
  await sendForm('/e2e/leads-page-sleep/', sleep.code, 'Minh Sleep', `minh.${sleep.id}@example.test`);
  await sendForm('/e2e/leads-page-heart/', heart.code, 'Hoa Heart', `hoa.${heart.id}@example.test`);
  await sendForm('/e2e/leads-page-other/', other.code, 'Not Theirs', `other.${other.id}@example.test`);
  return { client, heart, sleep };
}

describe('the Leads page', () => {
  it("finds one client's leads of the day, exports exactly those, and is accessible", async () => {
    const token = await tokenOf('system@lead.test');
    const { client, heart, sleep } = await clientWithLeads();
    const today = await serverToday(token);
    await expect
      .poll(
        async () =>
          (await apiCall(token, 'GET /api/admin/leads/count', { query: { client_ids: client.id } })).body._data.count,
      )
      .toBe(3);

    const { staff, admin } = await staffPage('system@lead.test', '/');
    // Reached from the navigation.
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();

    // The client, typed and chosen; then Today from the date picker's presets.
    const clientField = admin.getByRole('combobox', { name: 'Client' });
    await clientField.fill(client.name);
    await admin.getByRole('option', { name: client.name }).click();
    await admin.getByRole('button', { name: `Remove Client: ${client.name}` }).waitFor();
    await admin.getByRole('button', { name: 'Open calendar' }).click();
    await admin.getByRole('button', { name: 'Today', exact: true }).click();
    await admin.getByRole('button', { name: `Remove Date: ${today}` }).waitFor();

    // Exactly its three leads, newest first, each with its campaign, site and client.
    const grid = admin.getByRole('grid', { name: 'Leads' });
    const names = async () => grid.getByRole('rowheader').allInnerTexts();
    await expect.poll(names).toEqual(['Hoa Heart', 'Minh Sleep', 'Lan Heart']);
    const first = grid.getByRole('row').filter({ hasText: 'Minh Sleep' });
    await first.getByText(sleep.name).waitFor();
    await first.getByText(SITE.host).waitFor();
    await first.getByText(client.name).waitFor();
    await first.getByText('No destination').waitFor();
    // The view is in the address: a shared link opens the same.
    expect(await admin.evaluate(() => location.hash)).toBe(`#/leads?client=${client.id}&from=${today}&to=${today}`);
    await expectAccessible(admin);

    // Export CSV: confirmed with the count, then the file named after the filters holds exactly those leads.
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByText('Export 3 leads?').waitFor();
    const file = await download(admin, () => dialog.getByRole('button', { name: 'Export CSV' }).click());
    const slug = client.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(file.name).toBe(`leads_${slug}_${today}_${today}.csv`);
    const rows = parseCsv(file.text.replace(/^\uFEFF/, ''));
    const name = rows[0]!.indexOf('Full name');
    expect(rows.slice(1).map((r) => [r[0], r[name]])).toEqual([
      [heart.name, 'Lan Heart'],
      [sleep.name, 'Minh Sleep'],
      [heart.name, 'Hoa Heart'],
    ]);
    await admin
      .getByRole('status')
      .filter({ hasText: `Downloaded ${file.name} (3 leads).` })
      .waitFor();

    // A chip removed widens the view; with nothing matching, the page says so and offers to clear.
    await admin.getByRole('button', { name: `Remove Date: ${today}` }).click();
    await admin.getByRole('combobox', { name: 'Site' }).fill('sehatku');
    await admin.getByRole('option', { name: /sehatku/ }).click();
    await grid.getByText('No leads match these filters.').waitFor();
    await expectAccessible(admin);
    await grid.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => admin.evaluate(() => location.hash)).toBe('#/leads');
    await staff.close();
  });

  it("shows a demo client's leads of yesterday, exactly the server's", async () => {
    const token = await tokenOf('system@lead.test');
    const today = await serverToday(token);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    // A client of the demo with a page's worth of leads yesterday (the demo's leads, which no journey changes: only read).
    const sites = (await apiCall(token, 'GET /api/admin/sites')).body._data.models;
    const clients = [...new Map(sites.flatMap((x) => x.clients).map((c) => [c.id, c])).values()];
    let chosen: { id: number; name: string; count: number } | undefined;
    for (const c of clients) {
      const count = (
        await apiCall(token, 'GET /api/admin/leads/count', {
          query: { client_ids: c.id, from: yesterday, to: yesterday },
        })
      ).body._data.count;
      if (count >= 1 && count <= 50) {
        chosen = { ...c, count };
        break;
      }
    }
    expect(chosen).toBeDefined();
    const expected = (
      await apiCall(token, 'GET /api/admin/leads', {
        query: { client_ids: chosen!.id, from: yesterday, to: yesterday },
      })
    ).body._data.models.map((l) => l.name ?? '');

    const { staff, admin } = await staffPage('system@lead.test', `/leads?client=${chosen!.id}`);
    await admin.getByRole('button', { name: `Remove Client: ${chosen!.name}` }).waitFor();
    await admin.getByRole('button', { name: 'Open calendar' }).click();
    await admin.getByRole('button', { name: 'Yesterday', exact: true }).click();
    const grid = admin.getByRole('grid', { name: 'Leads' });
    await expect.poll(() => grid.getByRole('rowheader').allInnerTexts()).toEqual(expected);
    await admin.getByRole('button', { name: 'Export CSV' }).click();
    await admin
      .getByRole('alertdialog')
      .getByText(`Export ${chosen!.count} ${chosen!.count === 1 ? 'lead' : 'leads'}?`)
      .waitFor();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await staff.close();
  });

  it("exports the selected campaigns' leads of the list's Performance range only", async () => {
    const token = await tokenOf('system@lead.test');
    const { client, heart } = await clientWithLeads();
    const today = await serverToday(token);
    await expect
      .poll(
        async () =>
          (await apiCall(token, 'GET /api/admin/leads/count', { query: { client_ids: client.id } })).body._data.count,
      )
      .toBe(3);
    const range = (from: string) => `/?q=${encodeURIComponent(heart.name)}&site=${SITE.id}&pfrom=${from}&pto=${from}`;

    // A Performance range before today: the file holds none of today's leads.
    const { staff, admin } = await staffPage('system@lead.test', range('2020-01-01'));
    const grid = admin.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('row').filter({ hasText: heart.name }).getByRole('checkbox').click();
    const bar = admin.getByRole('region', { name: 'Selected campaigns' });
    await bar.getByText('Leads created Jan 1, 2020 – Jan 1, 2020').waitFor();
    const none = await download(admin, () => bar.getByRole('button', { name: 'Download CSV' }).click());
    expect(none.name).toBe(`campaign-${heart.id}-leads_2020-01-01_2020-01-01.csv`);
    expect(parseCsv(none.text.replace(/^\uFEFF/, ''))).toHaveLength(1);

    // Today's range (the selection stays while the list changes): its two leads.
    await admin.goto(admin.url().replace(/#.*$/, `#${range(today)}`));
    await expect.poll(() => admin.evaluate(() => location.hash)).toContain(`pfrom=${today}`);
    await bar.getByText('1 selected').waitFor();
    await bar
      .getByText(/^Leads created /)
      .filter({ hasNotText: '2020' })
      .waitFor();
    const file = await download(admin, () => bar.getByRole('button', { name: 'Download CSV' }).click());
    expect(file.name).toBe(`campaign-${heart.id}-leads_${today}_${today}.csv`);
    const rows = parseCsv(file.text.replace(/^\uFEFF/, ''));
    expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('Full name')])).toEqual(['Lan Heart', 'Hoa Heart']);
    await staff.close();
  });
});
