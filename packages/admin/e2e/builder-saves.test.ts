import { describe, expect, it } from 'vitest';
import { clientOf, makeCampaign, unique } from './fixtures.js';
import { apiCall, expectRoute, expectToast, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

describe('what was saved comes back', () => {
  it('reopens a built campaign with its targets, layout, trigger, blocks and settings, and saves it unchanged', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const clientId = await clientOf(access_token, 1);
    const name = unique('Round trip');
    const query = new URLSearchParams({
      campaignName: name,
      siteID: '1',
      siteURL: 'bacsi-online.vn',
      clientID: String(clientId),
    });
    const { page, context } = await open(`/new-campaign?${query}`, { as: 'leader@lead.test' });
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await page.getByRole('textbox', { name: 'Link' }).fill('https://bacsi-online.vn/round/');
    await page.getByRole('button', { name: 'Add link' }).click();
    await next.click();
    await page.getByText('Slider', { exact: true }).click();
    await page.getByText('On Scroll', { exact: true }).click();
    await page.getByRole('button', { name: /Scroll depth/ }).click();
    await page.getByRole('option', { name: '75%' }).click();
    await next.click();
    await page
      .getByRole('grid', { name: 'Blocks', exact: true })
      .getByRole('row', { name: /Dropdown/ })
      .focus();
    await page.keyboard.press('Enter');
    await next.click();
    await page.getByRole('textbox', { name: 'Leads' }).fill('800');
    await page.getByRole('button', { name: 'Comfirm' }).click();
    await expectRoute(page, '/create-campaign-success');

    const list = await apiCall(access_token, 'GET /api/admin/campaign', { query: { keyword: name } });
    const id = list.body._data.models[0]!.id;
    const first = (await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } })).body._data.campaign;
    expect(first).toMatchObject({ trigger_type: 'on_scroll', display_type: 7, kpis: { lead: 800 } });
    // A block added from the palette goes before the Submit button.
    expect((first.forms as Array<{ name: string }>).map((f) => f.name)).toEqual([
      'Title',
      'Subtitle',
      'Email',
      'Dropdown',
      'Submit',
    ]);

    // Found in the list, and its detail page opens from there.
    await page.goto(page.url().replace(/#.*/, `#/?q=${encodeURIComponent(name)}`));
    await page.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('https://bacsi-online.vn/round/').first().waitFor();

    await page.goto(page.url().replace(/#.*/, `#/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`));
    await page.getByRole('heading', { level: 1, name: 'Edit campaign' }).waitFor();
    await page
      .getByRole('list', { name: 'Links' })
      .locator('code', { hasText: 'https://bacsi-online.vn/round/' })
      .first()
      .waitFor();
    const steps = page.getByRole('navigation', { name: 'Campaign steps' });
    await steps.getByRole('button', { name: /TEMPLATE/ }).click();
    expect(
      await page
        .getByRole('grid', { name: 'Layout' })
        .getByRole('row', { name: 'Slider' })
        .getAttribute('aria-selected'),
    ).toBe('true');
    await steps.getByRole('button', { name: /TRIGGER/ }).click();
    expect(await page.getByRole('radio', { name: 'On Scroll' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: /Scroll depth/ }).innerText()).toContain('75%');
    await steps.getByRole('button', { name: /SETTINGS/ }).click();
    expect(await page.getByRole('textbox', { name: 'Leads' }).inputValue()).toBe('800');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Campaign has been updated!');
    const second = (await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } })).body._data.campaign;
    for (const key of [
      'name',
      'display_type',
      'device_types',
      'rules',
      'trigger_type',
      'forms',
      'extra_fields',
      'targets',
      'kpis',
      'price',
      'forever',
    ] as const)
      expect(second[key], key).toEqual(first[key]);
    await context.close();
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Unsaved') });
    const { page, context } = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
    });
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    await page.getByRole('textbox', { name: 'Campaign name' }).fill('Changed but not saved');
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await page.getByRole('link', { name: 'Campaign', exact: true }).click();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expectRoute(page, `/edit-campaign/${id}`);
    expect(await page.getByRole('textbox', { name: 'Campaign name' }).inputValue()).toBe('Changed but not saved');
    await page.getByRole('link', { name: 'Campaign', exact: true }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expectRoute(page, '/');
    await context.close();
  });
});

describe('every save-blocking message in the browser', () => {
  it('duplicate keys, T&C URLs, the name, the devices, and a link exclusion', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Rules') });
    const { page, context } = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
    });
    const steps = page.getByRole('navigation', { name: 'Campaign steps' });
    const save = page.getByRole('button', { name: 'Save' });
    const palette = page.getByRole('grid', { name: 'Blocks', exact: true });
    const canvas = page.getByRole('grid', { name: 'Form blocks' });
    const refused = async (message: string) => {
      await save.click();
      await expectToast(page, message);
      await page.locator('[data-toast-close]').first().click();
    };

    await steps.getByRole('button', { name: /DESIGN/ }).click();
    // A second block with the key 'email'.
    await palette.getByRole('row', { name: /^.*Text$/ }).focus();
    await page.keyboard.press('Enter');
    // The campaign has a Text block already; the new one is the last of them (before the Submit button).
    await canvas
      .getByRole('row', { name: /Full name/ })
      .last()
      .click();
    await page.getByRole('region', { name: 'Edit Text' }).getByRole('textbox', { name: 'Field key' }).fill('email');
    await refused('The key of block "Full name" is duplicated. Please select that field and type another value!');
    await page.getByRole('region', { name: 'Edit Text' }).getByRole('textbox', { name: 'Field key' }).fill('nickname');

    // A T&C block needs its URLs, each valid.
    await palette.getByRole('row', { name: /T&C/ }).focus();
    await page.keyboard.press('Enter');
    await refused('URLs of the T&C block are required. Please provide the information properly');
    const terms = page.getByRole('region', { name: 'Edit T&C' });
    await terms.getByRole('textbox', { name: 'URLs, one per line' }).fill('not a url');
    await refused('URLs of the T&C block are invalid. Please try again!');
    await terms.getByRole('textbox', { name: 'URLs, one per line' }).fill('https://bacsi-online.vn/terms');
    await terms.getByRole('textbox', { name: /Text/ }).fill('I agree to *the terms*');

    await page.getByRole('textbox', { name: 'Campaign name' }).fill(' ');
    await refused('Campaign Name is required');
    await page.getByRole('textbox', { name: 'Campaign name' }).fill('Rules ok');

    await steps.getByRole('button', { name: /TARGET/ }).click();
    await page.getByRole('tab', { name: 'Devices' }).click();
    await page.locator('label[data-checkbox]', { hasText: 'Mobile' }).click();
    await page.locator('label[data-checkbox]', { hasText: 'Desktop' }).click();
    await page.getByText('The Device Types must have at least 1 item.').first().waitFor();
    // No device: 'The given data was invalid.' with the rule under it.
    await save.click();
    const invalid = page.locator('[data-toast]', { hasText: 'The given data was invalid.' }).first();
    await invalid.waitFor();
    expect(await invalid.innerText()).toContain('The Device Types must have at least 1 item.');
    await page.locator('[data-toast-close]').first().click();
    await page.locator('label[data-checkbox]', { hasText: 'Mobile' }).click();

    await page.getByRole('tab', { name: 'Page' }).click();
    await page
      .getByText(/^Excluding/)
      .first()
      .click();
    await page.getByRole('textbox', { name: /Exclude a page of/ }).fill('https://bacsi-online.vn/heart/ads/');
    await page.getByRole('button', { name: 'Add exclusion' }).click();
    await page.getByText('https://bacsi-online.vn/heart/ads/').waitFor();

    await save.click();
    await expectToast(page, 'Campaign has been updated!');
    const saved = await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } });
    expect(saved.body._data.campaign).toMatchObject({ name: 'Rules ok', device_types: [1] });
    expect(saved.body._data.campaign.forms.map((f) => f.name)).toEqual([
      'Title',
      'Text',
      'Email',
      'Text',
      'Terms',
      'Submit',
    ]);
    expect(saved.body._data.campaign.targets[0]!.sub_target.map((s) => s.value)).toEqual([
      'https://bacsi-online.vn/heart/ads/',
    ]);
    await context.close();
  });
});
