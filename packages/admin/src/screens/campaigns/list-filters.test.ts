import type { Site } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import { activeChips, CLEARED, hasFilters, matchKey } from './list-filters.js';
import { DEFAULT_STATE, type ListState } from './list-query.js';

const site = (id: number, clients: Array<[number, string]>): Site => ({
  id,
  name: `site${id}`,
  label: `S${id}`,
  flag: '',
  description: `Site ${id}`,
  country_id: 'VN',
  clients: clients.map(([c, name]) => ({ id: c, name, site_ids: [id] })),
});
const SITES = [
  site(1, [
    [10, 'Acme'],
    [11, 'Bolt'],
  ]),
  site(2, [[10, 'Acme']]),
];
const state = (patch: Partial<ListState>): ListState => ({ ...DEFAULT_STATE, ...patch });

describe('the list filters as one state', () => {
  it.each<[string, Partial<ListState>, boolean]>([
    ['nothing', {}, false],
    [
      'only a sort, a page, a view, a page size, a sidebar mode',
      { sortBy: 'name', page: 3, view: 'Report', perPage: 50, sidebarMode: 'client' },
      false,
    ],
    [
      'only a performance range (figures, not which campaigns)',
      { performanceFrom: '2026-11-01', performanceTo: '2026-11-02' },
      false,
    ],
    ['a search', { keyword: 'heart' }, true],
    ['blank search', { keyword: '   ' }, false],
    ['a status', { statuses: [1] }, true],
    ['a client in the sidebar', { sidebar: '1:10' }, true],
    ['nothing chosen in the sidebar', { sidebar: '-' }, true],
    ['sponsored', { sponsored: false }, true],
  ])('with %s, filters are on: %s', (_, patch, on) => {
    expect(hasFilters(state(patch))).toBe(on);
  });

  it('Clear filters keeps sort, page size, view and mode, and leaves no filter on', () => {
    const before = state({ keyword: 'x', statuses: [1], sidebar: '1:10', sortBy: 'name', perPage: 50, view: 'Report' });
    const after = { ...before, ...CLEARED };
    expect(hasFilters(after)).toBe(false);
    expect(after).toMatchObject({ sortBy: 'name', perPage: 50, view: 'Report' });
  });

  it('a new page or sort matches the same campaigns; a filter does not (the selection is kept or cleared by it)', () => {
    const s = state({ keyword: 'heart' });
    expect(matchKey({ ...s, page: 2, sortBy: 'name', view: 'Report' })).toBe(matchKey(s));
    for (const patch of [
      { keyword: 'lung' },
      { statuses: [1] },
      { sidebar: '2:10' },
      { tags: ['a'], searchBy: 'tag' as const },
    ])
      expect(matchKey({ ...s, ...patch })).not.toBe(matchKey(s));
  });

  it('shows each filter as a chip whose removal is that filter gone', () => {
    const s = state({ keyword: 'heart', statuses: [1, 3], sidebar: '1:10', sponsored: true });
    const chips = activeChips(s, SITES);
    expect(chips.map((c) => c.label)).toEqual([
      'Name: heart',
      'Site: site1',
      'Client: Acme',
      'Status: Active',
      'Status: Expired',
      'Sponsored',
    ]);
    expect(chips.find((c) => c.label === 'Status: Active')!.remove).toEqual({ statuses: [3] });
    // The last site or client chip removed chooses every one again.
    expect(chips.find((c) => c.label === 'Client: Acme')!.remove).toEqual({ sidebar: '' });
    expect(activeChips(state({}), SITES)).toEqual([]);
  });

  it('names what the menus cannot say, and nothing chosen, as one chip', () => {
    // Acme on site 1 and Bolt on site 1, Acme on site 2 left out: every site and client is still in some pair.
    expect(activeChips(state({ sidebar: '1:10.11' }), SITES).map((c) => c.label)).toEqual(['Site: site1']);
    expect(activeChips(state({ sidebar: '-' }), SITES).map((c) => [c.label, c.remove])).toEqual([
      ['Sites & clients: none', { sidebar: '' }],
    ]);
  });
});
