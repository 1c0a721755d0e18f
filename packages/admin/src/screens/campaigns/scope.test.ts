import type { Site } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import { clientsOf, pairsOf, pickClients, pickSites, scopeOf, selectionOf } from './scope.js';
import { parseSelection, serializeSelection, type SidebarMode } from './sidebar.js';

const site = (id: number, clients: Array<[number, string]>): Site => ({
  id,
  name: `site${id}`,
  label: `S${id}`,
  flag: '',
  description: `Site ${id}`,
  country_id: 'VN',
  clients: clients.map(([c, name]) => ({ id: c, name, site_ids: [id] })),
});
// Acme is on sites 1 and 2, Bolt on 1, Cura on 3.
const SITES = [
  site(1, [
    [10, 'Acme'],
    [11, 'Bolt'],
  ]),
  site(2, [[10, 'Acme']]),
  site(3, [[12, 'Cura']]),
];
const sel = (text: string) => parseSelection(text || null);

describe('the sites and clients: one state, the sidebar selection, seen by the Site and Client menus', () => {
  it.each<[string, SidebarMode, string, number[] | null, number[] | null]>([
    ['the default', 'site', '', null, null],
    ['one client in the sidebar, client first', 'client', '10:1.2', [1, 2], [10]],
    ['one client under one site', 'site', '1:10', [1], [10]],
    ['a whole site', 'site', '3:12', [3], [12]],
    ['a site with no clients listed (all of them)', 'site', '1:', [1], [10, 11]],
    ['nothing', 'site', '-', [], []],
  ])('%s (%s mode, sb=%s): Site menu %j, Client menu %j', (_, mode, text, siteIds, clientIds) => {
    expect(scopeOf(sel(text), mode, SITES)).toEqual({ siteIds, clientIds });
  });

  it('writes a set of pairs back as a selection in either mode, null for every pair', () => {
    expect(selectionOf(pairsOf(null, 'site', SITES), 'client', SITES)).toBeNull();
    const some = [[1, 10] as const, [2, 10] as const];
    expect(serializeSelection(selectionOf(some, 'site', SITES))).toBe('1:10|2:10');
    expect(serializeSelection(selectionOf(some, 'client', SITES))).toBe('10:1.2');
    expect(serializeSelection(selectionOf([], 'site', SITES))).toBe('-');
  });

  it.each<[string, SidebarMode, string, number[], string]>([
    ['only Acme, from the default', 'site', '', [10], '1:10|2:10'],
    ['only Acme, client first', 'client', '', [10], '10:1.2'],
    [
      'Acme and Cura on the chosen site 1 keep site 1 for Acme; Cura comes with its site',
      'site',
      '1:10.11',
      [10, 12],
      '1:10|3:12',
    ],
    ['every client again (All) keeps the chosen site', 'site', '1:10', [10, 11, 12], '1:10.11'],
    ['every client again from a client filter alone', 'client', '10:1.2', [10, 11, 12], ''],
    ['none (All unticked)', 'site', '', [], '-'],
  ])('the Client menu: %s', (_, mode, before, clientIds, after) => {
    expect(serializeSelection(pickClients(clientIds, sel(before), mode, SITES))).toBe(after);
  });

  it.each<[string, string, number[], string]>([
    ['only site 2, from the default', '', [2], '2:10'],
    ['site 2 keeps the chosen client Acme; site 3 has none of it and comes whole', '1:10', [2, 3], '2:10|3:12'],
    ['every site again (All) keeps the chosen client', '1:10', [1, 2, 3], '1:10|2:10'],
    ['every site again from a site filter alone', '3:12', [1, 2, 3], ''],
  ])('the Site menu: %s', (_, before, siteIds, after) => {
    expect(serializeSelection(pickSites(siteIds, sel(before), 'site', SITES))).toBe(after);
  });

  it('lists every client once, by name', () => {
    expect(clientsOf(SITES)).toEqual([
      { id: 10, name: 'Acme' },
      { id: 11, name: 'Bolt' },
      { id: 12, name: 'Cura' },
    ]);
  });
});
