import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, createCampaign, expectAccessible, expectRoute, expectToast, open, useBrowser } from './helpers.js';

useBrowser();

describe('campaign detail (spec 2)', () => {
  it('shows the figures, the targets and the newest leads, and loads more of them', async () => {
    const { page, context } = await open('/campaign-details/1', { as: 'leader@lead.test' });
    const { access_token } = await apiLogin('leader@lead.test');
    const { campaign } = (await apiCall<{ campaign: { name: string; total_lead: number; total_impression: number } }>(access_token, 'GET', 'campaign/1')).body._data;
    await page.getByRole('heading', { level: 1, name: campaign.name }).waitFor();
    for (const term of ['Impressions', 'Leads', 'Conversion Rate']) await page.getByRole('term').filter({ hasText: term }).first().waitFor();
    expect(await page.getByText('Type Pop-up').count()).toBe(1);
    await page.getByText(/^Link \(Start with\): /).first().waitFor();
    const grid = page.getByRole('grid', { name: 'Leads' });
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual(['#', 'Name', 'Email', 'Phone', 'Date']);
    expect(Number(await grid.getAttribute('aria-rowcount'))).toBe(201);
    expect(await grid.evaluate((el) => el.getBoundingClientRect().height)).toBe(550);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Load more leads' }).click();
    await expect.poll(async () => Number(await grid.getAttribute('aria-rowcount'))).toBe(1201);
    expect(campaign.total_lead).toBeGreaterThan(1200);
    await context.close();
  });

  it('toggles the status, goes to the builder with Edit, and deletes after the confirmation', async () => {
    const { access_token } = await apiLogin('leader@lead.test');
    const name = `Detail ${Date.now()}`;
    const { id } = await createCampaign(access_token, name);
    const { page, context } = await open(`/campaign-details/${id}`, { as: 'leader@lead.test' });
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const toggle = page.locator('label[data-switch]');
    expect(await page.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);
    await toggle.click();
    await page.getByRole('switch', { name: 'Inactive' }).waitFor();
    expect((await apiCall<{ campaign: { status: number } }>(access_token, 'GET', `campaign/${id}`)).body._data.campaign.status).toBe(-1);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expectRoute(page, `/edit-campaign/${id}`);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Do you want delete campaign?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Campaign has been deleted!');
    await expectRoute(page, '/');
    expect((await apiCall(access_token, 'GET', `campaign/${id}`)).status).toBe(404);
    await context.close();
  });

  it("ends the session on the server's 403 for a campaign of a site the user is not assigned to (spec 8)", async () => {
    const { access_token } = await apiLogin('leader@lead.test');
    const list = await apiCall<{ models: Array<{ id: number }> }>(access_token, 'GET', 'campaign?site_id=5&items_per_page=1');
    const foreign = list.body._data.models[0]!.id;
    const { page, context } = await open(`/campaign-details/${foreign}`, { as: 'member@lead.test' });
    await expectRoute(page, '/login');
    await context.close();
  });
});
