import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, createCampaign, expectAccessible, open, useBrowser } from './helpers.js';

useBrowser();

describe('system history', () => {
  it('shows who did each thing, with the picture of its kind', async () => {
    const { access_token } = await apiLogin('leader@lead.test');
    const name = `History entry ${Date.now()}`;
    await createCampaign(access_token, name);
    const { page, context } = await open('/system-history', { as: 'leader@lead.test' });
    const list = page.getByRole('list', { name: 'System history' });
    const entry = list.getByRole('listitem').filter({ hasText: name }).first();
    await entry.waitFor();
    // Whatever the leader is called now (another journey renames them).
    const me = (await apiCall<{ model: { first_name: string; last_name: string } }>(access_token, 'GET', 'account')).body._data.model;
    expect(await entry.locator('[data-history-user]').innerText()).toBe(`${me.first_name} ${me.last_name}`);
    expect(await entry.locator('svg[data-icon=create][aria-hidden=true]').count()).toBe(1);
    await context.close();
  });

  it('shows the timeline a page at a time with Previous and Next', async () => {
    const { page, context } = await open('/', { as: 'leader@lead.test' });
    await page.getByRole('button', { name: /menu of/ }).click();
    await page.getByRole('menuitem', { name: 'System History' }).click();
    await page.getByRole('heading', { level: 1, name: 'System History' }).waitFor();
    const list = page.getByRole('list', { name: 'System history' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await list.locator('time').first().innerText()).toMatch(/^\d\d [A-Z][a-z]{2}, \d{4} \d\d:\d\d$/);
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    expect(await previous.isDisabled()).toBe(true);
    const firstPage = await list.innerText();
    await next.click();
    await page.getByText(/^Page 2 of/).waitFor();
    expect(await list.innerText()).not.toBe(firstPage);
    expect(await previous.isDisabled()).toBe(false);
    await previous.click();
    await page.getByText(/^Page 1 of/).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
