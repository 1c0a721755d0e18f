import { describe, expect, it } from 'vitest';
import { MARK } from './fixtures.js';
import { expectAccessible, expectToast } from './helpers.js';
import { layoutCampaign } from './layouts.js';
import { loaderReady, popupOf, staffPage, visit, visitor, usePartnerBrowser } from './partner.js';

usePartnerBrowser();

/*
 * A campaign's style (docs/runtime.md, "Style"), from the builder to the demo partner page: the
 * brand colour and font chosen on DESIGN are what the preview draws and, once saved, what the
 * visitor's pop-up draws, under the page's CSP; the font's files are fetched only once it is chosen,
 * and only the subsets its text needs.
 */

const BRAND = 'rgb(176, 48, 106)';

/** The pop-up of `c` shown to a new visitor (the page's CSP kept): its button's colours and font, and the font files fetched. */
async function shownTo(c: { code: string; path: string }) {
  const context = await visitor({ csp: true });
  const fetched: string[] = [];
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/embed/v1/fonts')) fetched.push(url.pathname);
  });
  const page = await visit(context, c.path);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loaderReady(page);
  await page.evaluate(
    (code) => (window as unknown as { lead: { push(c: unknown[]): void } }).lead.push(['show', code]),
    c.code,
  );
  const host = popupOf(page, c.code);
  await page.waitForFunction(
    (code) => document.querySelector(`[data-lead-popup="${code}"]`)?.shadowRoot?.querySelector('.button'),
    c.code,
  );
  const read = () =>
    host.evaluate((el) => {
      const button = getComputedStyle(el.shadowRoot!.querySelector('.button')!);
      const popup = getComputedStyle(el.shadowRoot!.querySelector('.popup')!);
      return { background: button.backgroundColor, family: popup.fontFamily };
    });
  return { page, fetched, read };
}

describe("a campaign's style", () => {
  it('the brand colour and font chosen in the builder are the partner page’s; the font is fetched only once chosen', async () => {
    const c = await layoutCampaign('LightBoxB', `style-${MARK}`);

    // Without a style: today's blue, the system's font, no font module or file fetched.
    const plain = await shownTo(c);
    expect(await plain.read()).toMatchObject({ background: 'rgb(29, 79, 196)' });
    expect((await plain.read()).family).toMatch(/^system-ui/);
    await plain.page.evaluate(() => document.fonts.ready);
    expect(plain.fetched).toEqual([]);

    const { admin } = await staffPage(
      'system@lead.test',
      `/edit-campaign/${c.id}?siteID=12&siteURL=healthgroup.global`,
    );
    await admin
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    const preview = admin.locator('[data-popup-preview]');
    await preview.waitFor();
    await admin.getByText('Style', { exact: true }).click();
    await admin.getByRole('textbox', { name: /Brand colour/ }).fill('#B0306A');
    await admin.getByRole('button', { name: /System font/ }).click();
    await admin.getByRole('option', { name: /Sarabun/ }).click();
    // The preview draws it at once, with the same renderer.
    await expect
      .poll(() => preview.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.button')!).backgroundColor))
      .toBe(BRAND);
    expect(
      await preview.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.popup')!).fontFamily),
    ).toMatch(/^"Lead Sarabun"/);
    // White on this brand colour reaches 4.5:1: no warning.
    expect(await admin.locator('[data-contrast-warning]').count()).toBe(0);
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(admin, 'Campaign has been updated!');

    // The partner page: the same colour on the button, the font, and its Latin file only (the words are English).
    const styled = await shownTo(c);
    expect((await styled.read()).background).toBe(BRAND);
    expect((await styled.read()).family).toMatch(/^"Lead Sarabun"/);
    await expect
      .poll(() => styled.fetched.filter((f) => f.endsWith('.woff2')))
      .toContain('/embed/v1/fonts/sarabun-latin-400-normal.woff2');
    expect(styled.fetched).toContain('/embed/v1/fonts.js');
    expect(styled.fetched.filter((f) => f.endsWith('.woff2')).every((f) => f.includes('-latin-'))).toBe(true);
    // The page's fonts hold the face, loaded (the file came through the page's CSP).
    await expect
      .poll(() =>
        styled.page.evaluate(() =>
          [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Lead Sarabun' && f.status === 'loaded'),
        ),
      )
      .toBe(true);
  });
});
