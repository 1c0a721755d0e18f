/**
 * A client's API keys on its page (docs/api/verdicts.md): an admin sets the client's verdict
 * window and makes a key on the VERDICTS tab; the key, shown once, works over real HTTP against
 * the verdict API; revoked after a confirmation that names it, it is refused (401).
 */
import { describe, expect, it } from 'vitest';
import { makeClient, unique } from './fixtures.js';
import { apiCall, baseUrl, expectAccessible, expectToast, open, tokenOf, useBrowser } from './helpers.js';

useBrowser();

/** One verdict over HTTP with `key`, as the client's system sends it. */
const sendVerdict = (key: string) =>
  fetch(`${baseUrl()}/api/client/v1/verdicts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ verdicts: [{ lead_id: 2147483000, verdict: 'accepted' }] }),
  });

describe('a client’s API keys', () => {
  it('are made on the client page, work against the verdict API, and are refused once revoked', async () => {
    const client = await makeClient([1]);
    const name = unique('Clinic CRM');
    const { page, context } = await open(`/clients/${client.id}?tab=verdicts`, { as: 'system@lead.test' });
    await expect.poll(() => page.getByRole('tab', { name: 'VERDICTS' }).getAttribute('aria-selected')).toBe('true');

    // The window is saved with the client by the page's Save.
    await page.getByRole('textbox', { name: 'Verdict window (days)' }).fill('14');
    await page.getByRole('button', { name: 'Save' }).click();
    const token = await tokenOf('system@lead.test');
    await expect
      .poll(async () => {
        const res = await apiCall(token, 'GET /api/admin/clients');
        return res.body._data.models.find((c) => c.id === client.id)?.verdict_window_days;
      })
      .toBe(14);

    await page.getByRole('textbox', { name: 'Key name' }).fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('status').filter({ hasText: `API key ${name}` });
    await expect.poll(() => shown.getByText('you will not see it again').count()).toBe(1);
    const key = await shown.getByLabel('API key').innerText();
    expect(key).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    const used = await sendVerdict(key);
    expect(used.status).toBe(200);
    expect(((await used.json()) as { _data: { results: unknown[] } })._data.results).toEqual([
      { lead_id: 2147483000, result: 'not_found', credited: false },
    ]);
    await expectAccessible(page);
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    await page.getByRole('button', { name: `Revoke ${name} (${key.slice(0, 11)}…)` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Revoke API key ${name}?` });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'API key revoked.');
    await expect
      .poll(() =>
        page
          .getByRole('grid', { name: 'API keys' })
          .getByText(/^Revoked /)
          .count(),
      )
      .toBe(1);
    expect((await sendVerdict(key)).status).toBe(401);
    await context.close();
  });
});
