import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, createCampaign, expectAccessible, expectRoute, expectToast, open, useBrowser } from './helpers.js';

useBrowser();

/** The hash query of the page, as an object. */
const query = async (page: Page): Promise<Record<string, string>> =>
  Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.hash.split('?')[1] ?? '')]));

describe('the campaign list', () => {
  it('lists campaigns, switches Information/Report, sorts, pages, and keeps it all in the URL across a reload', async () => {
    const { page, context } = await open('/', { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    await expectAccessible(page);
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual(expect.arrayContaining(['Code', 'Site', 'Client']));

    await page.getByRole('radio', { name: 'Report' }).click({ force: true });
    await grid.getByRole('columnheader', { name: /Conversion rate/ }).waitFor();
    expect(await grid.getByRole('columnheader', { name: /Site/ }).count()).toBe(0);
    for (const rate of await grid.locator('[data-column=rate]').allInnerTexts()) expect(rate).toMatch(/^\d+\.\d\d%$/);

    // Sorted by last update by default; Name sorts ascending, then descending, then ascending.
    await grid.getByRole('columnheader', { name: /Name/ }).click();
    await expect.poll(() => grid.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await grid.getByRole('columnheader', { name: /Name/ }).click();
    await expect.poll(() => grid.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    await grid.getByRole('columnheader', { name: /Name/ }).click();
    await expect.poll(() => grid.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await expect
      .poll(async () => {
        const names = await grid.getByRole('rowheader').allInnerTexts();
        return names.length > 2 && names.every((n, i) => i === 0 || names[i - 1]!.localeCompare(n, undefined, { sensitivity: 'base' }) <= 0 || /[▸▾]/.test(n));
      })
      .toBe(true);

    const pageOne = await grid.getByRole('rowheader').allInnerTexts();
    await page.getByRole('navigation', { name: 'Campaign pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => query(page)).toMatchObject({ view: 'Report', sort: 'name', order: 'asc', page: '2' });
    await expect.poll(() => grid.getByRole('rowheader').allInnerTexts()).not.toEqual(pageOne);
    const pageTwo = await grid.getByRole('rowheader').allInnerTexts();

    await page.reload();
    await grid.getByRole('rowheader').first().waitFor();
    expect(await page.getByRole('radio', { name: 'Report' }).isChecked()).toBe(true);
    await expect.poll(() => grid.getByRole('rowheader').allInnerTexts()).toEqual(pageTwo);
    expect(await page.getByRole('navigation', { name: 'Campaign pages' }).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    // Back returns to the previous list.
    await page.goBack();
    await expect.poll(() => query(page)).not.toHaveProperty('page');
    await context.close();
  });

  it("searches by name (debounced), shows the empty state 'There is no campaign at the moment' with 'Add new campaign'", async () => {
    const { page, context } = await open('/', { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Flu vaccine');
    await expect.poll(() => query(page)).toMatchObject({ q: 'Flu vaccine' });
    await expect.poll(async () => (await grid.getByRole('rowheader').allInnerTexts()).every((n) => /flu vaccine/i.test(n))).toBe(true);

    await page.getByRole('searchbox', { name: 'Search' }).fill('no campaign has this name');
    await page.getByText('There is no campaign at the moment').waitFor();
    await page.getByRole('button', { name: 'Add new campaign' }).click();
    await page.getByRole('dialog', { name: 'Create Campaign' }).waitFor();
    await context.close();
  });

  it('keeps every keystroke typed in search while the list is loading, and announces the loading', async () => {
    const { page, context } = await open('/', { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    // The real server's answers, held back 600 ms each, so that typing goes on while requests are in flight.
    // (The list applies the keyword when it is reported, not when the answer comes; were it to wait for
    // the answer, the keystrokes typed meanwhile are what this test would catch.)
    await page.route('**/api/admin/campaign?**', async (r) => {
      await new Promise((done) => setTimeout(done, 600));
      await r.continue();
    });
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.pressSequentially('Heart', { delay: 20 });
    await page.waitForTimeout(400); // the 300 ms pause sends "Heart"
    const container = page.locator('[data-table-container]');
    await expect.poll(() => container.getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('status').filter({ hasText: 'Loading campaigns…' }).count()).toBe(1);
    expect(await grid.getByRole('rowheader').count()).toBeGreaterThan(0); // the previous rows stay
    await box.pressSequentially(' health', { delay: 120 }); // slower than nothing, faster than the pause
    await page.waitForTimeout(400);
    await box.pressSequentially(' tips', { delay: 20 });
    await expect.poll(() => query(page), { timeout: 10_000 }).toMatchObject({ q: 'Heart health tips' });
    expect(await box.inputValue()).toBe('Heart health tips');
    await expect.poll(() => container.getAttribute('aria-busy'), { timeout: 10_000 }).toBe(null);
    await context.close();
  });

  it('filters by status from the Filters panel, counts the active filters, and Cancel changes nothing', async () => {
    const { page, context } = await open('/?page=2', { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('button', { name: 'Status: All' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'All', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Active', exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('button', { name: 'Status: All' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'All', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Active', exact: true }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Filters, 1 on' }).waitFor();
    await expect.poll(() => query(page)).toMatchObject({ status: '1' });
    // A new filter starts again from page 1.
    expect(await query(page)).not.toHaveProperty('page');
    await expect.poll(async () => [...new Set(await grid.locator('[data-column=status]').allInnerTexts())]).toEqual(['Active']);
    await context.close();
  });
});

describe('the Filters panel: sponsored content and last update', () => {
  it('narrows to sponsored campaigns, or to those not sponsored, as the server counts them', async () => {
    const { access_token } = await apiLogin('leader@lead.test');
    const count = async (params: string) => (await apiCall<{ total_items: number }>(access_token, 'GET', `campaign?${params}`)).body._data.total_items;
    const [all, sponsored, notSponsored] = [await count(''), await count('is_sponsor=1'), await count('is_sponsor=0')];
    expect(sponsored).toBeGreaterThan(0);
    expect(notSponsored).toBeGreaterThan(0);
    expect(sponsored + notSponsored).toBe(all);
    const { page, context } = await open('/', { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    const shownTotal = async () => Number((await page.getByText(/^[\d,]+ campaigns$/).innerText()).replace(/\D/g, ''));
    for (const [choice, param, expected] of [
      ['Sponsored', '1', sponsored],
      ['Not sponsored', '0', notSponsored],
    ] as const) {
      await page.getByRole('button', { name: /^Filters/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Filters' });
      await dialog.getByRole('radio', { name: choice, exact: true }).click({ force: true });
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => query(page)).toMatchObject({ sponsor: param });
      await expect.poll(shownTotal).toBe(expected);
    }
    await page.getByRole('button', { name: 'Filters, 1 on' }).waitFor();
    await context.close();
  });

  it('narrows by the last update, sending the whole days', async () => {
    const { page, context } = await open('/?ufrom=2026-11-01&uto=2026-11-15', { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    const asked = page.waitForRequest((r) => r.url().includes('/api/admin/campaign?'));
    await page.reload();
    const params = new URL((await asked).url()).searchParams;
    expect([params.get('from_updated_at'), params.get('to_updated_at')]).toEqual(['2026-11-01 00:00:00', '2026-11-15 23:59:59']);
    await page.getByRole('button', { name: 'Filters, 1 on' }).waitFor();
    await page.getByRole('button', { name: 'Filters, 1 on' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('group', { name: 'Last update' }).waitFor();
    await context.close();
  });
});

describe('the row menu and its actions', () => {
  it('offers exactly the actions of an active normal campaign, renames it, copies its code, duplicates and deletes it', async () => {
    const { access_token } = await apiLogin('leader@lead.test');
    const name = `Row menu ${Date.now()}`;
    const { code } = await createCampaign(access_token, name);
    const { page, context } = await open(`/?q=${encodeURIComponent(name)}`, { as: 'leader@lead.test' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    const menuButton = page.getByRole('button', { name: `Actions for ${name}`, exact: true });
    await menuButton.click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Deactive', 'Rename', 'Edit', 'Duplicate', 'A/B Testing', 'Delete']);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Copy code ${code}` }).click();
    await expectToast(page, `Campaign code ${code} is copied!`);

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename campaign' });
    await rename.getByRole('textbox', { name: 'Campaign name' }).fill('   ');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.getByText('You need to write something!').waitFor();
    const renamed = `${name} renamed`;
    await rename.getByRole('textbox', { name: 'Campaign name' }).fill(renamed);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Campaign has been renamed!');

    await page.getByRole('searchbox', { name: 'Search' }).fill(renamed);
    const renamedMenu = page.getByRole('button', { name: `Actions for ${renamed}`, exact: true });
    await renamedMenu.waitFor();
    await renamedMenu.click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const dup = page.getByRole('dialog', { name: 'Duplicate Campaign' });
    expect(await dup.getByRole('textbox', { name: 'Campaign name' }).inputValue()).toBe(`${renamed} (Copy) `);
    expect(await dup.getByRole('button', { name: /Site/ }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await dup.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Duplicated done!');
    await expect.poll(() => grid.getByRole('rowheader').allInnerTexts()).toEqual(expect.arrayContaining([renamed, `${renamed} (Copy)`]));

    await renamedMenu.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Do you want delete campaign?' });
    expect(await confirm.innerText()).toContain("You won't be able to revert this!");
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Campaign has been deleted!');
    await expect.poll(() => grid.getByRole('rowheader').allInnerTexts()).toEqual([`${renamed} (Copy)`]);
    await context.close();
  });

  it('deactivates and activates, and turns a campaign into an A/B test whose variants show under it, started and stopped', async () => {
    const { access_token } = await apiLogin('leader@lead.test');
    const name = `AB ${Date.now()}`;
    const { id } = await createCampaign(access_token, name);
    const { page, context } = await open(`/?q=${encodeURIComponent(name)}`, { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    const menu = page.getByRole('button', { name: `Actions for ${name}`, exact: true });
    const status = () =>
      grid
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name, exact: true }) })
        .locator('[data-column=status]')
        .innerText();

    await menu.click();
    await page.getByRole('menuitem', { name: 'Deactive' }).click();
    await expect.poll(status).toBe('Inactive');
    await menu.click();
    await page.getByRole('menuitem', { name: 'Active' }).click();
    await expect.poll(status).toBe('Active');

    await menu.click();
    await page.getByRole('menuitem', { name: 'A/B Testing' }).click();
    const modal = page.getByRole('dialog', { name: 'A/B Testing' });
    const create = modal.getByRole('button', { name: 'Create' });
    // The dialogs' code may still be on its way (it loads when the list is idle).
    await expect.poll(() => modal.getByRole('textbox').count()).toBe(2);
    expect(await create.isDisabled()).toBe(true);
    await modal.getByRole('textbox', { name: 'Variant 1' }).fill('Red button');
    await modal.getByRole('textbox', { name: 'Variant 2' }).fill('Blue button');
    expect(await create.isDisabled()).toBe(false);
    await modal.getByRole('button', { name: 'Add variant' }).click();
    expect(await create.isDisabled()).toBe(true);
    expect(await modal.getByRole('button', { name: 'Delete variant 2' }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Delete variant 3' }).click();
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await page.getByRole('button', { name: `Variants of ${name}` }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: `Variants of ${name}` }).getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => grid.getByRole('rowheader').allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining('Red button'), expect.stringContaining('Blue button')]));

    await menu.click();
    // A test that is not running: Deactive (status 1), and Start A/B Testing instead of A/B Testing.
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Deactive', 'Rename', 'Edit', 'Duplicate', 'Start A/B Testing', 'Delete']);
    await page.getByRole('menuitem', { name: 'Start A/B Testing' }).click();
    await expect.poll(status).toBe('AB Test');
    await menu.click();
    // A running test: no Deactive, Stop A/B Testing.
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Rename', 'Edit', 'Duplicate', 'Stop A/B Testing', 'Delete']);
    await page.getByRole('menuitem', { name: 'Stop A/B Testing' }).click();
    await expect
      .poll(
        async () =>
          (await apiCall<{ campaign: { is_testing_running: boolean } }>(access_token, 'GET', `campaign/${id}`)).body._data.campaign.is_testing_running,
      )
      .toBe(false);
    await context.close();
  });
});

describe('the Create Campaign modal', () => {
  it('needs a name, a site and a client, preselects a lone client, clears the client on a site change, and opens the builder', async () => {
    // A staff member with one client on bacsi-online.vn (site 1) and two on mebau.vn (site 2), set up by an admin.
    const { access_token } = await apiLogin('leader@lead.test');
    const users = (
      await apiCall<{ models: Array<{ id: number; email: string; first_name: string; last_name: string; roles: Array<{ id: number; name: string }> }> }>(
        access_token,
        'GET',
        'users',
      )
    ).body._data.models;
    const staff = users.find(
      (u) =>
        !['system@lead.test', 'leader@lead.test', 'member@lead.test', 'limited@lead.test'].includes(u.email) &&
        u.roles.every((r) => r.name === 'campaign-member'),
    )!;
    expect(staff, 'a demo staff member').toBeDefined();
    const clients = (await apiCall<{ models: Array<{ id: number; name: string; site_ids: number[] }> }>(access_token, 'GET', 'clients')).body._data.models;
    const lone = clients.find((c) => c.site_ids.includes(1) && !c.site_ids.includes(2))!;
    const pair = clients.filter((c) => c.site_ids.includes(2) && !c.site_ids.includes(1)).slice(0, 2);
    expect(pair).toHaveLength(2);
    const put = await apiCall(access_token, 'PUT', `users/${staff.id}`, {
      first_name: staff.first_name,
      last_name: staff.last_name,
      email: staff.email,
      status: 1,
      role_ids: staff.roles.map((r) => r.id),
      site_ids: [1, 2],
      client_ids: [lone.id, ...pair.map((c) => c.id)],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const { page, context } = await open('/', { as: staff.email });
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByText('Site is required').waitFor();
    await dialog.getByText('Client is required').waitFor();
    const name = dialog.getByRole('textbox', { name: 'Campaign name' });
    await name.fill('');
    await name.blur();
    await dialog.getByText('Campaign Name is required').waitFor();
    await name.fill('Winter flu');
    await expectAccessible(page);

    const client = dialog.getByRole('button', { name: /Client/ });
    const chooseSite = async (host: RegExp) => {
      await dialog.getByRole('button', { name: /Site/ }).click();
      await page.getByRole('option', { name: host }).click();
    };
    // One client for the site: it is chosen already.
    await chooseSite(/bacsi-online\.vn/);
    await expect.poll(() => client.innerText()).toContain(lone.name);
    expect(await create.isDisabled()).toBe(false);

    // Another site: the client is cleared, and its two clients are offered.
    await chooseSite(/mebau\.vn/);
    await expect.poll(() => client.innerText()).not.toContain(lone.name);
    await dialog.getByText('Client is required').waitFor();
    expect(await create.isDisabled()).toBe(true);
    await client.click();
    expect((await page.getByRole('option').allInnerTexts()).sort()).toEqual(pair.map((c) => c.name).sort());
    await page.getByRole('option', { name: pair[0]!.name }).click();
    await expect.poll(() => client.innerText()).toContain(pair[0]!.name);

    // And back: cleared, then the lone client preselected again.
    await chooseSite(/bacsi-online\.vn/);
    await expect.poll(() => client.innerText()).toContain(lone.name);
    await create.click();
    await expectRoute(page, '/new-campaign');
    expect(await query(page)).toMatchObject({ campaignName: 'Winter flu', siteID: '1', siteURL: 'bacsi-online.vn', clientID: String(lone.id) });
    await context.close();
  });
});

describe('the sidebar filter', () => {
  it('narrows by site then client, keeps it in the URL, and summarises the chosen flags when closed', async () => {
    const { page, context } = await open('/', { as: 'member@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar filter' });
    const toggle = sidebar.getByRole('button', { name: /Sites & clients/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await sidebar.getByRole('button', { name: 'Hide filter' }).getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(200);
    expect(await sidebar.getByRole('checkbox', { name: 'All' }).isChecked()).toBe(true);
    await expectAccessible(page);

    // The member sees sites 1 and 2: untick mebau.vn, so only bacsi-online.vn's campaigns stay.
    await sidebar.locator('label', { hasText: 'mebau.vn' }).first().click();
    await expect.poll(() => query(page)).toMatchObject({ sb: expect.stringMatching(/^1:/) });
    expect(await sidebar.getByRole('checkbox', { name: 'All' }).isChecked()).toBe(false);
    await expect
      .poll(async () => [...new Set(await grid.locator('[data-column=site]').allInnerTexts())].map((t) => t.replace(/^\W+/u, '').trim()))
      .toEqual(['bacsi-online.vn']);

    await sidebar.getByRole('button', { name: 'Hide filter' }).click();
    // Closed, it summarises the chosen sites: one flag, no '+N'.
    expect(await sidebar.getByLabel('1 site chosen').count()).toBe(1);
    await page.reload();
    await grid.getByRole('rowheader').first().waitFor();
    await expect
      .poll(async () => [...new Set(await grid.locator('[data-column=site]').allInnerTexts())].map((t) => t.replace(/^\W+/u, '').trim()))
      .toEqual(['bacsi-online.vn']);
    await context.close();
  });
});
