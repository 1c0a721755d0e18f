import type { FormBlock } from '@lead/contract';
import { validCampaign } from '@lead/contract/fixtures';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminToken,
  liveCampaign,
  loaderReady,
  partnerUrl,
  popupOf,
  usePartnerBrowser,
  visit,
  visitor,
} from './partner.js';
import { sixPictures, uploadPicture } from './pictures.js';

usePartnerBrowser();

/*
 * On a partner page the pop-up shows every picture its campaign stores, from the Lead server (not
 * the partner's host), each with its link in a new tab or the same one as chosen.
 */

/** The pop-up's pictures once drawn: [which, path of its address, href, target] (an Image block's as 'block'). */
async function pictures(host: Locator): Promise<string[][]> {
  const read = () =>
    host.evaluate((el) =>
      [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-picture], img.image')].map((p) => {
        const img = p.tagName === 'IMG' ? (p as HTMLImageElement) : p.querySelector('img');
        const a = p.closest('a');
        const drawn = !img || (img.complete && img.naturalWidth > 0);
        return [
          p.dataset.picture ?? 'block',
          img?.src ?? '',
          a?.getAttribute('href') ?? '',
          a?.getAttribute('target') ?? '',
          drawn ? '' : 'not drawn',
        ];
      }),
    );
  await expect.poll(async () => (await read()).every((p) => p[4] === ''), { timeout: 30_000 }).toBe(true);
  const partner = new URL(partnerUrl('/')).origin;
  return (await read()).map(([which, src, href, target]) => {
    // Our uploads come from the Lead server, whatever the page's host.
    if (src) expect(new URL(src).origin).not.toBe(partner);
    return [which!, src ? new URL(src).pathname : '', href!, target!];
  });
}

async function made() {
  const token = adminToken();
  const pics = await sixPictures(token);
  const blockPicture = await uploadPicture(token, 'block.png');
  const forms: FormBlock[] = [
    { name: 'Title', id: 't', data: { placeholder: 'Pictures', align: 'center' } },
    { name: 'Email', id: 'e', data: { value: 'email', placeholder: 'Email', required: true } },
    {
      name: 'Image',
      id: 'i',
      data: { placeholder: 'Banner', value: blockPicture, url: partnerUrl('/e2e/banner/'), newtab: false },
    },
    { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
  ];
  const links = {
    mobile: { url: partnerUrl('/e2e/mobile-offer/'), newtab: true },
    desktop: { url: partnerUrl('/e2e/desktop-offer/'), newtab: true },
    overlayDesktop: { url: partnerUrl('/e2e/overlay-offer/'), newtab: false },
    thankYou: { url: partnerUrl('/e2e/thanks-offer/'), newtab: true },
  };
  const c = await liveCampaign('/e2e/pictures/', {
    trigger_type: 'custom',
    rules: [{ rule: 'days_to_show_again', value: 0 }],
    forms,
    ...pics,
    extra_fields: { ...validCampaign(0).extra_fields, imageBlocks: JSON.stringify(links) },
  });
  return { c, pics, blockPicture, links };
}

async function show(code: string, mobile: boolean) {
  const context = await visitor({ mobile });
  const page = await visit(context, '/e2e/pictures/');
  await loaderReady(page);
  await page.evaluate(
    (x) => (window as unknown as { lead: { push(c: unknown[]): void } }).lead.push(['show', x]),
    code,
  );
  const host = popupOf(page, code);
  await page.waitForFunction(
    (x) => document.querySelector(`[data-lead-popup="${x}"]`)?.shadowRoot?.querySelector('.popup'),
    code,
  );
  return { context, page, host };
}

describe('the pop-up on a partner page shows every stored picture and its link', () => {
  it('on a desktop: its picture (a new tab when clicked), its overlay (the same tab), the background and Image blocks; then the thank-you picture', async () => {
    const { c, pics, blockPicture, links } = await made();
    const { context, host } = await show(c.code, false);
    expect(await pictures(host)).toEqual([
      ['desktop', pics.image_desktop, links.desktop.url, '_blank'],
      ['overlayDesktop', pics.image_overlay_desktop, links.overlayDesktop.url, ''],
      ['block', blockPicture, partnerUrl('/e2e/banner/'), ''],
    ]);
    expect(
      await host.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.popup')!).backgroundImage),
    ).toContain(pics.image_background);

    // The overlay lies over the picture, so a click there follows the overlay's link (the same tab).
    const followed = host.page().waitForURL(links.overlayDesktop.url);
    await host.locator('[data-picture=overlayDesktop]').click();
    await followed;
    await context.close();

    const again = await show(c.code, false);
    await again.host.getByLabel('Email').fill('pictures@example.com');
    await again.host.getByRole('button', { name: 'Send' }).click();
    await again.host.getByText('THANK YOU').waitFor();
    expect(await pictures(again.host)).toEqual([['thankYou', pics.thank_you_image, links.thankYou.url, '_blank']]);
    const opened = again.context.waitForEvent('page');
    await again.host.locator('[data-picture=thankYou]').click();
    expect((await opened).url()).toBe(links.thankYou.url);
  });

  it('on a phone: the mobile picture and the mobile overlay (it has no link)', async () => {
    const { c, pics, blockPicture, links } = await made();
    const { host } = await show(c.code, true);
    expect(await pictures(host)).toEqual([
      ['mobile', pics.image, links.mobile.url, '_blank'],
      ['overlayMobile', pics.image_overlay_mobile, '', ''],
      ['block', blockPicture, partnerUrl('/e2e/banner/'), ''],
    ]);
  });
});
