import { describe, expect, it } from 'vitest';
import { makeCampaign, makeClient, makeUser, unique } from './fixtures.js';
import {
  apiCall,
  expectAccessible,
  expectRoute,
  expectToast,
  hashQuery,
  open,
  tokenOf,
  useBrowser,
} from './helpers.js';

useBrowser();

describe('the row menu and its actions', () => {
  it('offers exactly the actions of an active normal campaign, renames it, copies its code, duplicates and deletes it', async () => {
    const { name, code } = await makeCampaign(await tokenOf('leader@lead.test'), { name: unique('Row menu') });
    const { page, context } = await open(`/?q=${encodeURIComponent(name)}`, { as: 'leader@lead.test' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    const menuButton = page.getByRole('button', { name: `Actions for ${name}`, exact: true });
    await menuButton.click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      'Deactive',
      'Rename',
      'Edit',
      'Duplicate',
      'A/B Testing',
      'Delete',
    ]);
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
    await expect
      .poll(() => grid.getByRole('rowheader').allInnerTexts())
      .toEqual(expect.arrayContaining([renamed, `${renamed} (Copy)`]));

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
    const access_token = await tokenOf('leader@lead.test');
    const { id, name } = await makeCampaign(access_token, { name: unique('AB') });
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
    await expect
      .poll(() => page.getByRole('button', { name: `Variants of ${name}` }).getAttribute('aria-expanded'))
      .toBe('true');
    await expect
      .poll(() => grid.getByRole('rowheader').allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining('Red button'), expect.stringContaining('Blue button')]));

    await menu.click();
    // A test that is not running: Deactive (status 1), and Start A/B Testing instead of A/B Testing.
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      'Deactive',
      'Rename',
      'Edit',
      'Duplicate',
      'Start A/B Testing',
      'Delete',
    ]);
    await page.getByRole('menuitem', { name: 'Start A/B Testing' }).click();
    await expect.poll(status).toBe('AB Test');
    await menu.click();
    // A running test: no Deactive, Stop A/B Testing.
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      'Rename',
      'Edit',
      'Duplicate',
      'Stop A/B Testing',
      'Delete',
    ]);
    await page.getByRole('menuitem', { name: 'Stop A/B Testing' }).click();
    await expect
      .poll(
        async () =>
          (await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } })).body._data.campaign
            .is_testing_running,
      )
      .toBe(false);
    await context.close();
  });
});

describe('the rename dialog', () => {
  it("stays open when the server refuses the name, keeps what was typed and shows the server's message", async () => {
    const { name } = await makeCampaign(await tokenOf('leader@lead.test'), { name: unique('Rename refused') });
    const { page, context } = await open(`/?q=${encodeURIComponent(name)}`, { as: 'leader@lead.test' });
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename campaign' });
    const field = rename.getByRole('textbox', { name: 'Campaign name' });
    // Longer than the 255 characters the server takes.
    const tooLong = `${name} ${'x'.repeat(260)}`;
    await field.fill(tooLong);
    const answered = page.waitForResponse((r) => r.url().includes('_name=1'));
    await rename.getByRole('button', { name: 'Save' }).click();
    expect((await answered).status()).toBe(422);
    await rename.getByText('The name may not be greater than 255 characters.').waitFor();
    expect(await field.inputValue()).toBe(tooLong);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // Corrected, it saves and closes.
    await field.fill(`${name} shorter`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Campaign has been renamed!');
    await rename.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('the Create Campaign modal', () => {
  it('needs a name, a site and a client, preselects a lone client, clears the client on a site change, and opens the builder', async () => {
    // A staff member of its own with one client on bacsi-online.vn (site 1) and two on mebau.vn
    // (site 2), clients of their own too.
    const lone = await makeClient([1]);
    const pair = [await makeClient([2]), await makeClient([2])];
    const staff = await makeUser({ siteIds: [1, 2], clientIds: [lone.id, ...pair.map((c) => c.id)] });
    const { page, context } = await open('/', { as: staff });
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
    const create = dialog.getByRole('button', { name: 'Create' });
    const name = dialog.getByRole('textbox', { name: 'Campaign name' });
    await name.waitFor();
    expect(await create.isDisabled()).toBe(true);
    // Nothing is said of a form not yet filled in: a field's message shows once it has been left.
    expect(await dialog.getByText(/is required/).allInnerTexts()).toEqual([]);
    await name.fill('');
    await name.blur();
    await dialog.getByText('Campaign Name is required').waitFor();
    await name.fill('Winter flu');
    await dialog.getByRole('button', { name: /Site/ }).focus();
    await page.keyboard.press('Tab');
    await dialog.getByText('Site is required').waitFor();
    expect(await dialog.getByText('Client is required').count()).toBe(0);
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
    expect(await hashQuery(page)).toMatchObject({
      campaignName: 'Winter flu',
      siteID: '1',
      siteURL: 'bacsi-online.vn',
      clientID: String(lone.id),
    });
    await context.close();
  });
});
