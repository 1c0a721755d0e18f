import type { Locator, Request, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCampaign, MARK, unique } from './fixtures.js';
import { apiCall, expectAccessible, hashQuery, open, pauseClock, tokenOf, useBrowser } from './helpers.js';

useBrowser();

const LEADER = 'leader@lead.test';
/** The keyword a campaign list request searches for ('' for none). */
const keywordOf = (r: Request) => new URL(r.url()).searchParams.get('keyword') ?? '';
const isListRequest = (r: Request) => /\/api\/admin\/campaign\?/.test(r.url());

/** This file's campaigns: 25 named to sort in a known order (a page of 20 and 5 more), found by their stem. */
const STEM = `Listed ${MARK}`;
const names = Array.from({ length: 25 }, (_, i) => `${STEM} ${String(i + 1).padStart(2, '0')}`);
beforeAll(async () => {
  const token = await tokenOf(LEADER);
  for (const name of names) await makeCampaign(token, { name });
});
const own = `/?q=${encodeURIComponent(STEM)}`;
/** The names in the list, the Report view's totals row left out. */
const listed = (grid: Locator) =>
  grid
    .getByRole('rowheader')
    .filter({ hasNotText: /^Total of / })
    .allInnerTexts();

describe('the campaign list', () => {
  it('lists campaigns, switches Information/Report, sorts, pages, and keeps it all in the URL across a reload', async () => {
    const { page, context } = await open(own, { as: LEADER });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    await expectAccessible(page);
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining(['Code', 'Site', 'Client']),
    );

    await page.getByRole('radio', { name: 'Report' }).click({ force: true });
    await grid.getByRole('columnheader', { name: /Conversion rate/ }).waitFor();
    expect(await grid.getByRole('columnheader', { name: /Site/ }).count()).toBe(0);
    for (const rate of await grid.locator('td[data-column=rate]').allInnerTexts()) expect(rate).toMatch(/^\d+\.\d\d%$/);

    // Sorted by last update by default; Name sorts ascending, then descending, then ascending.
    const nameHeader = grid.getByRole('columnheader', { name: /Name/ });
    await nameHeader.click();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await nameHeader.click();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => listed(grid)).toEqual([...names].reverse().slice(0, 20));
    await nameHeader.click();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => listed(grid)).toEqual(names.slice(0, 20));

    await page.getByRole('navigation', { name: 'Campaign pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect
      .poll(() => hashQuery(page))
      .toMatchObject({ q: STEM, view: 'Report', sort: 'name', order: 'asc', page: '2' });
    await expect.poll(() => listed(grid)).toEqual(names.slice(20));

    await page.reload();
    await grid.getByRole('rowheader').first().waitFor();
    expect(await page.getByRole('radio', { name: 'Report' }).isChecked()).toBe(true);
    await expect.poll(() => listed(grid)).toEqual(names.slice(20));
    expect(
      await page
        .getByRole('navigation', { name: 'Campaign pages' })
        .getByRole('button', { name: 'Page 2' })
        .getAttribute('aria-current'),
    ).toBe('page');

    // Back returns to the previous list.
    await page.goBack();
    await expect.poll(() => hashQuery(page)).not.toHaveProperty('page');
    await expect.poll(() => listed(grid)).toEqual(names.slice(0, 20));
    await context.close();
  });

  it('searches by name once typing pauses for 300 ms; a search matching nothing says so and offers Clear filters', async () => {
    // The page's clock is the test's: it stands still while typing, so that a slow machine's
    // keystrokes are one burst, and the pause is counted in requests sent, not in time measured.
    const { page, context } = await open('/', { as: LEADER, clock: true });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    const searched: string[] = [];
    page.on('request', (r) => {
      if (isListRequest(r) && keywordOf(r)) searched.push(keywordOf(r));
    });
    const box = page.getByRole('searchbox', { name: 'Search' });
    await pauseClock(page);
    await box.pressSequentially(STEM);
    await context.clock.runFor(299);
    // Not reported yet: the URL (which the search changes before it asks) and the requests say so.
    expect(await hashQuery(page)).not.toHaveProperty('q');
    expect(searched).toEqual([]);
    await context.clock.runFor(1);
    expect(await hashQuery(page)).toMatchObject({ q: STEM });
    await context.clock.resume();
    // One request for the whole burst, none for the letters typed on the way.
    await expect.poll(() => searched).toEqual([STEM]);
    await expect.poll(() => hashQuery(page)).toMatchObject({ q: STEM });
    await expect
      .poll(async () => (await grid.getByRole('rowheader').allInnerTexts()).filter((n) => n.startsWith(STEM)).length)
      .toBe(20);
    expect(searched).toEqual([STEM]);

    await pauseClock(page);
    await box.fill('no campaign has this name');
    await context.clock.runFor(300);
    await context.clock.resume();
    // Not the spec's empty text, which is for a list with no campaign at all.
    await page.getByText('No campaign matches these filters').waitFor();
    expect(await page.getByText('There is no campaign at the moment').count()).toBe(0);
    expect(searched).toEqual([STEM, 'no campaign has this name']);
    await grid.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => hashQuery(page)).not.toHaveProperty('q');
    await grid.getByRole('rowheader').first().waitFor();
    await context.close();
  });

  it('is one tab stop that Tab reaches on the first row after the first load; arrows and Space work in it, and one Tab leaves it', async () => {
    const { page, context } = await open(own, { as: LEADER });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement!;
        return {
          role: el.getAttribute('role') ?? el.tagName.toLowerCase(),
          name: el.getAttribute('aria-label') ?? el.closest('[role=row]')?.getAttribute('data-key'),
        };
      });
    // After Clear filters (after the search's chip), the column set's switch on the totals line is the
    // last stop above the table (one stop, as a radio group); the next Tab is the grid's first row.
    await page.getByRole('button', { name: 'Clear filters' }).focus();
    await page.keyboard.press('Tab');
    expect((await focused()).role).toBe('radio');
    await page.keyboard.press('Tab');
    const first = await grid.getByRole('row').nth(1).getAttribute('data-key');
    expect(await focused()).toEqual({ role: 'row', name: first });
    await page.keyboard.press('ArrowDown');
    const second = await grid.getByRole('row').nth(2).getAttribute('data-key');
    expect(await focused()).toEqual({ role: 'row', name: second });
    await page.keyboard.press('Space');
    await page.getByRole('region', { name: 'Selected campaigns' }).getByText('1 selected').waitFor();
    await page.keyboard.press('ArrowRight');
    expect((await focused()).role).toBe('input');
    // Tab leaves the grid at once (one tab stop), to the pages below it.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement!.closest('[role=grid]'))).toBe(null);
    await context.close();
  });

  it('keeps every keystroke typed in search while the list is loading, and announces the loading', async () => {
    const { page, context } = await open('/', { as: LEADER });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    // The real server's answers, held until the test lets them go, so that typing goes on while
    // requests are in flight, and an answer comes in the middle of a word. (The list applies the
    // keyword when it is reported, not when the answer comes; were it to wait for the answer, the
    // keystrokes typed meanwhile are what this test would catch.) However the keystrokes fall
    // against the 300 ms pause, every request is held and answered.
    const held: Array<{ keyword: string; route: Route }> = [];
    await page.route(
      '**/api/admin/campaign?**',
      (route) => void held.push({ keyword: keywordOf(route.request()), route }),
    );
    const sent = (keyword: string) => expect.poll(() => held.some((h) => h.keyword === keyword)).toBe(true);
    const answerAll = async () => {
      // A request the list gave up on (a newer search aborts it) is gone already.
      for (const h of held.splice(0)) await h.route.continue().catch(() => undefined);
    };
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.pressSequentially('Heart');
    await sent('Heart');
    const container = page.locator('[data-table-container]');
    await expect.poll(() => container.getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('status').filter({ hasText: 'Loading campaigns…' }).count()).toBe(1);
    expect(await grid.getByRole('rowheader').count()).toBeGreaterThan(0); // the previous rows stay

    await box.pressSequentially(' hea');
    const heart = held.find((h) => h.keyword === 'Heart')!.route.request();
    await answerAll();
    await heart.response(); // its answer has come (or the list gave it up for a newer search)
    await box.pressSequentially('lth');
    await sent('Heart health');
    await box.pressSequentially(' tips');
    await answerAll();
    await sent('Heart health tips');
    await page.unroute('**/api/admin/campaign?**');
    await answerAll();
    await expect.poll(() => hashQuery(page)).toMatchObject({ q: 'Heart health tips' });
    expect(await box.inputValue()).toBe('Heart health tips');
    await expect.poll(() => container.getAttribute('aria-busy')).toBe(null);
    await context.close();
  });

  it('filters by status from the Filters panel, counts the active filters, and Cancel changes nothing', async () => {
    // The demo's campaigns, of every status (only read).
    const { page, context } = await open('/?page=2', { as: LEADER });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('button', { name: 'Status: All' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'All', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Active', exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('button', { name: 'Status: All' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'All', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Active', exact: true }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Filters, 1 on' }).waitFor();
    await expect.poll(() => hashQuery(page)).toMatchObject({ status: '1' });
    // A new filter starts again from page 1.
    expect(await hashQuery(page)).not.toHaveProperty('page');
    await expect
      .poll(async () => [...new Set(await grid.locator('td[data-column=status]').allInnerTexts())])
      .toEqual(['Active']);
    await context.close();
  });
});

describe('the Filters panel: sponsored content and last update', () => {
  it('narrows to sponsored campaigns, or to those not sponsored, as the server counts them', async () => {
    // Campaigns of its own: two sponsored, three not, found by their stem.
    const token = await tokenOf(LEADER);
    const stem = unique('Sponsor');
    for (const [i, isSponsor] of [true, true, false, false, false].entries())
      await makeCampaign(token, { name: `${stem} ${i}`, is_sponsor: isSponsor });
    const count = async (isSponsor?: 0 | 1) =>
      (await apiCall(token, 'GET /api/admin/campaign', { query: { keyword: stem, is_sponsor: isSponsor } })).body._data
        .total_items;
    expect([await count(), await count(1), await count(0)]).toEqual([5, 2, 3]);
    const { page, context } = await open(`/?q=${encodeURIComponent(stem)}`, { as: LEADER });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    const shownTotal = async () => Number((await page.getByText(/^[\d,]+ campaigns$/).innerText()).replace(/\D/g, ''));
    await expect.poll(shownTotal).toBe(5);
    for (const [choice, param, expected] of [
      ['Sponsored', '1', 2],
      ['Not sponsored', '0', 3],
    ] as const) {
      await page.getByRole('button', { name: /^Filters/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Filters' });
      await dialog.getByRole('radio', { name: choice, exact: true }).click({ force: true });
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => hashQuery(page)).toMatchObject({ sponsor: param });
      await expect.poll(shownTotal).toBe(expected);
    }
    await page.getByRole('button', { name: 'Filters, 1 on' }).waitFor();
    await context.close();
  });

  it('narrows by the last update, sending the whole days', async () => {
    // A campaign of its own, updated now: the days around today hold it, wherever the day ends.
    const { name } = await makeCampaign(await tokenOf(LEADER), { name: unique('Updated') });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [from, to] = [day(-2), day(2)];
    const { page, context } = await open(`/?q=${encodeURIComponent(name)}&ufrom=${from}&uto=${to}`, { as: LEADER });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader', { name }).waitFor();
    const asked = page.waitForRequest((r) => isListRequest(r));
    await page.reload();
    const params = new URL((await asked).url()).searchParams;
    expect([params.get('from_updated_at'), params.get('to_updated_at')]).toEqual([
      `${from} 00:00:00`,
      `${to} 23:59:59`,
    ]);
    await grid.getByRole('rowheader', { name }).waitFor();
    await page.getByRole('button', { name: 'Filters, 1 on' }).waitFor();
    await page.getByRole('button', { name: 'Filters, 1 on' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('group', { name: 'Last update' }).waitFor();
    await context.close();
  });
});

describe('the sidebar filter', () => {
  it('narrows by site then client, keeps it in the URL, and summarises the chosen flags when closed', async () => {
    // The demo member's sites (1 and 2), which no journey changes; only read.
    const { page, context } = await open('/', { as: 'member@lead.test' });
    const grid = page.getByRole('grid', { name: 'Campaigns' });
    await grid.getByRole('rowheader').first().waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar filter' });
    const toggle = sidebar.getByRole('button', { name: /Sites & clients/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await sidebar.getByRole('button', { name: 'Hide filter' }).getAttribute('aria-expanded')).toBe('true');
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(200);
    expect(await sidebar.getByRole('checkbox', { name: 'All', exact: true }).isChecked()).toBe(true);
    await expectAccessible(page);

    // The member sees sites 1 and 2: untick mebau.vn, so only bacsi-online.vn's campaigns stay.
    await sidebar.locator('label', { hasText: 'mebau.vn' }).first().click();
    await expect.poll(() => hashQuery(page)).toMatchObject({ sb: expect.stringMatching(/^1:/) });
    expect(await sidebar.getByRole('checkbox', { name: 'All', exact: true }).isChecked()).toBe(false);
    await expect
      .poll(async () =>
        [...new Set(await grid.locator('td[data-column=site]').allInnerTexts())].map((t) =>
          t.replace(/^\W+/u, '').trim(),
        ),
      )
      .toEqual(['bacsi-online.vn']);

    await sidebar.getByRole('button', { name: 'Hide filter' }).click();
    // Closed, it summarises the chosen sites: one flag, no '+N'.
    expect(await sidebar.getByLabel('1 site chosen').count()).toBe(1);
    await page.reload();
    await grid.getByRole('rowheader').first().waitFor();
    await expect
      .poll(async () =>
        [...new Set(await grid.locator('td[data-column=site]').allInnerTexts())].map((t) =>
          t.replace(/^\W+/u, '').trim(),
        ),
      )
      .toEqual(['bacsi-online.vn']);
    await context.close();
  });
});
