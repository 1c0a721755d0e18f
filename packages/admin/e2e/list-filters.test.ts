import { beforeAll, describe, expect, it } from 'vitest';
import { makeCampaign, makeClient, unique } from './fixtures.js';
import { expectAccessible, hashQuery, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/*
 * The campaign list's filters as one state: the toolbar's Site and Client pickers, the sidebar and
 * the chips say the same thing whichever set it; the page's checkbox offers every match; a filter
 * change clears the selection; a filter matching nothing says so.
 */
const LEADER = 'leader@lead.test';
const STEM = unique('Filtered');
let client = { id: 0, name: '' };
/** More than a page (20) of this file's campaigns, all for one new client on site 1. */
const COUNT = 23;

beforeAll(async () => {
  client = await makeClient([1], { name: unique('Acme Clinic') });
  const token = await tokenOf(LEADER);
  for (let i = 1; i <= COUNT; i++) await makeCampaign(token, { name: `${STEM} ${i}`, client_id: client.id });
});

const own = `/?q=${encodeURIComponent(STEM)}`;

describe('the list filters', () => {
  it('the Client picker chooses one client with "only", and the sidebar, the chips and the URL agree; the chip removes it', async () => {
    const { page, context } = await open(own, { as: LEADER });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    await page.getByRole('button', { name: 'Client: All', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Client' });
    await picker.getByRole('searchbox', { name: 'Search clients' }).fill(client.name);
    await expectAccessible(page);
    await picker.getByRole('button', { name: `Only ${client.name}` }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Client: ${client.name}`, exact: true }).waitFor();
    await expect.poll(() => hashQuery(page)).toMatchObject({ sb: `1:${client.id}` });
    const chip = page.getByRole('row', { name: `Client: ${client.name}` });
    await chip.waitFor();
    // The sidebar shows the same choice: not All, the client ticked under its site, no other.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar filter' });
    await sidebar.getByRole('button', { name: /Sites & clients/ }).click();
    expect(await sidebar.getByRole('checkbox', { name: 'All', exact: true }).isChecked()).toBe(false);
    expect(await sidebar.getByRole('checkbox', { name: client.name, exact: true }).isChecked()).toBe(true);
    expect(await sidebar.getByRole('checkbox', { checked: true }).count()).toBe(1);

    await page.getByRole('button', { name: `Remove filter Client: ${client.name}` }).click();
    await expect.poll(() => hashQuery(page)).not.toHaveProperty('sb');
    await page.getByRole('button', { name: 'Client: All', exact: true }).waitFor();
    expect(await sidebar.getByRole('checkbox', { name: 'All', exact: true }).isChecked()).toBe(true);
    await context.close();
  });

  it('the sidebar’s search finds a client under its site, and its “only” chooses it alone', async () => {
    const { page, context } = await open(own, { as: LEADER });
    await page.getByRole('grid', { name: 'Campaigns' }).getByRole('rowheader').first().waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar filter' });
    await sidebar.getByRole('button', { name: /Sites & clients/ }).click();
    await sidebar.getByRole('searchbox', { name: 'Search sites and clients' }).fill(client.name);
    // Only the client, under its one site; All is not offered while searching.
    await expect.poll(() => sidebar.getByRole('checkbox').count()).toBe(2);
    expect(await sidebar.getByRole('checkbox', { name: client.name, exact: true }).count()).toBe(1);
    expect(await sidebar.getByRole('checkbox', { name: 'All', exact: true }).count()).toBe(0);
    await expectAccessible(page);
    await sidebar.getByRole('button', { name: `Only ${client.name} of bacsi-online.vn` }).click();
    await expect.poll(() => hashQuery(page)).toMatchObject({ sb: `1:${client.id}` });
    await page.getByRole('button', { name: `Client: ${client.name}`, exact: true }).waitFor();
    await sidebar.getByRole('searchbox', { name: 'Search sites and clients' }).fill('no such site or client');
    await sidebar.getByRole('status').filter({ hasText: 'No match' }).waitFor();
    await context.close();
  });

  it('the toolbar says the client chosen in the sidebar, client first', async () => {
    const { page, context } = await open(`${own}&sbm=client&sb=${client.id}:1`, { as: LEADER });
    await page.getByRole('grid', { name: 'Campaigns' }).getByRole('rowheader').first().waitFor();
    await page.getByRole('button', { name: `Client: ${client.name}`, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Site: bacsi-online.vn', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Client: All', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('selects all N matching from the page checkbox, and a new search clears the selection', async () => {
    const { page, context } = await open(own, { as: LEADER });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    await grid.getByRole('checkbox', { name: 'Select All' }).check();
    const bar = page.getByRole('region', { name: 'Selected campaigns' });
    await bar.getByText('20 selected').waitFor();
    await bar.getByRole('button', { name: `Select all ${COUNT} matching` }).click();
    await bar.getByText(`All ${COUNT} matching campaigns selected`).waitFor();
    await bar.getByRole('group', { name: 'Export the leads of the selected campaigns' }).waitFor();
    await expectAccessible(page);

    // A search that matches nothing: no stale selection above the table, and the list says why.
    await page.getByRole('searchbox', { name: 'Search' }).fill(`${STEM} no such campaign`);
    await page.getByText('No campaign matches these filters').waitFor();
    expect(await bar.count()).toBe(0);
    expect(await page.getByText('There is no campaign at the moment').count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => hashQuery(page)).not.toHaveProperty('q');
    await grid.getByRole('rowheader').first().waitFor();
    await context.close();
  });
});
