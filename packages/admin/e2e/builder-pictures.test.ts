import type { FormBlock } from '@lead/contract';
import { validCampaign } from '@lead/contract/fixtures';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeCampaign, unique } from './fixtures.js';
import { apiCall, expectToast, open, tokenOf, useBrowser } from './helpers.js';
import { sixPictures, uploadPicture } from './pictures.js';

useBrowser();

/*
 * The builder's preview shows every picture the campaign stores, with its link, and the builder
 * stores a picture and its link as two things; an address that is not a link is refused before
 * it is saved, with the message next to the field.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGO4oGAARwzEcQDeQxIBYg7wqAAAAABJRU5ErkJggg==',
  'base64',
);

async function openDesign(id: number) {
  const opened = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, { as: 'leader@lead.test' });
  await opened.page
    .getByRole('navigation', { name: 'Campaign steps' })
    .getByRole('button', { name: /DESIGN/ })
    .click();
  await opened.page.locator('[data-popup-preview]').waitFor();
  return opened;
}

/** The preview's pictures once drawn: [which, src, href, target] (an Image block's as 'block'). */
async function previewPictures(page: Page): Promise<string[][]> {
  const read = () =>
    page.locator('[data-popup-preview]').evaluate((host) =>
      [...host.shadowRoot!.querySelectorAll<HTMLElement>('[data-picture], img.image')].map((p) => {
        const img = p.tagName === 'IMG' ? (p as HTMLImageElement) : p.querySelector('img');
        const a = p.closest('a');
        const drawn = !img || (img.complete && img.naturalWidth > 0);
        return [
          p.dataset.picture ?? 'block',
          img?.getAttribute('src') ?? '',
          a?.getAttribute('href') ?? '',
          a?.getAttribute('target') ?? '',
          drawn ? '' : 'not drawn',
        ];
      }),
    );
  // Each picture has loaded (a broken one never does).
  await expect.poll(async () => (await read()).every((p) => p[4] === ''), { timeout: 30_000 }).toBe(true);
  return (await read()).map((p) => p.slice(0, 4));
}

const detail = async (token: string, id: number) =>
  (await apiCall(token, 'GET /api/admin/campaign/:id', { params: { id } })).body._data.campaign;

describe("the builder's preview shows every stored picture and link", () => {
  it('each device its picture and overlay, the background, the thank-you picture, and Image blocks, linked as chosen; dates as DD/MM/YYYY', async () => {
    const token = await tokenOf('leader@lead.test');
    const pics = await sixPictures(token);
    const blockPicture = await uploadPicture(token, 'block.png');
    const forms: FormBlock[] = [
      ...validCampaign(0).forms,
      {
        name: 'Image',
        id: 'i',
        data: { placeholder: 'Banner', value: blockPicture, url: 'https://bacsi-online.vn/banner', newtab: false },
      },
      { name: 'Date', id: 'd', data: { value: 'birthday', placeholder: 'Birthday' } },
    ];
    const links = {
      mobile: { url: 'https://bacsi-online.vn/m', newtab: true },
      overlayDesktop: { url: 'https://bacsi-online.vn/od', newtab: false },
      background: { url: 'https://bacsi-online.vn/bg', newtab: true },
      thankYou: { url: 'https://bacsi-online.vn/ty', newtab: true },
    };
    const { id } = await makeCampaign(token, {
      name: unique('Pictures'),
      forms,
      ...pics,
      extra_fields: { ...validCampaign(0).extra_fields, imageBlocks: JSON.stringify(links) },
    });
    const { page, context } = await openDesign(id);

    expect(await previewPictures(page)).toEqual([
      ['background', '', 'https://bacsi-online.vn/bg', '_blank'],
      ['mobile', pics.image, 'https://bacsi-online.vn/m', '_blank'],
      ['overlayMobile', pics.image_overlay_mobile, '', ''],
      ['block', blockPicture, 'https://bacsi-online.vn/banner', ''],
    ]);
    const popup = page.locator('[data-popup-preview] .popup');
    expect(await popup.evaluate((p) => getComputedStyle(p).backgroundImage)).toContain(pics.image_background);
    const date = page.locator('[data-popup-preview] input[name=birthday]');
    expect([await date.getAttribute('type'), await date.getAttribute('placeholder')]).toEqual(['text', 'DD/MM/YYYY']);

    await page.getByRole('radiogroup', { name: 'Preview on' }).getByText('Desktop', { exact: true }).click();
    expect((await previewPictures(page)).slice(1, 3)).toEqual([
      ['desktop', pics.image_desktop, '', ''],
      ['overlayDesktop', pics.image_overlay_desktop, 'https://bacsi-online.vn/od', ''],
    ]);

    await page.getByRole('radiogroup', { name: 'View' }).getByText('Thank you', { exact: true }).click();
    expect((await previewPictures(page)).slice(1)).toEqual([
      ['thankYou', pics.thank_you_image, 'https://bacsi-online.vn/ty', '_blank'],
    ]);
    await context.close();
  });
});

describe('an Image block is a picture and a link', () => {
  it('typing its link after uploading its picture keeps the picture, in the preview and once saved', async () => {
    const token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(token, { name: unique('Image link') });
    const { page, context } = await openDesign(id);
    await page.getByRole('grid', { name: 'Blocks', exact: true }).getByRole('row', { name: /Image/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('grid', { name: 'Form blocks' }).getByRole('row', { name: /Image/ }).click();
    const editor = page.getByRole('region', { name: 'Edit Image' });
    await editor.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    const img = page.locator('[data-popup-preview] img.image');
    await expect.poll(() => img.getAttribute('src').catch(() => null), { timeout: 30_000 }).toMatch(/^\/uploads\//);
    const picture = (await img.getAttribute('src'))!;

    await editor.getByRole('textbox', { name: 'Link when the image is clicked' }).fill('https://bacsi-online.vn/heart');
    await editor.getByRole('checkbox', { name: 'Open the link in a new tab' }).click({ force: true });
    expect(await previewPictures(page)).toEqual([['block', picture, 'https://bacsi-online.vn/heart', '']]);

    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Campaign has been updated!');
    const saved = (await detail(token, id)).forms.find((b) => b.name === 'Image')!;
    expect(saved.data).toMatchObject({ value: picture, url: 'https://bacsi-online.vn/heart', newtab: false });
    await context.close();
  });
});

describe('an address that is not a link is refused before it is saved', () => {
  it('a thank-you link button to javascript: and a picture link that is not a link: the message next to the field, nothing saved', async () => {
    const token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(token, { name: unique('Bad links') });
    const before = await detail(token, id);
    const { page, context } = await openDesign(id);

    await page.getByRole('radiogroup', { name: 'View' }).getByText('Thank you', { exact: true }).click();
    await page
      .getByRole('grid', { name: 'Blocks', exact: true })
      .getByRole('row', { name: /Link button/ })
      .focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('grid', { name: 'Thank-you blocks' })
      .getByRole('row', { name: /Link button/ })
      .click();
    const editor = page.getByRole('region', { name: 'Edit Link button' });
    await editor.getByRole('textbox', { name: 'URL' }).fill('javascript:alert(1)');
    // Away from the thank-you view: the refused save brings it back, its block selected.
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Main', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const linkMessage = 'The link of block "Join now" must start with http://, https://, mailto: or tel:.';
    await expectToast(page, linkMessage);
    await editor.getByText(linkMessage).waitFor();
    expect(await page.getByRole('radio', { name: 'Thank you' }).isChecked()).toBe(true);
    expect(await detail(token, id)).toEqual(before);

    await editor.getByRole('textbox', { name: 'URL' }).fill('https://bacsi-online.vn/more');
    await page.getByText('Images', { exact: true }).click();
    const mobile = page.getByRole('group', { name: 'Mobile image', exact: true });
    await mobile.getByRole('textbox', { name: 'Mobile image link' }).fill('not a link at all');
    await page.getByRole('button', { name: 'Save' }).click();
    const pictureMessage = 'The link of the Mobile image must start with http://, https://, mailto: or tel:.';
    await expectToast(page, pictureMessage);
    await mobile.getByText(pictureMessage).waitFor();
    expect(await detail(token, id)).toEqual(before);

    await mobile.getByRole('textbox', { name: 'Mobile image link' }).fill('https://bacsi-online.vn/offer');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Campaign has been updated!');
    const after = await detail(token, id);
    expect(JSON.parse(after.extra_fields.imageBlocks!).mobile.url).toBe('https://bacsi-online.vn/offer');
    expect(after.extra_fields.listBlockThankyou).toContain('https://bacsi-online.vn/more');
    await context.close();
  });

  it('typing a picture link key by key: the Images section stays open as the message comes and goes', async () => {
    const token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(token, { name: unique('Typed link') });
    const { page, context } = await openDesign(id);
    await page.getByText('Images', { exact: true }).click();
    const field = page
      .getByRole('group', { name: 'Mobile image', exact: true })
      .getByRole('textbox', { name: 'Mobile image link' });
    // 'h' is not a link (a message), 'https://bacsi-online.vn/x' is (none): the section stays as staff opened it.
    await field.pressSequentially('https://bacsi-online.vn/x');
    await expect.poll(() => field.inputValue()).toBe('https://bacsi-online.vn/x');
    expect(
      await page
        .locator('details', { has: page.getByText('Images', { exact: true }) })
        .evaluate((d) => (d as HTMLDetailsElement).open),
    ).toBe(true);
    expect(await field.isVisible()).toBe(true);
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
