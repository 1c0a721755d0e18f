import { describe, expect, it } from 'vitest';
import { apiCall, hashQuery, apiLogin, expectAccessible, open, useBrowser } from './helpers.js';

useBrowser();

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
    await expect.poll(() => hashQuery(page)).toMatchObject({ view: 'Report', sort: 'name', order: 'asc', page: '2' });
    await expect.poll(() => grid.getByRole('rowheader').allInnerTexts()).not.toEqual(pageOne);
    const pageTwo = await grid.getByRole('rowheader').allInnerTexts();

    await page.reload();
    await grid.getByRole('rowheader').first().waitFor();
    expect(await page.getByRole('radio', { name: 'Report' }).isChecked()).toBe(true);
    await expect.poll(() => grid.getByRole('rowheader').allInnerTexts()).toEqual(pageTwo);
    expect(await page.getByRole('navigation', { name: 'Campaign pages' }).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    // Back returns to the previous list.
    await page.goBack();
    await expect.poll(() => hashQuery(page)).not.toHaveProperty('page');
    await context.close();
  });

  it("searches by name (debounced), shows the empty state 'There is no campaign at the moment' with 'Add new campaign'", async () => {
    const { page, context } = await open('/', { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Flu vaccine');
    await expect.poll(() => hashQuery(page)).toMatchObject({ q: 'Flu vaccine' });
    await expect.poll(async () => (await grid.getByRole('rowheader').allInnerTexts()).every((n) => /flu vaccine/i.test(n))).toBe(true);

    await page.getByRole('searchbox', { name: 'Search' }).fill('no campaign has this name');
    await page.getByText('There is no campaign at the moment').waitFor();
    await page.getByRole('button', { name: 'Add new campaign' }).click();
    await page.getByRole('dialog', { name: 'Create Campaign' }).waitFor();
    await context.close();
  });

  it('is one tab stop that Tab reaches on the first row after the first load; arrows and Space work in it, and one Tab leaves it', async () => {
    const { page, context } = await open('/', { as: 'leader@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement!;
        return {
          role: el.getAttribute('role') ?? el.tagName.toLowerCase(),
          name: el.getAttribute('aria-label') ?? el.closest('[role=row]')?.getAttribute('data-key'),
        };
      });
    // The column set switch is the toolbar's last stop; the next Tab is the grid's first row.
    await page.getByRole('radio', { name: 'Information' }).focus();
    await page.keyboard.press('Tab');
    const first = await grid.getByRole('row').nth(1).getAttribute('data-key');
    expect(await focused()).toEqual({ role: 'row', name: first });
    await page.keyboard.press('ArrowDown');
    const second = await grid.getByRole('row').nth(2).getAttribute('data-key');
    expect(await focused()).toEqual({ role: 'row', name: second });
    await page.keyboard.press('Space');
    await page.getByRole('region', { name: 'Selected campaigns' }).getByText('1 selected').waitFor();
    await page.keyboard.press('ArrowRight');
    expect((await focused()).role).toBe('input');
    // Tab leaves the grid at once (one tab stop), to the pages below it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement!.closest('[role=grid]'))).toBe(null);
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
    await expect.poll(() => hashQuery(page), { timeout: 10_000 }).toMatchObject({ q: 'Heart health tips' });
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
    await expect.poll(() => hashQuery(page)).toMatchObject({ status: '1' });
    // A new filter starts again from page 1.
    expect(await hashQuery(page)).not.toHaveProperty('page');
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
      await expect.poll(() => hashQuery(page)).toMatchObject({ sponsor: param });
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
    await expect.poll(() => hashQuery(page)).toMatchObject({ sb: expect.stringMatching(/^1:/) });
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
