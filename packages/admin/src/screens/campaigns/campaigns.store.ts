import {
  MAX_PAGE_SIZE,
  allowedActions,
  type CampaignAction,
  type CampaignList,
  type CampaignListRow,
  type Site,
  type SiteClient,
} from '@lead/contract';
import { proxy, ref } from 'valtio';
import { isAbort, call } from '../../api/client.js';
import { fetchSites } from '../../api/sites.js';
import { navigate } from '../../router/hash-location.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';
import { CLEARED, matchKey } from './list-filters.js';
import {
  DEFAULT_STATE,
  nothingChosen,
  parseListQuery,
  serializeListQuery,
  toApiParams,
  type ListState,
} from './list-query.js';

export type CreateTouched = Record<'name' | 'site' | 'client', boolean>;

export type Modal =
  | {
      kind: 'create' | 'duplicate';
      source: CampaignListRow | null;
      name: string;
      siteId: number | null;
      clientId: number | null;
      clients: SiteClient[];
      /** The fields the user has left (or all, after a try to save): their messages show, not before. */
      touched: CreateTouched;
    }
  | { kind: 'rename'; row: CampaignListRow; name: string; error: string | null }
  | { kind: 'variants'; row: CampaignListRow; names: string[] }
  | { kind: 'delete'; row: CampaignListRow };

const blank = () => ({
  path: '/',
  sidebarOpen: false,
  state: { ...DEFAULT_STATE } as ListState,
  data: null as CampaignList | null,
  loading: false,
  sites: [] as Site[],
  expanded: [] as number[],
  /**
   * Campaigns chosen with the row checkboxes (for lead export); kept across pages until cleared,
   * and cleared when the filters change (what is chosen is always among what matches).
   */
  selected: [] as number[],
  /** Every matching campaign is selected ("Select all N matching"); `selected` holds their ids. */
  allMatching: false,
  /** The ids of every match are being fetched for "Select all N matching". */
  selectingAll: false,
  modal: null as Modal | null,
});

/** The campaign list: its state mirrors the hash query. */
export const list = proxy(blank());
onSessionReset(() => Object.assign(list, blank()));

/** Reads the list state from the URL and loads it (called whenever the hash query changes). */
export function applyQuery(path: string, search: string): void {
  const next = parseListQuery(search);
  if (matchKey(next) !== matchKey(list.state)) clearSelection();
  list.path = path;
  list.state = next;
  void loadList();
}

/** Clears every filter (search, sites and clients, the Filters panel's); sort, page size and view stay. */
export const clearFilters = (): void => updateList(CLEARED);

/** Changes the list state by changing the URL; a filter change goes back to page 1. */
export function updateList(patch: Partial<ListState>, { keepPage = false }: { keepPage?: boolean } = {}): void {
  const next = { ...list.state, ...patch, ...(keepPage || 'page' in patch ? {} : { page: 1 }) };
  const query = serializeListQuery(next);
  navigate(query ? `${list.path}?${query}` : list.path);
}

const EMPTY = (perPage: number): CampaignList => ({
  models: [],
  pagination: { items_per_page: perPage, current: 1, total_items: 0 },
  total_items: 0,
  total_impressions: 0,
  total_leads: 0,
  total_submits: 0,
});

export async function loadList(): Promise<void> {
  if (nothingChosen(list.state)) {
    list.data = EMPTY(list.state.perPage);
    return;
  }
  list.loading = true;
  try {
    const res = await call('GET /api/admin/campaign', {
      query: toApiParams(list.state),
      hideLoading: list.data !== null,
    });
    // Kept as it came (valtio's ref): a new answer replaces it whole, so nothing in it needs a
    // proxy, and wrapping 20 rows' every field in one cost more than rendering them.
    list.data = ref(res._data);
  } catch (error) {
    if (!isAbort(error)) list.data = EMPTY(list.state.perPage);
  } finally {
    list.loading = false;
  }
}

export async function loadSites(): Promise<void> {
  if (list.sites.length) return;
  // A site-list failure is only logged: the list still works without its Site menu's names.
  const sites = await fetchSites({ hideLoading: true });
  if (sites) list.sites = sites;
}

export function toggleSidebar(): void {
  list.sidebarOpen = !list.sidebarOpen;
}

/** The table's selection; 'all' (Select All) means every campaign row on this page (shown variants too). */
export function select(keys: 'all' | Set<string | number>): void {
  const pageIds = (list.data?.models ?? []).flatMap((c) => [
    c.id,
    ...(list.expanded.includes(c.id) ? (c.variants ?? []).map((v) => v.id) : []),
  ]);
  const onPage = new Set(pageIds);
  const kept = list.selected.filter((id) => !onPage.has(id));
  const chosen = keys === 'all' ? pageIds : [...keys].map(Number).filter((id) => id > 0);
  list.selected = [...kept, ...chosen];
  list.allMatching = false;
}

let selectAllRun = 0;
export const clearSelection = (): void => {
  selectAllRun++;
  list.selected = [];
  list.allMatching = false;
  list.selectingAll = false;
};

/**
 * "Select all N matching": the ids of every campaign the filters match, asked page by page of
 * the largest size (so that it holds for any N). A filter change meanwhile (clearSelection) drops it.
 */
export async function selectAllMatching(): Promise<void> {
  const run = ++selectAllRun;
  const state = { ...list.state };
  list.selectingAll = true;
  const ids: number[] = [];
  try {
    for (let page = 1; ; page++) {
      const res = await call('GET /api/admin/campaign', {
        query: toApiParams({ ...state, page, perPage: MAX_PAGE_SIZE, view: 'Information' }),
      });
      if (run !== selectAllRun) return;
      ids.push(...res._data.models.map((c) => c.id));
      if (!res._data.models.length || ids.length >= res._data.total_items) break;
    }
    list.selected = [...new Set(ids)];
    list.allMatching = true;
  } catch {
    // Said by the shell (api/failures.ts); the selection stays as it was.
  } finally {
    if (run === selectAllRun) list.selectingAll = false;
  }
}

export function toggleExpanded(ids: Set<string | number>): void {
  list.expanded = [...ids].map(Number);
}

/** The row menu: what the lifecycle rules allow for the row (docs/product-rules.md; the builder's re-activation is not a menu item). */
export const rowActions = (row: Pick<CampaignListRow, 'type' | 'status' | 'is_testing_running'>): CampaignAction[] =>
  allowedActions(row).filter((a) => a !== 'schedule');

export const ACTION_LABELS: Record<CampaignAction, string> = {
  deactivate: 'Deactive',
  activate: 'Active',
  rename: 'Rename',
  edit: 'Edit',
  duplicate: 'Duplicate',
  ab_testing: 'A/B Testing',
  start_ab_testing: 'Start A/B Testing',
  stop_ab_testing: 'Stop A/B Testing',
  delete: 'Delete',
  schedule: 'Schedule',
};

/** After a change (an action, a rename, a delete…) the list asks again this many ms later. */
export const REFRESH_DELAY_MS = 10;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** Reloads the list REFRESH_DELAY_MS after a change; changes close together give one reload. */
export function refreshSoon(): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void loadList(), REFRESH_DELAY_MS);
}

/** Runs a change, says how it went (the server's message, else `fallback`) and reloads the list soon. */
export async function act(call: () => Promise<{ _messages: string[] }>, fallback: string): Promise<boolean> {
  try {
    const res = await call();
    notify('success', res._messages[0] || fallback);
    return true;
  } catch {
    return false; // shown by the shell (api/failures.ts)
  } finally {
    refreshSoon();
  }
}
