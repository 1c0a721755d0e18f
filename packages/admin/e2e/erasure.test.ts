import { describe, expect, it } from 'vitest';
import { MARK } from './fixtures.js';
import { baseUrl, expectAccessible } from './helpers.js';
import {
  adminToken,
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

/** "Erase a person" (docs/privacy.md): an admin erases a person's leads and then finds nothing left. */
describe('erase a person', () => {
  it('finds the person’s lead, shows what will go, erases it on confirmation, and nothing is left in the lead table or the export', async () => {
    const email = `erin.${MARK}@example.test`;
    const c = await liveCampaign('/e2e/erase-person/', { trigger_type: 'custom' });
    const context = await visitor();
    const page = await visit(context, '/e2e/erase-person/');
    await loaderReady(page);
    const counted = nextEvents(page);
    await page.evaluate(
      (code) => (window as unknown as { lead: { push(x: unknown[]): void } }).lead.push(['show', code]),
      c.code,
    );
    const popup = popupOf(page, c.code);
    await popup.getByLabel('Full name').fill('Erin Erasure');
    await popup.getByLabel('Email').fill(email);
    await popup.getByRole('button', { name: 'Submit' }).click();
    await popup.getByText('THANK YOU').waitFor();
    await counted;
    await context.close();

    const { staff, admin } = await staffPage('system@lead.test', '/');
    // Reached from the user menu, where the admin's tools live.
    await admin.getByRole('button', { name: /menu of/ }).click();
    await admin.getByRole('menuitem', { name: 'Erase a person' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Erase a person' }).waitFor();

    // Keyboard only: type the e-mail (any case), Enter finds; nothing is erased yet.
    await admin.getByLabel('E-mail').fill(`  ${email.toUpperCase()} `);
    await admin.getByLabel('E-mail').press('Enter');
    await admin.getByRole('status').getByText('Found 1 lead in 1 campaign. Nothing has been erased yet.').waitFor();
    const table = admin.getByRole('grid', { name: 'What will be erased' });
    await table.getByText(c.code).waitFor();
    await expectAccessible(admin);

    await admin.getByRole('button', { name: 'Erase 1 lead' }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog
      .getByText('The personal data of 1 lead in 1 campaign will be erased. This cannot be undone.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await admin.getByRole('status').getByText('Erased 1 lead in 1 campaign.').waitFor();

    // Nothing left: not found again, not in the campaign's lead table, not in its export; its figures stay.
    await admin.getByLabel('E-mail').fill(email);
    await admin.getByRole('button', { name: 'Find' }).click();
    await admin.getByRole('status').getByText('No lead holds this e-mail or phone number.').waitFor();
    await admin.goto(`${baseUrl()}/admin/#/campaign-details/${c.id}`);
    const leads = admin.getByRole('grid', { name: 'Leads' });
    await leads.waitFor();
    await admin.getByText('100.00%').first().waitFor();
    expect(await leads.getByText(email).count()).toBe(0);
    expect(await leads.getByText('Erin Erasure').count()).toBe(0);
    const res = await fetch(`${baseUrl()}/api/admin/campaign/leads/export?ids=${c.id}`, {
      headers: { authorization: `Bearer ${adminToken()}` },
    });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).not.toContain(email);
    expect(csv).not.toContain('Erin Erasure');

    // A national number is read where each lead was left, or in the country chosen: the answer says which number it was.
    await admin.getByRole('button', { name: /menu of/ }).click();
    await admin.getByRole('menuitem', { name: 'Erase a person' }).click();
    await admin.getByLabel('E-mail').fill('');
    await admin.getByLabel('Phone').fill('0912 000 111');
    await admin.getByRole('button', { name: /Country/ }).click();
    await admin.getByRole('option', { name: 'Vietnam', exact: true }).click();
    await admin.getByRole('button', { name: 'Find' }).click();
    await admin.getByRole('status').getByText('The phone number is +84912000111.').waitFor();
    await staff.close();
  });
});
