import { describe, expect, it } from 'vitest';
import { HISTORY_SITE, deactivate, makeCampaign, makeUser, unique } from './fixtures.js';
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

  it('shows a status change in the same badge as the list, in the words the server wrote', async () => {
    const me = await makeUser({ role: 'campaign-leader', siteIds: [HISTORY_SITE.id], first_name: unique('Ivy') });
    const token = await tokenOf(me);
    const { id, name } = await makeCampaign(token, {
      name: unique('History status'),
      site_id: HISTORY_SITE.id,
      targets: [{ type: 'links', option: 'start_with', target: `https://${HISTORY_SITE.host}/lung/`, sub_target: [] }],
    });
    await deactivate(token, id);
    const { page, context } = await open('/system-history', { as: me });
    const entry = page
      .getByRole('list', { name: 'System history' })
      .getByRole('listitem')
      .filter({ hasText: `Deactivated campaign ${name}.` });
    await entry.waitFor();
    const badge = entry.locator('[data-history-text] [data-status-badge][data-status=inactive]');
    expect(await badge.innerText()).toBe('Deactivated');
    const look = (el: Element) => {
      const css = getComputedStyle(el);
      return [css.backgroundColor, css.color, css.borderRadius, css.fontSize];
    };
    const historyLook = await badge.evaluate(look);
    await expectAccessible(page);
    // The list's badge of an inactive campaign: the same colours and shape.
    await page.goto(page.url().replace(/#.*$/, `#/?site=${HISTORY_SITE.id}&status=-1`));
    const listBadge = page
      .getByRole('grid', { name: 'Campaigns' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name }) })
      .locator('[data-status-badge]');
    expect(await listBadge.innerText()).toBe('Inactive');
    expect(await listBadge.evaluate(look)).toEqual(historyLook);
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
