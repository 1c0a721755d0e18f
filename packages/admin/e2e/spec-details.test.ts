import { describe, expect, it } from 'vitest';
import { makeCampaign, unique } from './fixtures.js';
import { apiCall, expectToast, open, pauseClock, toastTexts, tokenOf, useBrowser } from './helpers.js';

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

    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Drop zones') });
    const builder = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, { as: 'leader@lead.test' });
    const p = builder.page;
    await p
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    await p.getByText('Images', { exact: true }).click();
    // The thank-you image is offered on a layout with a thank-you view (LightBoxB), with the overlays.
    for (const name of [
      'Mobile image',
      'Desktop image',
      'Background image',
      'Desktop overlay image',
      'Mobile overlay image',
      'Thank-you image',
    ]) {
      await p.getByRole('group', { name, exact: true }).waitFor();
    }
    await p
      .getByRole('group', { name: 'Desktop overlay image', exact: true })
      .locator('input[type=file]')
      .setInputFiles(notAnImage);
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
    await page.route('**/api/admin/sites', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Site list broke' }) }),
    );
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

  it('only logs a failed site list in Manage users and Manage clients too: no error toast, and the table still shows', async () => {
    const { page, context } = await open('/', { as: 'system@lead.test' });
    await page.getByRole('grid', { name: 'Campaigns' }).getByRole('rowheader').first().waitFor();
    await page.route('**/api/admin/sites', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Site list broke' }) }),
    );
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' && m.text().includes('sites could not be loaded')) warnings.push(m.text());
    });
    for (const [section, table] of [
      ['users', 'Users'],
      ['clients', 'Clients'],
    ] as const) {
      const before = warnings.length;
      const failed = page.waitForResponse((r) => r.url().endsWith('/api/admin/sites'));
      await page.evaluate((s) => (location.hash = `#/account-settings?section=${s}`), section);
      await failed;
      await page.getByRole('grid', { name: table }).getByRole('row').nth(1).waitFor();
      await expect.poll(() => warnings.length).toBeGreaterThan(before);
      expect(
        (await toastTexts(page)).filter((t) => t.includes('Site list broke') || t.includes('Something wrong')),
      ).toEqual([]);
    }
    await context.close();
  });

  it("has one clear button in its search box, ours: the browser's own one of type=search is hidden", async () => {
    const { page, context } = await open('/', { as: 'leader@lead.test' });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('heart');
    // Where the browser draws its own clear button, at the end of the input's content box: a click
    // there leaves the text.
    const end = await search.evaluate((input) => {
      const r = input.getBoundingClientRect();
      const css = getComputedStyle(input);
      return {
        x: r.right - parseFloat(css.paddingRight) - parseFloat(css.borderRightWidth) - 6,
        y: r.top + r.height / 2,
      };
    });
    await search.focus();
    await page.mouse.click(end.x, end.y);
    expect(await search.inputValue()).toBe('heart');
    const clear = page.getByRole('button', { name: 'Clear search' });
    expect(await clear.count()).toBe(1);
    await clear.click();
    expect(await search.inputValue()).toBe('');
    await context.close();
  });

  it('offers each site in the Site menu with its flag (a drawing, not an emoji) and its description', async () => {
    const { page, context } = await open('/', { as: 'system@lead.test' });
    await page.getByRole('grid', { name: 'Campaigns' }).getByRole('rowheader').first().waitFor();
    await page.getByRole('button', { name: /^Site: / }).click();
    const item = page
      .getByRole('dialog', { name: 'Site' })
      .locator('[data-checkbox-picker-option]', { has: page.getByRole('checkbox', { name: 'bacsi-online.vn' }) });
    const box = item.getByRole('checkbox');
    await box.waitFor();
    const described = await box.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent,
    );
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

describe("the builder's block edit panel", () => {
  it('aligns titles, keeps one submission per number on OTP blocks, offers key presets with the SSO tag, and saves them', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Edit panel') });
    const { page, context } = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
    });
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    const canvas = page.getByRole('grid', { name: 'Form blocks' });
    const palette = page.getByRole('grid', { name: 'Blocks', exact: true });

    await canvas.getByRole('row', { name: /Title/ }).click();
    const title = page.getByRole('region', { name: 'Edit Title' });
    await title.getByRole('radio', { name: 'Right' }).click({ force: true });

    await palette.getByRole('row', { name: /Phone OTP/ }).focus();
    await page.keyboard.press('Enter');
    await canvas.getByRole('row', { name: /Phone OTP/ }).click();
    const otp = page.getByRole('region', { name: 'Edit Phone OTP' });
    await otp.getByText('SSO tag: phone').waitFor();
    await otp.getByRole('checkbox', { name: 'One submission per phone number' }).click({ force: true });

    await palette.getByRole('row', { name: /^.*Text$/ }).focus();
    await page.keyboard.press('Enter');
    await canvas
      .getByRole('row', { name: /Full name/ })
      .last()
      .click();
    const text = page.getByRole('region', { name: 'Edit Text' });
    await text.getByRole('textbox', { name: 'Field key' }).fill('nickname');
    await text.getByRole('button', { name: /Field preset/ }).click();
    for (const preset of ['name', 'phone', 'email', 'birthday', 'gender'])
      await page.getByRole('option', { name: preset, exact: true }).waitFor();
    await page.getByRole('option', { name: 'birthday', exact: true }).click();
    await expectToast(page, 'Updated block Text to birthday');
    expect(await text.getByRole('textbox', { name: 'Field key' }).inputValue()).toBe('birthday');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Campaign has been updated!');
    await context.close();
    const saved = (await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } })).body._data.campaign;
    expect(saved.forms.find((b) => b.name === 'Title')!.data.align).toBe('right');
    expect(saved.forms.find((b) => b.name === 'PhoneOTP')!.data.singleSubmission).toBe(true);
    expect(saved.forms.filter((b) => b.name === 'Text').at(-1)!.data.value).toBe('birthday');
  });

  it('names inline positions in words', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Inline') });
    const { page, context } = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
    });
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /TEMPLATE/ })
      .click();
    await page.getByRole('grid', { name: 'Layout' }).getByRole('row', { name: 'Inline A' }).click();
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    await page.getByRole('button', { name: /Inline position/ }).click();
    await page.getByRole('option', { name: 'After the 3rd H2 heading' }).waitFor();
    expect(await page.getByRole('option', { name: 'h2-3rd' }).count()).toBe(0);
    await page.getByRole('option', { name: 'At the end of the article' }).click();
    expect(await page.getByRole('button', { name: /Inline position/ }).innerText()).toContain(
      'At the end of the article',
    );
    await context.close();
  });
});

describe("the builder's sponsored content", () => {
  it('limits to the sponsoring clients chosen, or excludes all sponsored content and clears them', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Sponsored') });
    const read = async () =>
      (await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } })).body._data.campaign;
    const settings = async () => {
      const opened = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, { as: 'leader@lead.test' });
      await opened.page
        .getByRole('navigation', { name: 'Campaign steps' })
        .getByRole('button', { name: /SETTINGS/ })
        .click();
      return opened;
    };

    let { page, context } = await settings();
    await page.getByRole('switch', { name: 'Sponsored content' }).click({ force: true });
    const choice = page.getByRole('radiogroup', { name: 'Sponsored articles' });
    expect(await choice.getByRole('radio', { name: 'Exclude all sponsored content' }).isChecked()).toBe(true);
    await choice.getByRole('radio', { name: 'Only content sponsored by the clients chosen' }).click({ force: true });
    const sponsors = page.getByRole('group', { name: 'Sponsors' });
    const first = sponsors.getByRole('checkbox').first();
    await first.click({ force: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Campaign has been updated!');
    await context.close();
    const limited = await read();
    expect(limited.is_sponsor).toBe(true);
    expect(limited.sponsor_ids).toHaveLength(1);
    expect(limited.extra_fields.includeSponsoredOnlyList).toBe(true);

    ({ page, context } = await settings());
    await expect
      .poll(() => page.getByRole('group', { name: 'Sponsors' }).getByRole('checkbox', { checked: true }).count())
      .toBe(1);
    await page
      .getByRole('radiogroup', { name: 'Sponsored articles' })
      .getByRole('radio', { name: 'Exclude all sponsored content' })
      .click({ force: true });
    expect(await page.getByRole('group', { name: 'Sponsors' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Campaign has been updated!');
    await context.close();
    expect(await read()).toMatchObject({
      is_sponsor: true,
      sponsor_ids: [],
      extra_fields: { includeSponsoredOnlyList: false },
    });
  });
});

describe("the builder's preview", () => {
  it('scales the page-sized desktop preview down to fit its pane, and up to a wider pane once a resize settles', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Preview') });
    // The page's clock is the test's, so that "not at once" does not depend on the machine's speed.
    const { page, context } = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
      clock: true,
    });
    await page.setViewportSize({ width: 1100, height: 900 });
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    await page.getByRole('radio', { name: 'Desktop' }).click({ force: true });
    const figure = page.getByRole('figure', { name: 'Preview on desktop' });
    await expect.poll(async () => Number(await figure.getAttribute('data-scale'))).toBeLessThan(1);
    const narrow = Number(await figure.getAttribute('data-scale'));
    const fits = await figure.evaluate(
      (f) => f.querySelector('[data-popup-preview]')!.getBoundingClientRect().width <= f.clientWidth,
    );
    expect(fits).toBe(true);
    await pauseClock(page);
    await page.setViewportSize({ width: 2000, height: 900 });
    // A screenshot waits for the next frame, by when the pane's resize has been observed.
    await page.screenshot();
    // Not at once: 250 ms after the resize stops.
    await context.clock.runFor(249);
    expect(Number(await figure.getAttribute('data-scale'))).toBe(narrow);
    await context.clock.runFor(1);
    await expect.poll(async () => Number(await figure.getAttribute('data-scale'))).toBeGreaterThan(narrow);
    await context.clock.resume();
    await context.close();
  });
});
