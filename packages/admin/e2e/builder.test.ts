import { describe, expect, it } from 'vitest';
import { clientOf, makeCampaign, unique } from './fixtures.js';
import { apiCall, expectAccessible, expectRoute, expectToast, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

const LAYOUTS: Array<[string, string, number]> = [
  ['Floating', 'Floating bar', 3],
  ['Tab', 'Tab', 9],
  ['SkinA', 'Skin A', 10],
  ['SkinB', 'Skin B', 11],
  ['CenterTab', 'Center Tab', 12],
  ['LightBoxA', 'Lightbox A', 1],
  ['LightBoxB', 'Lightbox B', 2],
  ['InlineA', 'Inline A', 5],
  ['InlineB', 'Inline B', 6],
  ['Fullscreen', 'Fullscreen', 4],
  ['Sidebar', 'Sidebar', 8],
  ['Slider', 'Slider', 7],
];

describe('creating a campaign in the builder', () => {
  it.each(LAYOUTS)(
    'with the %s layout, from TARGET to the success page, and finds it in the list',
    async (layout, label, displayType) => {
      const access_token = await tokenOf('leader@lead.test');
      const clientId = await clientOf(access_token, 1);
      const name = unique(`Built ${layout}`);
      const query = new URLSearchParams({
        campaignName: name,
        siteID: '1',
        siteURL: 'bacsi-online.vn',
        clientID: String(clientId),
      });
      const { page, context } = await open(`/new-campaign?${query}`, { as: 'leader@lead.test' });
      await page.getByRole('heading', { level: 1, name: 'New campaign' }).waitFor();
      const next = page.getByRole('button', { name: 'Next', exact: true });

      // TARGET: Next waits for a link on the site's host.
      expect(await next.isDisabled()).toBe(true);
      await page.getByText('Please add at least one link or tag.').waitFor();
      await page.getByRole('textbox', { name: 'Link' }).fill('https://example.com/x');
      await page.getByRole('button', { name: 'Add link' }).click();
      await page.getByText('not include bacsi-online.vn.').waitFor();
      await page.getByRole('textbox', { name: 'Link' }).fill('https://bacsi-online.vn/Tim-Mach/');
      await page.getByRole('button', { name: 'Add link' }).click();
      await page
        .getByRole('list', { name: 'Links' })
        .locator('code', { hasText: 'https://bacsi-online.vn/tim-mach/' })
        .first()
        .waitFor();
      if (layout === 'Floating') await expectAccessible(page);
      await next.click();

      // TEMPLATE: choosing a layout jumps to TRIGGER.
      await page.getByRole('heading', { level: 2, name: 'TEMPLATE' }).waitFor();
      expect(await next.isDisabled()).toBe(true);
      await page.getByText(label, { exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'TRIGGER' }).waitFor();
      if (layout.startsWith('Inline'))
        expect(await page.getByRole('radio', { name: 'On Landing' }).isDisabled()).toBe(true);
      await next.click();

      // DESIGN: the preview is the pop-up renderer.
      await page.getByRole('heading', { level: 2, name: 'DESIGN' }).waitFor();
      // Nothing that comes after the step shows (the Style panel's controls, the site's page in the
      // canvas) moves Next: a press aimed at it lands on it.
      const nextAt = await next.evaluate((e) => e.getBoundingClientRect().y + window.scrollY);
      await page.locator('details[data-style-panel]').waitFor();
      await page.locator('figure[data-page="site"]').waitFor();
      expect(await next.evaluate((e) => e.getBoundingClientRect().y + window.scrollY)).toBe(nextAt);
      await expect
        .poll(() =>
          page
            .locator('[data-popup-preview]')
            .evaluate((el) => el.shadowRoot?.querySelector('.popup')?.getAttribute('data-layout')),
        )
        .toBe(layout);
      await next.click();

      // SETTINGS: Comfirm saves.
      await page.getByRole('heading', { level: 2, name: 'SETTINGS' }).waitFor();
      await page.getByRole('button', { name: 'Comfirm' }).click();
      await expectRoute(page, '/create-campaign-success');
      await page.getByRole('heading', { level: 1, name: 'Campaign has been created!' }).waitFor();

      const list = await apiCall(access_token, 'GET /api/admin/campaign', { query: { keyword: name } });
      expect(list.body._data.models).toHaveLength(1);
      expect(list.body._data.models[0]!.display_type).toBe(displayType);
      const saved = await apiCall(access_token, 'GET /api/admin/campaign/:id', {
        params: { id: list.body._data.models[0]!.id },
      });
      expect(saved.body._data.campaign.extra_fields).toMatchObject({ currentLayout: layout, popupVersion: '2.1' });
      expect(saved.body._data.campaign.targets.map((t) => t.target)).toEqual(['https://bacsi-online.vn/tim-mach/']);

      // Re-opened in the builder, it comes back with its layout.
      await page.goto(
        page.url().replace(/#.*/, `#/edit-campaign/${list.body._data.models[0]!.id}?siteID=1&siteURL=bacsi-online.vn`),
      );
      await page
        .getByRole('navigation', { name: 'Campaign steps' })
        .getByRole('button', { name: /TEMPLATE/ })
        .click();
      expect(
        await page
          .getByRole('grid', { name: 'Layout' })
          .getByRole('row', { name: label, exact: true })
          .getAttribute('aria-selected'),
      ).toBe('true');
      await context.close();
    },
  );
});

describe('editing a campaign', () => {
  it('opens on any step, blocks the save with the spec message for an empty field key, and saves the change', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id, name } = await makeCampaign(access_token, { name: unique('Edit me') });
    const { page, context } = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
    });
    await page.getByRole('heading', { level: 1, name: 'Edit campaign' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    await page.getByRole('heading', { level: 2, name: 'DESIGN' }).waitFor();
    await expectAccessible(page);

    // Select the Email block and empty its key: the save is refused with the product's message.
    const canvas = page.getByRole('grid', { name: 'Form blocks' });
    await canvas.getByRole('row', { name: /Email/ }).click();
    const key = page.getByRole('region', { name: 'Edit Email' }).getByRole('textbox', { name: 'Field key' });
    await key.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'The field Email has empty value. Please check again!');
    await key.fill('email');

    await page.getByRole('textbox', { name: 'Campaign name' }).fill(`${name} v2`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Campaign has been updated!');
    await expectRoute(page, '/');
    const saved = await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } });
    expect(saved.body._data.campaign.name).toBe(`${name} v2`);
    await context.close();
  });

  it('reorders blocks by keyboard drag and drop, announced drop positions and all', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Reorder') });
    const { page, context } = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
    });
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    const canvas = page.getByRole('grid', { name: 'Form blocks' });
    // Enter on the drag handle starts the drag, and a frame later the first drop position takes focus
    // (under load it can take a moment). A re-render of the canvas while the step settles can move
    // focus off the handle first (before or after Enter): then focus it again and press Enter again.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const handle = canvas.getByRole('button', { name: /Move Submit/ });
    await expect
      .poll(async () => {
        if (/^Insert /.test(await focused())) return true;
        if (/^Move Submit/.test(await focused())) return false; // Enter pressed: the drag is starting
        await handle.focus();
        if (/^Move Submit/.test(await focused())) await page.keyboard.press('Enter');
        return false;
      })
      .toBe(true);
    // Arrow keys move between the announced drop positions.
    for (let i = 0; i < 8 && !/^Insert between Title: .* and Text: Full name$/.test(await focused()); i++)
      await page.keyboard.press('ArrowDown');
    expect(await focused()).toMatch(/^Insert between Title: .* and Text: Full name$/);
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () =>
          await canvas
            .locator('[data-canvas-block]')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type'))),
      )
      .toEqual(['Title', 'Submit', 'Text', 'Email']);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Campaign has been updated!');
    const saved = await apiCall(access_token, 'GET /api/admin/campaign/:id', { params: { id } });
    expect(saved.body._data.campaign.forms.map((f) => f.name)).toEqual(['Title', 'Submit', 'Text', 'Email']);
    await context.close();
  });

  it('adds a block from the palette by keyboard alone and refuses a second Location block', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Keyboard') });
    const { page, context } = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
    });
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    const palette = page.getByRole('grid', { name: 'Blocks', exact: true });
    const canvas = page.getByRole('grid', { name: 'Form blocks' });
    const before = await canvas.getByRole('row').count();
    // Focus the palette's Location item and press Enter: it joins the form (before its Submit button).
    await palette.getByRole('row', { name: /Location/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => canvas.getByRole('row').count()).toBe(before + 1);
    await palette.getByRole('row', { name: /Location/ }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'The Location field already exist.');
    expect(await canvas.getByRole('row').count()).toBe(before + 1);
    await context.close();
  });
});

describe('targets from a CSV file, and the settings rules', () => {
  it('lists the errors of a bad CSV, takes a good one, and saves its targets with the campaign', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const clientId = await clientOf(access_token, 1);
    const name = unique('CSV');
    const query = new URLSearchParams({
      campaignName: name,
      siteID: '1',
      siteURL: 'bacsi-online.vn',
      clientID: String(clientId),
    });
    const { page, context } = await open(`/new-campaign?${query}`, { as: 'leader@lead.test' });
    await page.getByText('CSV import', { exact: true }).click();
    const upload = async (fileName: string, text: string) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose a CSV file' }).click();
      await (await chooser).setFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(text) });
    };
    await upload('bad.csv', 'type,option,target,excluding\nlinks,start_with,https://example.com/a/,\n');
    await page.getByText('bad.csv has errors:').waitFor();
    expect(await page.locator('[data-field-error]').first().innerText()).toContain('not include bacsi-online.vn.');
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isDisabled()).toBe(true);

    await upload(
      'good.csv',
      'type,option,target,excluding\nlinks,start_with,https://bacsi-online.vn/csv-a/,\nlinks,exact_match,https://bacsi-online.vn/csv-b/,\n',
    );
    await page.getByText(/^good\.csv: /).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Lightbox B', { exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // SETTINGS: a frequency that is not a number is refused with the product's message.
    await page.getByRole('textbox', { name: /Frequency/ }).fill('weekly');
    await page.getByRole('button', { name: 'Comfirm' }).click();
    await expectToast(page, 'Frequency must be a number');
    await page.getByRole('textbox', { name: /Frequency/ }).fill('14');
    await page.getByRole('button', { name: 'Comfirm' }).click();
    await expectRoute(page, '/create-campaign-success');

    const list = await apiCall(access_token, 'GET /api/admin/campaign', { query: { keyword: name } });
    const saved = await apiCall(access_token, 'GET /api/admin/campaign/:id', {
      params: { id: list.body._data.models[0]!.id },
    });
    expect(saved.body._data.campaign.is_target_import).toBe(true);
    expect(saved.body._data.campaign.targets.map((t) => t.target).sort()).toEqual([
      'https://bacsi-online.vn/csv-a/',
      'https://bacsi-online.vn/csv-b/',
    ]);
    expect(saved.body._data.campaign.rules).toEqual(
      expect.arrayContaining([{ rule: 'days_to_show_again', value: 14 }]),
    );
    await context.close();
  });
});

describe('the builder passes axe', () => {
  it('on every step, the thank-you view and a block editor included', async () => {
    const access_token = await tokenOf('leader@lead.test');
    const { id } = await makeCampaign(access_token, { name: unique('Axe') });
    const { page, context } = await open(`/edit-campaign/${id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
    });
    const steps = page.getByRole('navigation', { name: 'Campaign steps' });
    for (const step of ['TARGET', 'TEMPLATE', 'TRIGGER', 'DESIGN', 'SETTINGS']) {
      await steps.getByRole('button', { name: new RegExp(step) }).click();
      await page.getByRole('heading', { level: 2, name: step }).waitFor();
      await expectAccessible(page);
    }
    await steps.getByRole('button', { name: /DESIGN/ }).click();
    await page.getByRole('grid', { name: 'Form blocks' }).getByRole('row', { name: /Email/ }).click();
    await page.getByRole('region', { name: 'Edit Email' }).waitFor();
    await expectAccessible(page);
    await page.getByText('Thank you', { exact: true }).click();
    await page.getByRole('grid', { name: 'Thank-you blocks' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
