/**
 * Duplicates (issue #31), end to end: a visitor sends a campaign's form twice from a partner page;
 * both times they see the same thank-you, and staff see the second lead marked 'Duplicate' in the
 * campaign's lead table.
 */
import { describe, expect, it } from 'vitest';
import { figures, liveCampaign, sendForm, staffPage, usePartnerBrowser } from './partner.js';

usePartnerBrowser();

describe('duplicate leads', () => {
  it('are thanked as usual and marked Duplicate in the lead table', async () => {
    const c = await liveCampaign('/e2e/lead-duplicate/', { trigger_type: 'custom' });
    const email = `rosa.${c.id}@example.ph`;
    await sendForm('/e2e/lead-duplicate/', c.code, 'Rosa Cruz', email);
    // The same person again, the address typed in capitals.
    await sendForm('/e2e/lead-duplicate/', c.code, 'Rosa Cruz', email.toUpperCase());
    await expect.poll(() => figures(c.id)).toMatchObject({ total_lead: 2 });

    const { staff, admin } = await staffPage('system@lead.test', `/campaign-details/${c.id}`);
    const grid = admin.getByRole('grid', { name: 'Leads' });
    const rows = grid.getByRole('row').filter({ hasText: 'Rosa Cruz' });
    await expect.poll(() => rows.count()).toBe(2);
    // Newest first: the second lead says 'Duplicate' in words, the first does not.
    await expect.poll(() => rows.nth(0).getByText('Duplicate', { exact: true }).count()).toBe(1);
    expect(await rows.nth(1).getByText('Duplicate', { exact: true }).count()).toBe(0);
    // The figures count both, and bill one.
    await admin.getByText('1 of 500').waitFor();
    await staff.close();
  });
});
