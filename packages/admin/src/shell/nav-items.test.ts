import { describe, expect, it } from 'vitest';
import { activeItem, navItemsFor } from './nav-items.js';

const labels = (admin: boolean) => navItemsFor(admin).map((i) => i.label);

describe('the left navigation', () => {
  it('shows Clients, Users and Erase a person to admins only', () => {
    expect(labels(true)).toEqual([
      'Campaign',
      'Leads',
      'Clients',
      'Users',
      'System History',
      'Settings',
      'Erase a person',
    ]);
    expect(labels(false)).toEqual(['Campaign', 'Leads', 'System History', 'Settings']);
  });

  it.each([
    ['/', '', 'Campaign'],
    ['/overview', 'view=report', 'Campaign'],
    ['/campaign-details/12', '', 'Campaign'],
    ['/edit-campaign/12', '', 'Campaign'],
    ['/new-campaign', '', 'Campaign'],
    ['/leads', '', 'Leads'],
    ['/account-settings', '', 'Settings'],
    ['/account-settings', 'section=password', 'Settings'],
    ['/account-settings', 'section=users', 'Users'],
    ['/account-settings', 'section=clients', 'Settings'],
    ['/clients', '', 'Clients'],
    ['/clients/4', 'tab=destinations', 'Clients'],
    ['/clients/4/destinations/9', '', 'Clients'],
    ['/system-history', 'page=2', 'System History'],
    ['/erase-person', '', 'Erase a person'],
    ['/leads/4/consent', '', 'Leads'],
  ])('marks %s?%s as %s', (path, search, label) => {
    expect(activeItem(navItemsFor(true), path, search)?.label).toBe(label);
  });

  it('marks Settings for Manage users when the entry Users is not shown', () => {
    expect(activeItem(navItemsFor(false), '/account-settings', 'section=users')?.label).toBe('Settings');
  });

  it('marks nothing on a page of none (not found)', () => {
    expect(activeItem(navItemsFor(true), '/nowhere', '')).toBeNull();
  });
});
