import { describe, expect, it } from 'vitest';
import { MARK, makeCampaign, unique } from './fixtures.js';
import { expectAccessible, expectRoute, expectToast, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/*
 * Publishing you can trust (issue #42): two running campaigns cover the same page, an older
 * "start with …/health/" and a newer exact link under it; the runtime shows the older one, and
 * the admin says so where staff publish.
 */
describe('which campaign wins a page', () => {
  it('warns after saving the losing campaign, naming the winner, and the Finish screen and detail page say it is waiting', async () => {
    const token = await tokenOf('leader@lead.test');
    const section = `https://bacsi-online.vn/publish-${MARK}`;
    const health = await makeCampaign(token, {
      name: unique('Health section'),
      targets: [{ type: 'links', option: 'start_with', target: `${section}/health/`, sub_target: [] }],
    });
    const article = await makeCampaign(token, {
      name: unique('One article'),
      targets: [{ type: 'links', option: 'exact_match', target: `${section}/health/article-1/`, sub_target: [] }],
    });

    // The builder of the losing campaign: saving goes back to the list, which names the winner.
    const { page, context } = await open(`/edit-campaign/${article.id}?siteID=1&siteURL=bacsi-online.vn`, {
      as: 'leader@lead.test',
    });
    await page.getByRole('heading', { level: 1, name: 'Edit campaign' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Campaign has been updated!');
    await expectRoute(page, '/');
    const warning = page
      .getByRole('status')
      .filter({ has: page.getByRole('heading', { name: `“${article.name}” is saved.` }) });
    await warning
      .getByRole('heading', {
        name: `“${article.name}” is saved. Waiting: another campaign wins …/publish-${MARK}/health/article-1/`,
      })
      .waitFor();
    await expectAccessible(page);
    const rivals = warning.getByRole('note', { name: 'Other campaigns win' });
    expect(await rivals.getByRole('listitem').allInnerTexts()).toEqual([
      `${health.name} (${health.code}) wins …/publish-${MARK}/health/article-1/ on desktop and mobile`,
    ]);
    await rivals.getByRole('link', { name: health.name }).click();
    await expectRoute(page, `/campaign-details/${health.id}`);
    // The winner's detail page: live on its page; the warning went with the list.
    const onPages = page.getByRole('region', { name: 'On partner pages' });
    await onPages.getByText('Live on 1 page', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: `“${article.name}” is saved.` }).count()).toBe(0);

    // The Finish screen of the losing campaign: waiting, who wins, and Preview on a page.
    await page.goto(
      `${page.url().split('#')[0]}#/create-campaign-success?${new URLSearchParams({ id: String(article.id), name: article.name })}`,
    );
    const finish = page.getByRole('region', { name: 'On partner pages' });
    await finish
      .getByText(`Waiting: another campaign wins …/publish-${MARK}/health/article-1/`, { exact: true })
      .waitFor();
    expect(
      await finish
        .getByRole('note', { name: 'Other campaigns win' })
        .getByRole('link', { name: health.name })
        .getAttribute('href'),
    ).toBe(`#/campaign-details/${health.id}`);
    await expectAccessible(page);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      finish.getByRole('button', { name: 'Preview on a page' }).click(),
    ]);
    await tab.waitForURL(/lead_preview=/);
    expect(new URL(tab.url()).pathname).toBe(`/publish-${MARK}/health/article-1/`);

    // The losing campaign's detail page says the same.
    await page.getByRole('link', { name: `Open ${article.name}` }).click();
    await expectRoute(page, `/campaign-details/${article.id}`);
    await page
      .getByRole('region', { name: 'On partner pages' })
      .getByText(`Waiting: another campaign wins …/publish-${MARK}/health/article-1/`, { exact: true })
      .waitFor();
    await context.close();
  });
});
