import { describe, expect, it } from 'vitest';
import { apiLogin, createCampaign, expectToast, open, toastTexts, useBrowser } from './helpers.js';

useBrowser();

/* Smaller rules the screens keep: what drop zones say, what a failed site list does, sites' flags and descriptions. */

const notAnImage = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') };

describe('drop zones', () => {
  it("say 'Something wrong, please try again' when they refuse a file: avatar, the pop-up's pictures, a block's media", async () => {
    const { page, context } = await open('/account-settings', { as: 'leader@lead.test' });
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await page.locator('[data-file-drop-zone] input[type=file]').first().setInputFiles(notAnImage);
    await expectToast(page, 'Something wrong, please try again');
    await context.close();

    const { access_token } = await apiLogin('leader@lead.test');
    const { id } = await createCampaign(access_token, `Drop zones ${Date.now()}`);
    const builder = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, { as: 'leader@lead.test' });
    const p = builder.page;
    await p.getByRole('navigation', { name: 'Campaign steps' }).getByRole('button', { name: /DESIGN/ }).click();
    await p.getByText('Images', { exact: true }).click();
    // The thank-you image is offered on a layout with a thank-you view (LightBoxB), with the overlays.
    for (const name of ['Mobile image', 'Desktop image', 'Background image', 'Desktop overlay image', 'Mobile overlay image', 'Thank-you image']) {
      await p.getByRole('group', { name, exact: true }).waitFor();
    }
    await p.getByRole('group', { name: 'Desktop overlay image', exact: true }).locator('input[type=file]').setInputFiles(notAnImage);
    await expectToast(p, 'Something wrong, please try again');
    await p.locator('[data-toast-close]').first().click();

    const palette = p.getByRole('grid', { name: 'Blocks', exact: true });
    await palette.getByRole('row', { name: /Video/ }).focus();
    await p.keyboard.press('Enter');
    await p.getByRole('grid', { name: 'Form blocks' }).getByRole('row', { name: /Video/ }).click();
    await p.getByRole('region', { name: 'Edit Video' }).locator('input[type=file]').setInputFiles(notAnImage);
    await expectToast(p, 'Something wrong, please try again');
    await builder.context.close();
  });
});

describe('the campaign list', () => {
  it('only logs a failed site list: no error toast, and the list still shows', async () => {
    const { page, context } = await open('/login');
    await page.route('**/api/admin/sites', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Site list broke' }) }));
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.getByLabel('Email').fill('leader@lead.test');
    await page.getByLabel('Password').fill('Password123!');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('grid', { name: 'Campaigns' }).getByRole('rowheader').first().waitFor();
    await expect.poll(() => warnings.some((w) => w.includes('sites could not be loaded'))).toBe(true);
    expect((await toastTexts(page)).filter((t) => t.includes('Site list broke'))).toEqual([]);
    await context.close();
  });

  it('offers each site in the Site menu with its flag (a drawing, not an emoji) and its description', async () => {
    const { page, context } = await open('/', { as: 'system@lead.test' });
    await page.getByRole('grid', { name: 'Campaigns' }).getByRole('rowheader').first().waitFor();
    await page.getByRole('button', { name: /^Site: / }).click();
    const item = page.getByRole('menuitemcheckbox', { name: 'bacsi-online.vn' });
    await item.waitFor();
    const described = await item.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent);
    expect(described).toBe('Vietnamese health news and doctor Q&A');
    expect(await item.locator('svg[data-flag=VN][aria-hidden=true]').count()).toBe(1);
    expect(await item.innerText()).not.toMatch(/\p{Regional_Indicator}/u);
    await page.keyboard.press('Escape');
    // The table's Site column too.
    const siteCells = page.getByRole('grid', { name: 'Campaigns' }).locator('svg[data-flag]');
    expect(await siteCells.count()).toBeGreaterThan(0);
    expect(await page.getByRole('grid', { name: 'Campaigns' }).innerText()).not.toMatch(/\p{Regional_Indicator}/u);
    await context.close();
  });
});
