import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../stores/ui.js';
import { siteCap } from './site-cap.store.js';
import { SiteCapForm } from './SiteCapForm.js';

/*
 * The Pop-up cap form against a stand-in for the server (fetch): the sites, each site's cap, and
 * the save, whose requests the test reads. The journey against the real server is e2e/settings.
 */
const site = (id: number, name: string) => ({
  id,
  name,
  label: name,
  flag: '',
  description: '',
  country_id: 'VN',
  clients: [],
});
let caps = new Map<number, { visit: number; day: number }>();
const puts: Array<{ url: string; body: unknown }> = [];

beforeEach(() => {
  puts.length = 0;
  caps = new Map([
    [1, { visit: 0, day: 3 }],
    [2, { visit: 2, day: 0 }],
  ]);
  Object.assign(siteCap, { sites: [], siteId: null, visit: '', day: '', loaded: false, saving: false });
  for (const t of toasts.visibleToasts) toasts.close(t.key);
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    const ok = (data: unknown, messages: string[] = []) =>
      Response.json({ _status: 1, _data: data, _messages: messages });
    if (path.endsWith('/sites')) return ok({ models: [site(1, 'bacsi-online.vn'), site(2, 'mebau.vn')] });
    const id = Number(/sites\/(\d+)\/cap$/.exec(path)?.[1]);
    if (request.method === 'PUT') {
      const body = (await request.json()) as { visit: number; day: number };
      puts.push({ url: path, body });
      caps.set(id, body);
      return ok({ cap: body }, ["The site's cap on pop-ups was saved."]);
    }
    return ok({ cap: caps.get(id) });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('the Pop-up cap form', () => {
  it("shows the first site's cap, and another site's when chosen", async () => {
    render(<SiteCapForm />);
    await waitFor(() => expect(field(/per visit/)).toHaveProperty('value', '0'));
    expect(field(/per day/)).toHaveProperty('value', '3');
    await userEvent.click(screen.getByRole('button', { name: /Site/ }));
    await userEvent.click(await screen.findByRole('option', { name: /mebau\.vn/ }));
    await waitFor(() => expect(field(/per visit/)).toHaveProperty('value', '2'));
    expect(field(/per day/)).toHaveProperty('value', '0');
  });

  it('shows a bad limit under its field once left, saves nothing with it, and saves a good one with a toast', async () => {
    render(<SiteCapForm />);
    await waitFor(() => expect(field(/per visit/)).toHaveProperty('value', '0'));
    const visit = field(/per visit/);
    await userEvent.clear(visit);
    await userEvent.type(visit, '1.5');
    // Not while typing…
    expect(visit.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Pop-ups per visit must be a whole number from 0 to 100.')).toBeNull();
    // …once left, under the field and linked to it.
    await userEvent.tab();
    const message = await screen.findByText('Pop-ups per visit must be a whole number from 0 to 100.');
    expect(visit.getAttribute('aria-invalid')).toBe('true');
    expect(visit.getAttribute('aria-describedby')).toContain(message.id);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(puts).toEqual([]);

    await userEvent.clear(visit);
    await userEvent.type(visit, '1');
    expect(screen.queryByText('Pop-ups per visit must be a whole number from 0 to 100.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ url: '/api/admin/sites/1/cap', body: { visit: 1, day: 3 } }]));
    await waitFor(() =>
      expect(toasts.visibleToasts.map((t) => [t.content.tone, t.content.title])).toContainEqual([
        'success',
        "The site's cap on pop-ups was saved.",
      ]),
    );
  });

  it('shows every message on Save before any field was left, and reads an empty limit as no cap', async () => {
    render(<SiteCapForm />);
    await waitFor(() => expect(field(/per day/)).toHaveProperty('value', '3'));
    await userEvent.clear(field(/per day/));
    await userEvent.type(field(/per day/), '101');
    await userEvent.clear(field(/per visit/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pop-ups per day must be a whole number from 0 to 100.')).toBeTruthy();
    expect(puts).toEqual([]);
    await userEvent.clear(field(/per day/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toEqual([{ url: '/api/admin/sites/1/cap', body: { visit: 0, day: 0 } }]));
  });
});
