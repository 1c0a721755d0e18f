import { formatPhoneNational } from '@lead/contract/phone';
import { describe, expect, it } from 'vitest';
import { makeCampaign, unique } from './fixtures.js';
import { apiCall, expectAccessible, expectRoute, expectToast, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

describe('campaign detail', () => {
  it('shows the figures, the targets and the newest leads, and loads more of them', async () => {
    // The demo's first campaign and its leads, which no journey changes.
    const { page, context } = await open('/campaign-details/1', { as: 'leader@lead.test' });
    const access_token = await tokenOf('leader@lead.test');
    const { campaign, lead } = (await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id: 1 } })).body
      ._data;
    await page.getByRole('heading', { level: 1, name: campaign.name }).waitFor();
    for (const term of ['Impressions', 'Leads', 'Conversion Rate'])
      await page.getByRole('term').filter({ hasText: term }).first().waitFor();
    expect(await page.getByText('Type Pop-up').count()).toBe(1);
    await page
      .getByText(/^Link \(Start with\): /)
      .first()
      .waitFor();
    const grid = page.getByRole('grid', { name: 'Leads' });
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual([
      '#',
      'Name',
      'Email',
      'Phone',
      'Date',
      'Duplicate',
      'Delivery',
      'Actions',
    ]);
    // A phone in the national form of its country, as the rows first show (the format loads with them).
    const newest = lead[0]!;
    const firstRow = grid.getByRole('row').nth(1);
    expect(await firstRow.getByRole('gridcell').first().innerText()).toBe(String(newest.id));
    expect(await firstRow.getByRole('gridcell').nth(2).innerText()).toBe(formatPhoneNational(newest.phone_e164!));
    expect(Number(await grid.getAttribute('aria-rowcount'))).toBe(201);
    // The table's frame keeps its height (550) and scrolls; only the rows in view are in the page.
    expect(await grid.evaluate((el) => el.closest('[data-fixed-height]')!.getBoundingClientRect().height)).toBe(550);
    expect(await grid.getByRole('row').count()).toBeLessThan(40);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Load more leads' }).click();
    await expect.poll(async () => Number(await grid.getAttribute('aria-rowcount'))).toBe(1201);
    expect(campaign.total_lead).toBeGreaterThan(1200);
    await context.close();
  });

  it('toggles the status, goes to the builder with Edit, and deletes after the confirmation', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id, name, code } = await makeCampaign(access_token, { name: unique('Detail') });
    const { page, context } = await open(`/campaign-details/${id}`, { as: 'leader@lead.test' });
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const toggle = page.locator('label[data-switch]');
    const badge = page.locator('main header [data-status-badge]');
    expect(await page.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);
    expect(await badge.innerText()).toBe('Active');
    await toggle.click();
    await expect.poll(() => page.getByRole('switch', { name: 'Active' }).isChecked()).toBe(false);
    await expect.poll(() => badge.innerText()).toBe('Inactive');
    expect(
      (await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } })).body._data.campaign.status,
    ).toBe(-1);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expectRoute(page, `/edit-campaign/${id}`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Do you want delete campaign?' });
    // The spec's words, naming the campaign.
    expect(await confirm.locator('[data-dialog-message]').innerText()).toBe(
      `${name} (${code}). You won't be able to revert this!`,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Campaign has been deleted!');
    await expectRoute(page, '/');
    expect((await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } })).status).toBe(404);
    await context.close();
  });

  it("ends the session on the server's 403 for a campaign of a site the user is not assigned to", async () => {
    // A demo campaign of site 5, where the demo member does not work (sites 1 and 2); only read.
    const list = await apiCall(await tokenOf('leader@lead.test'), 'GET /api/admin/campaign', {
      query: { site_id: 5, items_per_page: 1 },
    });
    const foreign = list.body._data.models[0]!.id;
    const { page, context } = await open(`/campaign-details/${foreign}`, { as: 'member@lead.test' });
    await expectRoute(page, '/login');
    await context.close();
  });

  it('shows an A/B test’s results as the API computes them, and ends a running test keeping a variant', async () => {
    const access_token = await tokenOf('leader@lead.test');
    // A running test of the demo, with figures (no journey changes it; the tests journeys make
    // have few impressions or none, so the demo's come first): the table says what the API says.
    const list = await apiCall(access_token, 'GET /api/admin/campaign', {
      query: { status: 4, sort_by: 'total_impression', sort_order: 'desc', items_per_page: 50 },
    });
    const seeded = list.body._data.models.find((m) => m.type === 1 && m.is_testing_running)!;
    const api = (
      await apiCall(access_token, 'GET /api/admin/campaign/:id/variants/results', { params: { id: seeded.id } })
    ).body._data;
    const { page, context } = await open(`/campaign-details/${seeded.id}`, { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'A/B results' });
    await grid.getByRole('rowheader', { name: `${api.arms[0]!.name} (original)` }).waitFor();
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual([
      'Variant',
      'Impressions',
      'Leads',
      'Accepted',
      'Conversion rate',
      'Uplift (95% interval)',
      'Chance to beat the original',
      'Actions',
    ]);
    expect(await grid.getByRole('rowheader').allInnerTexts()).toEqual(
      api.arms.map((a, i) => (i === 0 ? `${a.name} (original)` : a.name)),
    );
    if (api.enough_data) {
      const chance = api.arms[1]!.chance_to_beat_control!;
      const shown = chance > 0.999 ? '> 99.9%' : chance < 0.001 ? '< 0.1%' : `${(chance * 100).toFixed(1)}%`;
      await grid
        .getByRole('row', { name: new RegExp(api.arms[1]!.name) })
        .getByText(shown, { exact: true })
        .waitFor();
    }
    await expectAccessible(page);
    // Read on the leads the client accepted: the rate column says so.
    await page.getByRole('radiogroup', { name: 'Read on' }).getByText('Leads the client accepted').click();
    await grid.getByRole('columnheader', { name: 'Accepted rate' }).waitFor();
    await context.close();

    // A fresh test with no figures yet: not enough data, and ending it keeps the chosen variant.
    const { id } = await makeCampaign(access_token, { name: unique('AB') });
    const variants = (
      await apiCall(access_token, 'POST /api/admin/campaign/:id/variants', {
        params: { id },
        body: {
          variant_names: ['Red', 'Blue'],
        },
      })
    ).body._data.models;
    expect(
      (await apiCall(access_token, 'POST /api/admin/campaign/:id/variants/activation', { params: { id } })).status,
    ).toBe(200);
    const fresh = await open(`/campaign-details/${id}`, { as: 'leader@lead.test' });
    const table = fresh.page.getByRole('grid', { name: 'A/B results' });
    await table.getByRole('rowheader', { name: 'Red' }).waitFor();
    await fresh.page
      .getByText('Not enough data yet: every variant needs at least 150 impressions before a winner can be called.')
      .waitFor();
    await table.getByRole('button', { name: 'Actions for Red' }).click();
    await fresh.page.getByRole('menuitem', { name: 'Keep as winner' }).click();
    const confirm = fresh.page.getByRole('alertdialog', { name: 'End the A/B test keeping Red?' });
    await expectAccessible(fresh.page);
    await confirm.getByRole('button', { name: 'End the test' }).click();
    await expectToast(fresh.page, 'A/B test has been ended!');
    // No longer running: the results stay, the action goes.
    await expect.poll(() => table.getByRole('button', { name: 'Actions for Red' }).count()).toBe(0);
    const red = await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id: variants[0]!.id } });
    const blue = await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id: variants[1]!.id } });
    expect([red.body._data.campaign.status, blue.body._data.campaign.status]).toEqual([1, -1]);
    await fresh.context.close();
  });
});
