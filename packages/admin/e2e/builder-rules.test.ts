import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clientOf, unique } from './fixtures.js';
import { apiCall, expectRoute, expectToast, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/*
 * The builder's step rules (#29), as staff meet them in create mode: a step that cannot go on
 * says why next to the field, Comfirm never saves while a field shows an error, and what is saved
 * is what was on screen.
 */

async function newCampaign(name: string) {
  const access_token = await tokenOf('leader@lead.test');
  const clientId = await clientOf(access_token, 1);
  const query = new URLSearchParams({
    campaignName: name,
    siteID: '1',
    siteURL: 'bacsi-online.vn',
    clientID: String(clientId),
  });
  const opened = await open(`/new-campaign?${query}`, { as: 'leader@lead.test' });
  const { page } = opened;
  await page.getByRole('heading', { level: 1, name: 'New campaign' }).waitFor();
  await page.getByRole('textbox', { name: 'Link' }).fill('https://bacsi-online.vn/rules/');
  await page.getByRole('button', { name: 'Add link' }).click();
  await page
    .getByRole('list', { name: 'Links' })
    .locator('code', { hasText: 'https://bacsi-online.vn/rules/' })
    .first()
    .waitFor();
  return { ...opened, access_token, next: page.getByRole('button', { name: 'Next', exact: true }) };
}

const addFromPalette = async (page: Page, label: RegExp) => {
  await page.getByRole('grid', { name: 'Blocks', exact: true }).getByRole('row', { name: label }).focus();
  await page.keyboard.press('Enter');
};
const pick = async (page: Page, field: RegExp, option: string) => {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};
const campaignNamed = async (token: string, name: string) => {
  const list = await apiCall(token, 'GET /api/admin/campaign', { query: { keyword: name } });
  const id = list.body._data.models[0]!.id;
  return (await apiCall(token, 'GET /api/admin/campaign/:id', { params: { id } })).body._data.campaign;
};

describe('each step says why it cannot go on, in create mode', () => {
  it('DESIGN names a duplicated key and an empty name; SETTINGS refuses a backwards timeframe and hours without an end; what is saved is what was shown', async () => {
    const name = unique('Rules');
    const { page, context, access_token, next } = await newCampaign(name);
    await next.click();
    await page.getByText('Choose a layout for the pop-up.').waitFor();
    await page.getByText('Lightbox B', { exact: true }).click();
    await next.click();
    await page.getByRole('heading', { level: 2, name: 'DESIGN' }).waitFor();
    const canvas = page.getByRole('grid', { name: 'Form blocks' });
    const rows = () => canvas.getByRole('row').evaluateAll((els) => els.map((el) => el.getAttribute('data-type')));

    // A block clicked in the palette goes before the Submit button.
    await addFromPalette(page, /^.*Text$/);
    await expect.poll(rows).toEqual(['Title', 'Subtitle', 'Email', 'Text', 'Submit']);
    // A second Text block takes the same SSO key ('name'): DESIGN says so on its row, and Next waits.
    await addFromPalette(page, /^.*Text$/);
    await expect.poll(rows).toEqual(['Title', 'Subtitle', 'Email', 'Text', 'Text', 'Submit']);
    const duplicated = 'The key of block "Full name" is duplicated. Please select that field and type another value!';
    await canvas.getByRole('row').nth(4).getByText(duplicated).waitFor();
    expect(await next.isDisabled()).toBe(true);
    await canvas.getByRole('row').nth(4).click();
    await page.getByRole('region', { name: 'Edit Text' }).getByRole('textbox', { name: 'Field key' }).fill('nickname');
    await expect.poll(() => page.getByText(duplicated).count()).toBe(0);
    expect(await next.isDisabled()).toBe(false);

    const campaignName = page.getByRole('textbox', { name: 'Campaign name' });
    await campaignName.fill(' ');
    await page.getByText('Campaign Name is required').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await campaignName.fill(name);
    await next.click();

    // SETTINGS: an end day before the start day is shown, refused in the spec's words, and not saved.
    await page.getByRole('heading', { level: 2, name: 'SETTINGS' }).waitFor();
    await page.getByRole('checkbox', { name: 'Start now and run until stopped' }).click({ force: true });
    const timeframe = page.getByRole('group', { name: 'Timeframe' });
    await timeframe.getByRole('spinbutton').first().click();
    await page.keyboard.type('01122027' + '10122027');
    await timeframe.getByRole('spinbutton').first().click();
    await page.keyboard.type('20122027');
    await page.getByText('Start Date must be less than End Date').waitFor();
    const comfirm = page.getByRole('button', { name: 'Comfirm' });
    await comfirm.click();
    await expectToast(page, 'Start Date must be less than End Date');
    await timeframe.getByRole('spinbutton').first().click();
    await page.keyboard.type('05122027');
    await expect.poll(() => page.getByText('Start Date must be less than End Date').count()).toBe(0);

    // Hours: 10 to 12, then the start moved to 13: the end is cleared, said, and Comfirm refused.
    await page.getByRole('checkbox', { name: 'Show only at certain hours' }).click({ force: true });
    await pick(page, /Appearance start/, '10:00');
    await pick(page, /Appearance end/, '12:00');
    await pick(page, /Appearance start/, '13:00');
    const hours = 'The appearance end time must be after its start time.';
    await page.getByText(hours).first().waitFor();
    await comfirm.click();
    await expectToast(page, hours);
    await pick(page, /Appearance end/, '15:00');
    await expect.poll(() => page.getByText(hours).count()).toBe(0);
    await comfirm.click();
    await expectRoute(page, '/create-campaign-success');

    // The success page names the campaign and opens it.
    await page.getByText(`Your campaign “${name}” is saved.`).waitFor();
    await page.getByRole('link', { name: `Open ${name}` }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await context.close();

    const saved = await campaignNamed(access_token, name);
    expect(
      (saved.forms as Array<{ name: string; data: { value?: string } }>).map((f) => [f.name, f.data.value ?? null]),
    ).toEqual([
      ['Title', null],
      ['Subtitle', null],
      ['Email', 'email'],
      ['Text', 'name'],
      ['Text', 'nickname'],
      ['Submit', null],
    ]);
    expect(saved).toMatchObject({ forever: false, started_at: '2027-12-05 00:00:00', ended_at: '2027-12-10 23:00:00' });
    expect(saved.rules).toContainEqual({ rule: 'appearance_time', value: { startTime: '13:00', endTime: '15:00' } });
  });

  it('a desktop-only layout left for one shown on both gives the devices chosen back', async () => {
    const name = unique('Devices');
    const { page, context, access_token, next } = await newCampaign(name);
    const back = page.getByRole('button', { name: 'Back', exact: true });
    await next.click();
    await page.getByText('Slider', { exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'TRIGGER' }).waitFor();
    await back.click();
    await back.click();
    await page.getByRole('tab', { name: 'Devices' }).click();
    const box = (label: string) => page.getByRole('checkbox', { name: label });
    expect([await box('Mobile').isChecked(), await box('Desktop').isChecked()]).toEqual([false, true]);
    expect([await box('Mobile').isDisabled(), await box('Desktop').isDisabled()]).toEqual([true, true]);
    await next.click();
    await page.getByText('Lightbox B', { exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'TRIGGER' }).waitFor();
    await back.click();
    await back.click();
    await page.getByRole('tab', { name: 'Devices' }).click();
    expect([await box('Mobile').isChecked(), await box('Desktop').isChecked()]).toEqual([true, true]);
    for (let i = 0; i < 3; i++) await next.click();
    await page.getByRole('heading', { level: 2, name: 'DESIGN' }).waitFor();
    // The step is drawn once the site's page is in the canvas: Next is pressed where it then stands.
    await page.locator('[data-site-page] header').waitFor();
    await next.click();
    await page.getByRole('heading', { level: 2, name: 'SETTINGS' }).waitFor();
    await page.getByRole('button', { name: 'Comfirm' }).click();
    await expectRoute(page, '/create-campaign-success');
    await context.close();
    expect((await campaignNamed(access_token, name)).device_types).toEqual([1, 2]);
  });
});
