import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_STATE, parseListQuery, serializeListQuery, toApiParams } from './list-query.js';

describe('the list state in the URL', () => {
  it('defaults to page 1 of 20, sorted by updated_at descending, Information view', () => {
    expect(parseListQuery('')).toEqual(DEFAULT_STATE);
    expect(serializeListQuery(DEFAULT_STATE)).toBe('');
    expect(DEFAULT_STATE.perPage).toBe(20);
  });

  it('round-trips every filter, sort, page and the toggle', () => {
    const state = {
      ...DEFAULT_STATE,
      keyword: 'heart health',
      statuses: [1, -1, 4],
      deviceTypes: [2],
      displayTypes: [5, 6],
      createdFrom: '2026-01-01',
      createdTo: '2026-02-28',
      updatedFrom: '2026-10-01',
      updatedTo: '2026-10-31',
      sponsored: false,
      performanceFrom: '2026-11-15',
      performanceTo: '2026-11-21',
      sortBy: 'total_lead' as const,
      sortOrder: 'asc' as const,
      page: 3,
      perPage: 50,
      view: 'Report' as const,
      sidebarMode: 'client' as const,
      sidebar: '10:1.4|11:2',
    };
    expect(parseListQuery(serializeListQuery(state))).toEqual(state);
  });

  it('reads the sites of an older link (site=3,4) as the sidebar selection of those sites with all their clients', () => {
    const state = parseListQuery('site=3,4,x&sbm=client');
    expect(state.sidebarMode).toBe('site');
    expect(state.sidebar).toBe('3:|4:');
    expect(serializeListQuery(state)).toBe(`sb=${encodeURIComponent('3:|4:')}`);
    // A link that has the selection keeps it; the old key is then ignored.
    expect(parseListQuery('site=3&sb=5:7').sidebar).toBe('5:7');
    expect(parseListQuery('site=0,-1').sidebar).toBe('');
  });

  it('ignores malformed values instead of failing', () => {
    const s = parseListQuery('page=-2&size=9999&sort=drop_table&order=sideways&from=31/02/2026&status=1,x,4&by=weird');
    expect(s.page).toBe(1);
    expect(s.perPage).toBe(200);
    expect(s.sortBy).toBe('updated_at');
    expect(s.sortOrder).toBe('desc');
    expect(s.createdFrom).toBeNull();
    expect(s.statuses).toEqual([1, 4]);
    expect(s.searchBy).toBe('name');
  });
});

describe('toApiParams', () => {
  it('sends comma lists, whole days as start and end of day, and drops what is empty', () => {
    const p = toApiParams({
      ...DEFAULT_STATE,
      statuses: [1, 4],
      createdFrom: '2026-03-01',
      createdTo: '2026-03-31',
    });
    expect(p).toMatchObject({
      status: '1,4',
      from_created_at: '2026-03-01 00:00:00',
      to_created_at: '2026-03-31 23:59:59',
      sort_by: 'updated_at',
      sort_order: 'desc',
      page: 1,
      items_per_page: 20,
    });
    expect(p.keyword).toBeUndefined();
    expect(p.search_by).toBeUndefined();
  });
  it('sends the last-update range and sponsored content as from/to_updated_at and is_sponsor (0/1)', () => {
    expect(
      toApiParams({ ...DEFAULT_STATE, updatedFrom: '2026-10-01', updatedTo: '2026-10-31', sponsored: true }),
    ).toMatchObject({
      from_updated_at: '2026-10-01 00:00:00',
      to_updated_at: '2026-10-31 23:59:59',
      is_sponsor: 1,
    });
    expect(toApiParams({ ...DEFAULT_STATE, sponsored: false }).is_sponsor).toBe(0);
    expect(toApiParams(DEFAULT_STATE).is_sponsor).toBeUndefined();
    expect(parseListQuery('sponsor=1&ufrom=2026-10-01&uto=2026-10-31')).toMatchObject({
      sponsored: true,
      updatedFrom: '2026-10-01',
      updatedTo: '2026-10-31',
    });
  });
  it('adds the sidebar filter as client_id_with_sites[..] or site_id_with_clients[..]', () => {
    expect(toApiParams({ ...DEFAULT_STATE, sidebarMode: 'client', sidebar: '10:1.4' })).toMatchObject({
      'client_id_with_sites[10]': '1,4',
    });
    expect(toApiParams({ ...DEFAULT_STATE, sidebar: '3:12' })).toMatchObject({ 'site_id_with_clients[3]': '12' });
  });
  it('searches tags as a comma list, and a name or link as typed', () => {
    expect(toApiParams({ ...DEFAULT_STATE, searchBy: 'tag', tags: ['diet', 'heart'] })).toMatchObject({
      keyword: 'diet,heart',
      search_by: 'tag',
    });
    expect(toApiParams({ ...DEFAULT_STATE, searchBy: 'link', keyword: ' /fitness/ ' })).toMatchObject({
      keyword: '/fitness/',
      search_by: 'link',
    });
  });
});

describe('the Report view (issue #12)', () => {
  it('asks for the totals of every report figure only in the Report view', () => {
    expect(toApiParams({ ...DEFAULT_STATE, view: 'Report' }).report_totals).toBe(1);
    expect(toApiParams(DEFAULT_STATE).report_totals).toBeUndefined();
  });

  it('keeps a sort by any report figure in the URL, and drops one it does not know', () => {
    for (const key of [
      'total_click',
      'total_submit',
      'total_bounce',
      'total_visitor',
      'total_habit_exit',
      'total_intentional_exit',
    ] as const) {
      const state = { ...DEFAULT_STATE, view: 'Report' as const, sortBy: key, sortOrder: 'asc' as const };
      expect(parseListQuery(serializeListQuery(state))).toEqual(state);
    }
    expect(parseListQuery('sort=total_nonsense').sortBy).toBe(DEFAULT_STATE.sortBy);
  });
});

describe('activeFilterCount', () => {
  it('counts the Filters panel filters that are on', () => {
    expect(activeFilterCount(DEFAULT_STATE)).toBe(0);
    expect(
      activeFilterCount({
        ...DEFAULT_STATE,
        statuses: [1],
        deviceTypes: [1, 2],
        createdFrom: '2026-01-01',
        searchBy: 'tag',
        tags: ['x'],
      }),
    ).toBe(4);
    expect(activeFilterCount({ ...DEFAULT_STATE, updatedTo: '2026-01-01', sponsored: false })).toBe(2);
  });
});
