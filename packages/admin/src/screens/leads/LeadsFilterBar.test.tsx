import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LeadsFilterBar } from './LeadsFilterBar.js';
import { leads } from './leads.store.js';

const site = (id: number, name: string, clients: Array<{ id: number; name: string }>) =>
  ({
    id,
    name,
    label: name,
    flag: '',
    description: '',
    country_id: 'VN',
    clients: clients.map((c) => ({ ...c, site_ids: [id] })),
  }) as (typeof leads.sites)[number];

afterEach(() => {
  cleanup();
  leads.sites = [];
  window.location.hash = '';
});

describe('the Leads page’s filter bar', () => {
  it('keeps the Client and Site fields disabled until the sites and their clients have loaded', async () => {
    render(<LeadsFilterBar />);
    expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Site' }) as HTMLInputElement).disabled).toBe(true);
    leads.sites = [site(1, 'bacsi-online.vn', [{ id: 7, name: 'Acme Clinic' }])];
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).disabled).toBe(false),
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'acme');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Acme Clinic']);
  });

  it('adds a client typed and chosen to the address, and offers only clients not chosen yet', async () => {
    leads.sites = [
      site(1, 'bacsi-online.vn', [
        { id: 7, name: 'Acme Clinic' },
        { id: 8, name: 'Beta Care' },
      ]),
      site(2, 'mebau.vn', [{ id: 7, name: 'Acme Clinic' }]),
    ];
    leads.path = '/leads';
    render(<LeadsFilterBar />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'acme');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Acme Clinic']);
    await user.click(screen.getByRole('option', { name: 'Acme Clinic' }));
    expect(window.location.hash).toBe('#/leads?client=7');
    expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toBe('');
  });
});
