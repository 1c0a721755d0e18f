import type { Site } from '@lead/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidebarFilter } from './SidebarFilter.js';

afterEach(cleanup);

const site = (id: number, name: string, clients: Array<[number, string]>): Site => ({
  id,
  name,
  label: name,
  flag: '',
  description: '',
  country_id: 'VN',
  clients: clients.map(([c, n]) => ({ id: c, name: n, site_ids: [id] })),
});
const SITES = [
  site(1, 'bacsi-online.vn', [
    [10, 'Heartline'],
    [11, 'Lungcare'],
  ]),
  site(2, 'suckhoe.vn', [[11, 'Lungcare']]),
];

function renderSidebar(sidebar = '') {
  const onChange = vi.fn();
  render(
    <SidebarFilter
      sites={SITES}
      state={{ sidebar, sidebarMode: 'site' }}
      isOpen
      onToggle={() => undefined}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe('the Sites & clients sidebar', () => {
  it('narrows the tree to what the search finds, without All, and says when nothing is found', async () => {
    const user = userEvent.setup();
    renderSidebar();
    expect(screen.getByRole('checkbox', { name: 'All' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search sites and clients' }), 'heart');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Lungcare' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Heartline' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /bacsi-online\.vn/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /suckhoe\.vn/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'All' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search sites and clients' }), 'zzz');
    await screen.findByRole('status');
    expect(screen.getByRole('status').textContent).toBe('No match');
  });

  it('chooses a site alone, or one client of one site alone, with its “only”', async () => {
    const user = userEvent.setup();
    const onChange = renderSidebar();
    await user.click(screen.getByRole('button', { name: 'Only suckhoe.vn' }));
    expect(onChange).toHaveBeenLastCalledWith({ sidebar: '2:11', sidebarMode: 'site' });
    await user.click(screen.getByRole('button', { name: 'Only Heartline of bacsi-online.vn' }));
    expect(onChange).toHaveBeenLastCalledWith({ sidebar: '1:10', sidebarMode: 'site' });
  });

  it('keeps a parent’s box true to all its children while a search shows only some', async () => {
    const user = userEvent.setup();
    renderSidebar('1:10.11');
    await user.type(screen.getByRole('searchbox', { name: 'Search sites and clients' }), 'heart');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Lungcare' })).toBeNull());
    expect((screen.getByRole('checkbox', { name: /bacsi-online\.vn/ }) as HTMLInputElement).checked).toBe(true);
  });
});
