import { describe, expect, it } from 'vitest';
import { makeClient } from './fixtures.js';
import { addDestination, apiCall, expectAccessible, expectToast, open, route, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/**
 * A client's destinations (issue #30), each on its own page, by keyboard-reachable controls and
 * accessible names: a webhook added (its secret shown once), an e-mail file added, the secret
 * rotated, the attempts log and replay, a destination deleted. The receiver is a public address
 * literal: saved, never reached here (no journey waits for a delivery).
 */
describe('delivery destinations', () => {
  it('adds a webhook (secret once) and a daily e-mail file, rotates the secret, shows attempts, replays the failed, deletes', async () => {
    const client = await makeClient([1]);
    const destinationsTab = `/clients/${client.id}?tab=destinations`;
    const { page, context } = await open(destinationsTab, { as: 'system@lead.test' });
    const destinations = page.getByRole('grid', { name: 'Destinations' });
    await destinations.getByText(/No destinations yet/).waitFor();

    // A webhook: Save waits for a name and an https:// URL; the secret shows once.
    await page.getByRole('link', { name: 'Add webhook' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add webhook' }).waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Name' }).fill('Clinic CRM');
    await page.getByRole('textbox', { name: 'URL' }).fill('http://crm.example/lead');
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'URL' }).fill('https://93.184.216.34/lead');
    await save.click();
    await page.getByRole('heading', { level: 1, name: 'Clinic CRM' }).waitFor();
    expect(await route(page)).toMatch(new RegExp(`^/clients/${client.id}/destinations/\\d+$`));
    const secretBox = page.getByRole('status').filter({ hasText: 'Signing secret of Clinic CRM' });
    await secretBox.waitFor();
    expect(await secretBox.innerText()).toContain('you will not see it again');
    const secret = await secretBox.getByLabel('Signing secret').innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => secretBox.count()).toBe(0);
    expect(await page.locator('header [data-status-badge]').innerText()).toBe('Active');

    // Rotation: confirmed, and the new secret shows once.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate' })
      .click();
    await secretBox.waitFor();
    expect(await secretBox.getByLabel('Signing secret').innerText()).not.toBe(secret);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    // Its attempts (none yet) and a replay of its failed leads (none).
    await page
      .getByRole('grid', { name: 'Attempts of Clinic CRM' })
      .getByText(/No attempts yet/)
      .waitFor();
    await page.getByRole('button', { name: 'Send failed leads again' }).click();
    await expectToast(page, 'No leads to send again.');
    await expectAccessible(page);

    // Back on the client's page, a daily XLSX file: Save waits for a valid recipient.
    await page.getByRole('link', { name: client.name }).click();
    await destinations.getByRole('row', { name: /Clinic CRM/ }).waitFor();
    expect(await destinations.getByRole('row', { name: /Clinic CRM/ }).innerText()).toMatch(/Webhook[\s\S]*Active/);
    await addDestination(page, 'email', async (p) => {
      await p.getByRole('textbox', { name: 'Name' }).fill('Daily leads');
      await p.getByRole('textbox', { name: 'Recipients' }).fill('buyer@clinic.test, nope');
      expect(await p.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
      await p.getByRole('textbox', { name: 'Recipients' }).fill('buyer@clinic.test, boss@clinic.test');
      expect(await p.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
    });
    await expectToast(page, 'Saved!');
    await page.getByRole('heading', { level: 1, name: 'Daily leads' }).waitFor();
    const saved = await apiCall(await tokenOf('system@lead.test'), 'GET /api/admin/clients/:id/destinations', {
      params: { id: client.id },
    });
    expect(saved.body._data.models.find((d) => d.name === 'Daily leads')).toMatchObject({
      recipients: ['buyer@clinic.test', 'boss@clinic.test'],
      hour: 8,
    });

    // Delete, after confirming: back to the client's destinations, without it.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Do you want delete destination?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => route(page)).toBe(`/clients/${client.id}`);
    await destinations.getByRole('row', { name: /Clinic CRM/ }).waitFor();
    expect(await destinations.getByRole('row', { name: /Daily leads/ }).count()).toBe(0);
    expect(await destinations.getByRole('row', { name: /E-mail XLSX/ }).count()).toBe(0);
    await context.close();
  });
});
