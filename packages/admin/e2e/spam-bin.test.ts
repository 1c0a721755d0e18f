import { describe, expect, it } from 'vitest';
import { MARK, makeCampaign, unique } from './fixtures.js';
import {
  apiCall,
  baseUrl,
  detailSettled,
  expectAccessible,
  expectToast,
  open,
  tokenOf,
  useBrowser,
} from './helpers.js';

useBrowser();

/** A script's lead: straight to the route, no page view, no proof of work, no Origin. */
async function scriptLead(code: string, email: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/public/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'python-requests/2.32' },
    body: JSON.stringify({
      site_id: 1,
      code,
      visitor_id: `journey-spam-${MARK}-${email.length}`,
      page_url: 'https://bacsi-online.vn/x/',
      fields: { name: 'Bot', email },
    }),
  });
  expect(await res.json()).toEqual({ _status: 1 });
}

describe('the spam bin', () => {
  it('shows staff a script’s lead with why; a member cannot release it, an admin can, and it becomes a lead', async () => {
    const token = await tokenOf('leader@lead.test');
    const c = await makeCampaign(token, { name: unique('Spam') });
    await scriptLead(c.code, `bot.${MARK}@spam.test`);

    const member = await open(`/campaign-details/${c.id}`, { as: 'member@lead.test' });
    const bin = member.page.getByRole('grid', { name: 'Spam bin' });
    await bin.getByText(`bot.${MARK}@spam.test`).waitFor();
    expect(await bin.innerText()).toContain('No page view: it was not sent from a pop-up shown on a page');
    await member.page.getByText('1 lead in the spam bin').waitFor();
    await expectAccessible(member.page);
    // A member has no row menu to release it.
    expect(await bin.getByRole('button', { name: /Actions for spam lead/ }).count()).toBe(0);
    await member.context.close();

    const { page, context } = await open(`/campaign-details/${c.id}`, { as: 'leader@lead.test' });
    await detailSettled(page);
    const grid = page.getByRole('grid', { name: 'Spam bin' });
    await grid.getByRole('button', { name: /Actions for spam lead/ }).click();
    await page.getByRole('menuitem', { name: 'Release' }).click();
    const dialog = page.getByRole('alertdialog', { name: /Release spam lead/ });
    await dialog.getByRole('button', { name: 'Release' }).click();
    await expectToast(page, 'was released');
    await page.getByText('0 leads in the spam bin').waitFor();
    await page.getByRole('grid', { name: 'Leads', exact: true }).getByText(`bot.${MARK}@spam.test`).waitFor();
    // Kept in the bin as released, naming its lead.
    await grid.getByText(/^Lead #\d+$/).waitFor();
    const detail = await apiCall(token, 'GET /api/admin/campaign/:id', { params: { id: c.id } });
    expect(detail.body._data.campaign.total_lead).toBe(1);
    await context.close();
  });
});
