import { clientErrors, type ClientPayload } from '@lead/contract';
import type { ApiKey } from '@lead/contract/api';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeys } from './api-keys.store.js';
import { ClientVerdicts } from './ClientVerdicts.js';

/*
 * The client page's VERDICTS tab against a stand-in for the network (fetch): the browser journey
 * (e2e/client-api-keys.test.ts) runs it against the real server and the real verdict API.
 */
const calls: Array<{ method: string; path: string; body: unknown }> = [];
let keys: ApiKey[] = [];
const key = (over: Partial<ApiKey>): ApiKey => ({
  id: 1,
  name: 'CRM',
  prefix: 'lk_AbCdEfGh',
  created_at: '2026-11-24 08:00:00',
  last_used_at: null,
  revoked_at: null,
  ...over,
});
const ok = (data: unknown, ...messages: string[]) => Response.json({ _status: 1, _data: data, _messages: messages });

beforeEach(() => {
  calls.length = 0;
  keys = [key({ id: 1, name: 'CRM', last_used_at: '2026-11-25 09:30:00' })];
  Object.assign(apiKeys, { clientId: null, models: [], loaded: false, name: '', created: null, revoking: null });
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    const body = request.method === 'GET' || request.method === 'DELETE' ? null : await request.json();
    calls.push({ method: request.method, path, body });
    if (request.method === 'GET') return ok({ models: keys });
    if (request.method === 'POST') {
      const model = key({ id: 2, name: (body as { name: string }).name, prefix: 'lk_NewNewNe' });
      keys = [model, ...keys];
      return ok({ model, key: 'lk_NewNewNe' + 'x'.repeat(35) }, 'API key created.');
    }
    keys = keys.map((k) => (path.endsWith(`/${k.id}`) ? { ...k, revoked_at: '2026-11-26 10:00:00' } : k));
    return ok(null, 'API key revoked.');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Tab({ initial = 7 }: { initial?: number }) {
  const [payload, setPayload] = useState<ClientPayload>({
    name: 'Heartline',
    manager_id: null,
    site_ids: [1],
    verdict_window_days: initial,
  });
  return (
    <ClientVerdicts
      clientId={7}
      payload={payload}
      errors={clientErrors(payload)}
      set={(k, v) => setPayload((p) => ({ ...p, [k]: v }))}
    />
  );
}

describe('the client page’s VERDICTS tab', () => {
  it('shows the verdict window’s error under the field once it is left, not while typing', async () => {
    const user = userEvent.setup();
    render(<Tab />);
    const field = screen.getByRole('textbox', { name: 'Verdict window (days)' });
    expect(field).toHaveProperty('value', '7');
    await user.clear(field);
    await user.type(field, '91');
    expect(screen.queryByText(/whole number of days from 1 to 90/)).toBeNull();
    await user.tab();
    expect(screen.getByText('The verdict window must be a whole number of days from 1 to 90.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, '30');
    expect(screen.queryByText(/whole number of days from 1 to 90/)).toBeNull();
  });

  it('lists the keys by name and first characters, and shows a new key once with a copy button', async () => {
    const user = userEvent.setup();
    render(<Tab />);
    const table = await screen.findByRole('grid', { name: 'API keys' });
    await within(table).findByText('CRM');
    expect(within(table).getByText('lk_AbCdEfGh…')).toBeTruthy();
    expect(within(table).getByText('25 Nov, 2026 09:30')).toBeTruthy();

    // No name: said under the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Name the key, e.g. after the system that uses it.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Key name' }), 'Sales CRM');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('status', { name: 'API key Sales CRM' });
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/admin/clients/7/api-keys',
      body: { name: 'Sales CRM' },
    });
    expect(within(shown).getByText(/you will not see it again/)).toBeTruthy();
    expect(within(shown).getByLabelText('API key').textContent).toBe('lk_NewNewNe' + 'x'.repeat(35));
    expect(within(shown).getByRole('button', { name: 'Copy key' })).toBeTruthy();
    await within(table).findByText('Sales CRM');
    expect(table.textContent).not.toContain('x'.repeat(35));
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('status', { name: 'API key Sales CRM' })).toBeNull();
  });

  it('revokes a key after a confirmation that names it', async () => {
    const user = userEvent.setup();
    render(<Tab />);
    await user.click(await screen.findByRole('button', { name: 'Revoke CRM (lk_AbCdEfGh…)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke API key CRM?' });
    expect(dialog.textContent).toContain('lk_AbCdEfGh…');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/admin/clients/7/api-keys/1');
    expect(await screen.findByText('Revoked 26 Nov, 2026 10:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Revoke CRM/ })).toBeNull();
  });
});
