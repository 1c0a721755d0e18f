import { describe, expect, it } from 'vitest';
import { makeClient } from './fixtures.js';
import { apiCall, clientDelivery, expectAccessible, expectToast, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/**
 * Manage clients, DELIVERY tab (issue #30), by keyboard-reachable controls and accessible names:
 * a webhook added (its secret shown once), an e-mail file added, the secret rotated, the attempts
 * page and replay, a destination deleted. The receiver is a public address literal: saved, never
 * reached here (no journey waits for a delivery).
 */
describe('delivery destinations', () => {
  it('adds a webhook (secret once) and a daily e-mail file, rotates the secret, shows attempts, replays the failed, deletes', async () => {
    const client = await makeClient([1]);
    const { page, context } = await open('/account-settings?section=clients', { as: 'system@lead.test' });
    const dialog = await clientDelivery(page, client.name);
    const destinations = dialog.getByRole('grid', { name: 'Destinations' });
    await destinations.getByText(/No destinations yet/).waitFor();

    // A webhook: Save waits for a name and an https:// URL; the secret shows once.
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const save = dialog.getByRole('button', { name: 'Save destination' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Clinic CRM');
    await dialog.getByRole('textbox', { name: 'URL' }).fill('http://crm.example/lead');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'URL' }).fill('https://93.184.216.34/lead');
    await save.click();
    const secretBox = dialog.getByRole('status').filter({ hasText: 'Signing secret of Clinic CRM' });
    await secretBox.waitFor();
    expect(await secretBox.innerText()).toContain('you will not see it again');
    const secret = await secretBox.getByLabel('Signing secret').innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => secretBox.count()).toBe(0);
    const hookRow = destinations.getByRole('row', { name: /Clinic CRM/ });
    await hookRow.waitFor();
    expect(await hookRow.innerText()).toMatch(/Webhook[\s\S]*Active/);

    // A daily XLSX file: Save waits for a valid recipient.
    await dialog.getByRole('button', { name: 'Add e-mail file' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Daily leads');
    await dialog.getByRole('textbox', { name: 'Recipients' }).fill('buyer@clinic.test, nope');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Recipients' }).fill('buyer@clinic.test, boss@clinic.test');
    expect(await dialog.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
    await save.click();
    await expectToast(page, 'Saved!');
    const fileRow = destinations.getByRole('row', { name: /Daily leads/ });
    await fileRow.waitFor();
    expect(await fileRow.innerText()).toContain('E-mail XLSX, Daily at 08:00');
    const saved = await apiCall<{ models: Array<{ name: string; recipients: string[] | null; hour: number | null }> }>(
      await tokenOf('system@lead.test'),
      'GET',
      `clients/${client.id}/destinations`,
    );
    expect(saved.body._data.models.find((d) => d.name === 'Daily leads')).toMatchObject({
      recipients: ['buyer@clinic.test', 'boss@clinic.test'],
      hour: 8,
    });

    // Rotation: confirmed, and the new secret shows once.
    await hookRow.getByRole('button', { name: 'Actions for Clinic CRM' }).click();
    await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate' })
      .click();
    await secretBox.waitFor();
    expect(await secretBox.getByLabel('Signing secret').innerText()).not.toBe(secret);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();

    // The webhook's attempts (none yet) and a replay of its failed leads (none).
    await hookRow.getByRole('button', { name: 'Actions for Clinic CRM' }).click();
    await page.getByRole('menuitem', { name: 'Attempts' }).click();
    await dialog.getByRole('heading', { name: 'Attempts of Clinic CRM' }).waitFor();
    await dialog.getByRole('grid', { name: 'Attempts of Clinic CRM' }).getByText('No attempts yet.').waitFor();
    await dialog.getByRole('button', { name: 'Send failed leads again' }).click();
    await expectToast(page, 'No leads to send again.');
    await expectAccessible(page);

    // Delete, after confirming.
    await fileRow.getByRole('button', { name: 'Actions for Daily leads' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Do you want delete destination?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => fileRow.count()).toBe(0);
    await context.close();
  });
});
