import type { FormBlock } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import { MARK, makeCampaign, unique } from './fixtures.js';
import {
  apiCall,
  baseUrl,
  detailSettled,
  expectAccessible,
  expectRoute,
  open,
  tokenOf,
  useBrowser,
} from './helpers.js';
import { openForm } from './person.js';

useBrowser();

/** A partner page of site 1 (bacsi-online.vn) as the public API sees it: its origin and a browser's agent (a bot's lead goes to the spam bin). */
const PARTNER = {
  origin: 'https://bacsi-online.vn',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

const forms: FormBlock[] = [
  { name: 'Text', id: 'a', data: { value: 'name', placeholder: 'Full name', required: true } },
  {
    name: 'Terms',
    id: 'tc',
    data: {
      value: 'terms',
      placeholder: 'https://bacsi-online.vn/terms',
      valueHTML: 'I agree to *the terms*',
      required: true,
    },
  },
  { name: 'Submit', id: 's', data: { placeholder: 'Submit' } },
];

/** A lead sent as the pop-up sends it, naming the revision of the served campaign `code`; its id. */
async function sendLead(token: string, campaignId: number, code: string): Promise<number> {
  const served = (await (await fetch(`${baseUrl()}/api/public/sites/1/campaigns`, { headers: PARTNER })).json()) as {
    campaigns: Array<{ code: string; revision?: number }>;
  };
  const revision = served.campaigns.find((c) => c.code === code)?.revision;
  expect(revision).toBeGreaterThan(0);
  const res = await fetch(`${baseUrl()}/api/public/leads`, {
    method: 'POST',
    headers: { ...PARTNER, 'content-type': 'application/json' },
    body: JSON.stringify({
      site_id: 1,
      code,
      visitor_id: `journey-consent-${MARK}`,
      page_url: 'https://bacsi-online.vn/heart/consent/',
      fields: { name: 'Lan Pham', terms: '1' },
      revision_id: revision,
      ...(await openForm(PARTNER, code, `journey-consent-${MARK}`)),
    }),
  });
  expect(res.status).toBe(200);
  const leads = await apiCall(token, 'GET /api/admin/campaign/:id/leads', { params: { id: campaignId } });
  return leads.body._data.models[0]!.id;
}

describe('consent records', () => {
  it('staff open a lead’s consent record from the lead table (keyboard too), and at the address an export links to', async () => {
    const token = await tokenOf('leader@lead.test');
    const c = await makeCampaign(token, { name: unique('Consent'), forms });
    const leadId = await sendLead(token, c.id, c.code);

    const { page, context } = await open(`/campaign-details/${c.id}`, { as: 'leader@lead.test' });
    await detailSettled(page);
    const grid = page.getByRole('grid', { name: 'Leads' });
    const actions = grid.getByRole('button', { name: `Actions for lead ${leadId}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Consent record' }).click();
    const dialog = page.getByRole('dialog', { name: `Consent record of lead #${leadId}` });
    const link = dialog.getByRole('link', { name: 'the terms' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://bacsi-online.vn/terms');
    const record = (await apiCall(token, 'GET /api/admin/leads/:id/consent', { params: { id: leadId } })).body._data
      .model;
    const text = await dialog.innerText();
    for (const shown of [
      'I agree to the terms',
      'T&C block 1 (required)',
      'Ticked\nYes',
      'https://bacsi-online.vn/heart/consent/',
      record.hash,
      record.terms[0]!.hash,
    ]) {
      expect(text).toContain(shown);
    }
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // With the keyboard: the row's menu button, its first item, Enter.
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Consent record' }).waitFor();
    await page.keyboard.press('Enter');
    await link.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The export's "Consent record" link: the record at its own address; closing it goes to the campaign.
    await page.goto(`${baseUrl()}/admin/#/leads/${leadId}/consent`);
    await link.waitFor();
    await page.keyboard.press('Escape');
    await expectRoute(page, `/campaign-details/${c.id}`);
    await context.close();
  });
});
