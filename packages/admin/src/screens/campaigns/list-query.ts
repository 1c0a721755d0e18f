import {
  CAMPAIGN_SORTS,
  DEFAULT_PAGE_SIZE,
  type CampaignListParams,
  type CampaignSearchBy,
  type CampaignSortBy,
} from '@lead/contract';
import { isoDay, wireDay } from '../../lib/format.js';
import { parseSelection, serializeSelection, sidebarParams, type SidebarMode } from './sidebar.js';

/*
 * The list's state lives in the hash query (#/?q=heart&status=1,4&page=2...), so a reload, Back
 * or a shared link shows the same list. This module turns that query into the list state, the
 * state back into a query, and the state into the API's parameters.
 */
export type SearchBy = CampaignSearchBy;
export type SortBy = CampaignSortBy;
export type View = 'Information' | 'Report';

export interface ListState {
  keyword: string;
  searchBy: SearchBy;
  tags: string[];
  statuses: number[];
  deviceTypes: number[];
  displayTypes: number[];
  createdFrom: string | null;
  createdTo: string | null;
  updatedFrom: string | null;
  updatedTo: string | null;
  /** Sponsored campaigns only (true), none of them (false), or both (null). */
  sponsored: boolean | null;
  performanceFrom: string | null;
  performanceTo: string | null;
  sortBy: SortBy;
  sortOrder: 'asc' | 'desc';
  page: number;
  perPage: number;
  view: View;
  /**
   * The sites and clients (the sidebar, the toolbar's Site and Client menus: scope.ts): the
   * sidebar's mode, and its selection as serialised by sidebar.ts ('' is all).
   */
  sidebarMode: SidebarMode;
  sidebar: string;
}

export const DEFAULT_STATE: ListState = {
  keyword: '',
  searchBy: 'name',
  tags: [],
  statuses: [],
  deviceTypes: [],
  displayTypes: [],
  createdFrom: null,
  createdTo: null,
  updatedFrom: null,
  updatedTo: null,
  sponsored: null,
  performanceFrom: null,
  performanceTo: null,
  sortBy: 'updated_at',
  sortOrder: 'desc',
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
  view: 'Information',
  sidebarMode: 'site',
  sidebar: '',
};

const ints = (v: string | null): number[] =>
  v
    ? v
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n))
    : [];
const day = (v: string | null): string | null => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? isoDay(v) : null);
const positive = (v: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/**
 * The sites of a link made before the sidebar's selection held them (`site=3,4`), as that selection
 * in the site mode: each site with no client listed stands for all its clients (scope.ts).
 */
const sitesOfOldLink = (q: URLSearchParams): string | null =>
  q.has('sb')
    ? null
    : ints(q.get('site'))
        .filter((n) => n > 0)
        .map((n) => `${n}:`)
        .join('|') || null;

/** The list state a hash query describes; anything missing or malformed takes its default. */
export function parseListQuery(search: string): ListState {
  const q = new URLSearchParams(search);
  const oldSites = sitesOfOldLink(q);
  const by = q.get('by');
  const sort = q.get('sort') as SortBy | null;
  return {
    keyword: q.get('q') ?? '',
    searchBy: by === 'link' || by === 'tag' ? by : 'name',
    tags: (q.get('tags') ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    statuses: ints(q.get('status')),
    deviceTypes: ints(q.get('device')),
    displayTypes: ints(q.get('type')),
    createdFrom: day(q.get('from')),
    createdTo: day(q.get('to')),
    updatedFrom: day(q.get('ufrom')),
    updatedTo: day(q.get('uto')),
    sponsored: q.get('sponsor') === '1' ? true : q.get('sponsor') === '0' ? false : null,
    performanceFrom: day(q.get('pfrom')),
    performanceTo: day(q.get('pto')),
    sortBy: sort && CAMPAIGN_SORTS.includes(sort) ? sort : DEFAULT_STATE.sortBy,
    sortOrder: q.get('order') === 'asc' ? 'asc' : 'desc',
    page: positive(q.get('page'), 1),
    perPage: positive(q.get('size'), DEFAULT_STATE.perPage, 200),
    view: q.get('view') === 'Report' ? 'Report' : 'Information',
    sidebarMode: q.get('sbm') === 'client' && !oldSites ? 'client' : 'site',
    sidebar: serializeSelection(parseSelection(oldSites ?? q.get('sb'))),
  };
}

/** The hash query of a list state: only what differs from the defaults. */
export function serializeListQuery(s: ListState): string {
  const q = new URLSearchParams();
  const put = (key: string, value: string | number | null, fallback: string | number | null = null) => {
    if (value !== null && value !== '' && value !== fallback) q.set(key, String(value));
  };
  put('q', s.keyword);
  put('by', s.searchBy, 'name');
  put('tags', s.tags.join(','));
  put('status', s.statuses.join(','));
  put('device', s.deviceTypes.join(','));
  put('type', s.displayTypes.join(','));
  put('from', s.createdFrom);
  put('to', s.createdTo);
  put('ufrom', s.updatedFrom);
  put('uto', s.updatedTo);
  put('sponsor', s.sponsored === null ? null : s.sponsored ? 1 : 0);
  put('pfrom', s.performanceFrom);
  put('pto', s.performanceTo);
  put('sort', s.sortBy, DEFAULT_STATE.sortBy);
  put('order', s.sortOrder, DEFAULT_STATE.sortOrder);
  put('page', s.page, 1);
  put('size', s.perPage, DEFAULT_STATE.perPage);
  put('view', s.view, DEFAULT_STATE.view);
  put('sbm', s.sidebarMode, DEFAULT_STATE.sidebarMode);
  put('sb', s.sidebar);
  return q.toString();
}

const wire = (d: string | null, edge: 'start' | 'end') => (d ? wireDay(d, edge) : undefined);

/** The GET /campaign parameters of a list state (empty ones are dropped by the client). */
export function toApiParams(s: ListState): CampaignListParams {
  const keyword = s.searchBy === 'tag' ? s.tags.join(',') : s.keyword.trim();
  return {
    keyword: keyword || undefined,
    search_by: keyword ? s.searchBy : undefined,
    status: s.statuses.join(',') || undefined,
    device_type: s.deviceTypes.join(',') || undefined,
    display_type: s.displayTypes.join(',') || undefined,
    from_created_at: wire(s.createdFrom, 'start'),
    to_created_at: wire(s.createdTo, 'end'),
    from_updated_at: wire(s.updatedFrom, 'start'),
    to_updated_at: wire(s.updatedTo, 'end'),
    is_sponsor: s.sponsored === null ? undefined : s.sponsored ? 1 : 0,
    from_performance_date: wire(s.performanceFrom, 'start'),
    to_performance_date: wire(s.performanceTo, 'end'),
    sort_by: s.sortBy,
    sort_order: s.sortOrder,
    page: s.page,
    items_per_page: s.perPage,
    // The Report view's totals row: every figure over every match.
    report_totals: s.view === 'Report' ? 1 : undefined,
    ...sidebarParams(parseSelection(s.sidebar), s.sidebarMode),
  };
}

/** Whether the sidebar leaves nothing chosen (the list is then empty without asking the server). */
export const nothingChosen = (s: ListState): boolean => s.sidebar === '-';

/** How many filters of the Filters panel are on (the count on its button). */
export function activeFilterCount(s: ListState): number {
  const keyword = s.searchBy === 'tag' ? s.tags.length > 0 : s.searchBy === 'link' && s.keyword.trim() !== '';
  return [
    keyword,
    s.createdFrom !== null || s.createdTo !== null,
    s.updatedFrom !== null || s.updatedTo !== null,
    s.sponsored !== null,
    s.statuses.length > 0,
    s.deviceTypes.length > 0,
    s.displayTypes.length > 0,
  ].filter(Boolean).length;
}
