import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FormBlock } from '@lead/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiCall } from './helpers.js';
import { deactivate } from './fixtures.js';
import {
  adminToken,
  figures,
  liveCampaign,
  loaderReady,
  nextEvents,
  popupOf,
  staffPage,
  usePartnerBrowser,
  visit,
  visitor,
} from './partner.js';

usePartnerBrowser();

/** Opens the page and shows the campaign at once (custom trigger); `counted` is the server's answer to its impression. */
async function show(path: string, code: string) {
  const context = await visitor();
  const page = await visit(context, path);
  await loaderReady(page);
  const counted = nextEvents(page);
  await page.evaluate(
    (c) => (window as unknown as { lead: { push(x: unknown[]): void } }).lead.push(['show', c]),
    code,
  );
  const popup = popupOf(page, code);
  await popup.waitFor({ state: 'attached' });
  return { context, page, popup, counted };
}

/** The newest code the development OTP provider wrote to DATA_DIR/outbox for `phone` (the same digits, as E.164), once it is there. */
async function lastCode(phone: string): Promise<string> {
  const dir = join(inject('dataDir'), 'outbox');
  const digits = (s: string) => s.replace(/\D/g, '');
  let code = '';
  await expect
    .poll(async () => {
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sms.txt')).sort();
      const texts = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
      const mine = texts.filter((t) => digits(/^To: (.*)$/m.exec(t)?.[1] ?? '') === digits(phone));
      code = /code is (\d{6})/.exec(mine.at(-1) ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

describe('leads from a partner page', () => {
  it("land in the campaign's lead table in the admin, with its figures", async () => {
    const c = await liveCampaign('/e2e/lead-table/', { trigger_type: 'custom' });
    const { context, popup, counted } = await show('/e2e/lead-table/', c.code);
    await popup.getByLabel('Full name').fill('Maria Santos');
    await popup.getByLabel('Email').fill('maria.santos@example.ph');
    await popup.getByRole('button', { name: 'Submit' }).click();
    await popup.getByText('THANK YOU').waitFor();
    await counted;
    await context.close();

    const { staff, admin } = await staffPage('system@lead.test', `/campaign-details/${c.id}`);
    const grid = admin.getByRole('grid', { name: 'Leads' });
    await grid.getByText('maria.santos@example.ph').waitFor();
    expect(await grid.getByText('Maria Santos').count()).toBe(1);
    // Its figures: one impression, one lead, 100.00% conversion.
    await admin.getByText('100.00%').first().waitFor();
    await staff.close();
  });

  it('verifies a phone number with the code sent to it (OTP block) before the lead is kept', async () => {
    const forms: FormBlock[] = [
      { name: 'Title', id: 't', data: { placeholder: 'Call me back' } },
      { name: 'PhoneOTP', id: 'p', data: { value: 'phone', placeholder: 'Phone', required: true } },
      { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
    ];
    const c = await liveCampaign('/e2e/lead-otp/', { trigger_type: 'custom', forms });
    const { context, popup } = await show('/e2e/lead-otp/', c.code);
    // A number of this run's own: its code is the newest one written for it.
    const phone = `+63 917 ${String(Math.floor(Math.random() * 1e7))
      .padStart(7, '0')
      .replace(/^(\d{3})/, '$1 ')}`;
    await popup.getByLabel('Phone').fill(phone);
    // Without the code: asked for it, nothing stored.
    await popup.getByRole('button', { name: 'Send', exact: true }).click();
    await popup.getByText('Please enter the code we sent you.').waitFor();
    await popup.getByRole('button', { name: 'Send code' }).click();
    await popup.getByText('We sent a 6-digit code to your phone.').waitFor();
    const code = await lastCode(phone);
    await popup.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await popup.getByRole('button', { name: 'Send', exact: true }).click();
    await popup.getByText('The code is not right or has expired.').waitFor();
    await popup.getByLabel('Verification code').fill(code);
    await popup.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => figures(c.id)).toMatchObject({ total_lead: 1 });
    const detail = await apiCall(adminToken(), 'GET /api/admin/campaign/:id', { params: { id: c.id } });
    expect(detail.body._data.lead.map((l) => l.phone)).toEqual([phone]);
    await context.close();
  });

  it('says so in the pop-up when the campaign stopped while it was open, and keeps nothing', async () => {
    const c = await liveCampaign('/e2e/lead-stopped/', { trigger_type: 'custom' });
    const { context, popup } = await show('/e2e/lead-stopped/', c.code);
    await deactivate(adminToken(), c.id);
    await popup.getByLabel('Full name').fill('Late Visitor');
    await popup.getByLabel('Email').fill('late@example.ph');
    await popup.getByRole('button', { name: 'Submit' }).click();
    await popup.getByRole('status').getByText('Sorry, this offer is no longer available.').waitFor();
    expect((await figures(c.id)).total_lead).toBe(0);
    await context.close();
  });
});
