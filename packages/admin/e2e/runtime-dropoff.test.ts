/**
 * Where visitors give up (issue #46, docs/decisions/0009), on a real partner page: a visitor types
 * in the form's first two fields and closes the pop-up; the server counts one start (at the first
 * field) and one leave at the second, and no request carries what was typed. The campaign's detail
 * page then shows it beside the form's fields. The form (validCampaign): 0 Title, 1 Full name,
 * 2 Email, 3 Submit.
 */
import { describe, expect, it } from 'vitest';
import { apiCall } from './helpers.js';
import {
  adminToken,
  liveCampaign,
  loaderReady,
  popupOf,
  staffPage,
  usePartnerBrowser,
  visit,
  visitor,
} from './partner.js';

usePartnerBrowser();

const NAME = 'Typed Secret Name';
const EMAIL = 'typed.secret@example.com';

interface Figures {
  started: number;
  fields: Array<{ field: number; started: number; dropped: number }>;
}
const fieldFigures = async (id: number): Promise<Figures> =>
  (await apiCall(adminToken(), 'GET /api/admin/campaign/:id/fields', { params: { id } })).body._data;

describe('where visitors give up, on a partner page', () => {
  it('counts a start and a leave at the second field of a form typed in and closed, and sends nothing typed', async () => {
    const path = `/heart/dropoff-${Date.now()}/`;
    const c = await liveCampaign(path, { trigger_type: 'custom' });
    const context = await visitor();
    // Every request the page makes, with its body: what left the visitor's browser.
    const sent: Array<{ url: string; body: string }> = [];
    context.on('request', (r) => sent.push({ url: r.url(), body: r.postData() ?? '' }));
    const page = await visit(context, path);
    await loaderReady(page);
    await page.evaluate(
      (code) => (window as unknown as { lead: { push(x: unknown[]): void } }).lead.push(['show', code]),
      c.code,
    );
    const popup = popupOf(page, c.code);
    await popup.waitFor({ state: 'attached' });
    await popup.getByLabel('Full name').fill(NAME);
    await popup.getByLabel('Email').fill(EMAIL);
    await popup.getByRole('button', { name: 'Close' }).click();
    await popup.waitFor({ state: 'detached' });

    // Counted once the close's batch is committed: waited for as a condition.
    await expect
      .poll(() => fieldFigures(c.id), { timeout: 15_000 })
      .toEqual({
        started: 1,
        fields: [
          { field: 1, started: 1, dropped: 0 },
          { field: 2, started: 0, dropped: 1 },
        ],
      });
    const events = sent
      .filter((s) => s.url.endsWith('/api/public/events'))
      .flatMap((s) => (JSON.parse(s.body) as { events: Array<{ type: string; field?: number }> }).events)
      .map((e) => (e.field === undefined ? e.type : `${e.type}:${e.field}`));
    expect(events).toEqual(['impression', 'start:1', 'close', 'leave:2']);
    const everything = sent.map((s) => `${s.url} ${s.body}`).join('\n');
    for (const typed of [NAME, EMAIL, 'Typed', 'typed.secret', encodeURIComponent(EMAIL)])
      expect(everything).not.toContain(typed);
    await context.close();

    // The detail page: beside the Email field, the one who left there, in words.
    const { staff, admin } = await staffPage('system@lead.test', `/campaign-details/${c.id}`);
    const list = admin.getByRole('list', { name: 'Visitors who left the form at each field' });
    await expect
      .poll(() => list.getByRole('listitem').allTextContents())
      .toEqual(['Full name0 left here, 0% of 1 who started', 'Email1 left here, 100% of 1 who started']);
    await staff.close();
  });
});
