import { describe, expect, it } from 'vitest';
import { HISTORY_SITE, makeCampaign, makeUser, unique } from './fixtures.js';
import { expectAccessible, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

describe('system history', () => {
  it('shows who did each thing, with the picture of its kind', async () => {
    // A user of its own, on the one site where only this journey writes: what happened there and
    // what they did is theirs alone, newest first, on the first page whatever else runs.
    const me = await makeUser({ role: 'campaign-leader', siteIds: [HISTORY_SITE.id], first_name: unique('Hana') });
    const { name } = await makeCampaign(await tokenOf(me), {
      name: unique('History entry'),
      site_id: HISTORY_SITE.id,
      targets: [{ type: 'links', option: 'start_with', target: `https://${HISTORY_SITE.host}/heart/`, sub_target: [] }],
    });
    const { page, context } = await open('/system-history', { as: me });
    const list = page.getByRole('list', { name: 'System history' });
    const entry = list.getByRole('listitem').filter({ hasText: name });
    await entry.waitFor();
    expect(await entry.locator('[data-history-user]').innerText()).toBe(`${me.first_name} ${me.last_name}`);
    expect(await entry.locator('svg[data-icon=create][aria-hidden=true]').count()).toBe(1);
    await context.close();
  });

  it('shows the timeline a page at a time with Previous and Next', async () => {
    // The demo leader sees every site's history: pages of it, whatever else runs.
    const { page, context } = await open('/', { as: 'leader@lead.test' });
    await page.getByRole('button', { name: /menu of/ }).click();
    await page.getByRole('menuitem', { name: 'System History' }).click();
    await page.getByRole('heading', { level: 1, name: 'System History' }).waitFor();
    const list = page.getByRole('list', { name: 'System history' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await list.locator('time').first().innerText()).toMatch(/^\d\d [A-Z][a-z]{2}, \d{4} \d\d:\d\d$/);
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    expect(await previous.isDisabled()).toBe(true);
    const firstPage = await list.innerText();
    await next.click();
    await page.getByText(/^Page 2$/).waitFor();
    expect(await list.innerText()).not.toBe(firstPage);
    expect(await previous.isDisabled()).toBe(false);
    await previous.click();
    await page.getByText(/^Page 1$/).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
