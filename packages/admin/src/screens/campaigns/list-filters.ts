import { CAMPAIGN_STATUS_LABELS, DEVICE_TYPE_LABELS, DISPLAY_TYPES, type Site } from '@lead/contract';
import { formatDate } from '../../lib/format.js';
import { DEFAULT_STATE, toApiParams, type ListState } from './list-query.js';
import { clientsOf, pickClients, pickSites, scopeOf } from './scope.js';
import { parseSelection, serializeSelection } from './sidebar.js';

/*
 * The list's filters as one state (the URL's, list-query.ts): which keys narrow the campaigns,
 * whether any is on, the change that clears them, and each active one as a removable chip.
 */
export const FILTER_KEYS = [
  'keyword',
  'searchBy',
  'tags',
  'statuses',
  'deviceTypes',
  'displayTypes',
  'createdFrom',
  'createdTo',
  'updatedFrom',
  'updatedTo',
  'sponsored',
  'sidebar',
] as const satisfies ReadonlyArray<keyof ListState>;

/** The change that clears every filter (sort, page size, view and the sidebar's mode stay). */
export const CLEARED: Partial<ListState> = Object.fromEntries(FILTER_KEYS.map((k) => [k, DEFAULT_STATE[k]]));

/**
 * Which campaigns match, as the server is asked for them: the parameters less page, sort and
 * figures. Two states with the same key list the same campaigns.
 */
export function matchKey(s: ListState): string {
  const {
    page: _page,
    items_per_page: _size,
    sort_by: _by,
    sort_order: _order,
    report_totals: _totals,
    ...rest
  } = toApiParams(s);
  // The performance range changes the figures, not which campaigns match.
  delete rest.from_performance_date;
  delete rest.to_performance_date;
  return JSON.stringify(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined && v !== '')
      .sort(),
  );
}

/** Whether any filter narrows the list (an empty list then says so, and offers to clear them). */
export const hasFilters = (s: ListState): boolean => matchKey(s) !== matchKey(DEFAULT_STATE) || s.sidebar === '-';

/** An active filter as a removable chip: what it says ('Client: Acme'), and the change that removes it. */
export interface Chip {
  key: string;
  label: string;
  remove: Partial<ListState>;
}

const range = (from: string | null, to: string | null) =>
  from === to ? formatDate(from!) : `${from ? formatDate(from) : 'start'} – ${to ? formatDate(to) : 'today'}`;

/** The active filters as chips, in the toolbar's order: search, sites, clients, then the Filters panel's. */
export function activeChips(s: ListState, sites: readonly Site[]): Chip[] {
  const chips: Chip[] = [];
  const keyword = s.keyword.trim();
  if (s.searchBy !== 'tag' && keyword)
    chips.push({
      key: 'keyword',
      label: `${s.searchBy === 'link' ? 'Link' : 'Name'}: ${keyword}`,
      remove: { keyword: '' },
    });
  if (s.searchBy === 'tag')
    for (const tag of s.tags)
      chips.push({ key: `tag-${tag}`, label: `Tag: ${tag}`, remove: { tags: s.tags.filter((t) => t !== tag) } });
  chips.push(...scopeChips(s, sites));
  const each = <K extends 'statuses' | 'deviceTypes' | 'displayTypes'>(
    key: K,
    name: string,
    label: (id: number) => string | undefined,
  ) => {
    for (const id of s[key])
      chips.push({
        key: `${key}-${id}`,
        label: `${name}: ${label(id) ?? `#${id}`}`,
        remove: { [key]: s[key].filter((x) => x !== id) },
      });
  };
  each('statuses', 'Status', (id) => CAMPAIGN_STATUS_LABELS[id as keyof typeof CAMPAIGN_STATUS_LABELS]);
  each('deviceTypes', 'Device', (id) => DEVICE_TYPE_LABELS[id as keyof typeof DEVICE_TYPE_LABELS]);
  each('displayTypes', 'Type', (id) => DISPLAY_TYPES[id as keyof typeof DISPLAY_TYPES]);
  if (s.createdFrom || s.createdTo)
    chips.push({
      key: 'created',
      label: `Created: ${range(s.createdFrom, s.createdTo)}`,
      remove: { createdFrom: null, createdTo: null },
    });
  if (s.updatedFrom || s.updatedTo)
    chips.push({
      key: 'updated',
      label: `Last update: ${range(s.updatedFrom, s.updatedTo)}`,
      remove: { updatedFrom: null, updatedTo: null },
    });
  if (s.sponsored !== null)
    chips.push({ key: 'sponsored', label: s.sponsored ? 'Sponsored' : 'Not sponsored', remove: { sponsored: null } });
  return chips;
}

/**
 * The sites and clients chosen (in the sidebar or the menus): a chip per site and per client
 * when only some are; removing the last of them chooses all again. A choice the menus cannot say
 * (some clients on some sites only) is one chip.
 */
function scopeChips(s: ListState, sites: readonly Site[]): Chip[] {
  const selection = parseSelection(s.sidebar || null);
  if (selection === null) return [];
  const all = { sidebar: '' };
  if (selection.size === 0) return [{ key: 'scope', label: 'Sites & clients: none', remove: all }];
  if (!sites.length) return [{ key: 'scope', label: 'Sites & clients: some', remove: all }];
  const { siteIds, clientIds } = scopeOf(selection, s.sidebarMode, sites);
  const chips: Chip[] = [];
  const clients = clientsOf(sites);
  if (siteIds && siteIds.length < sites.length)
    for (const id of siteIds) {
      const rest = siteIds.filter((x) => x !== id);
      chips.push({
        key: `site-${id}`,
        label: `Site: ${sites.find((x) => x.id === id)?.name ?? `#${id}`}`,
        remove: rest.length ? { sidebar: serializeSelection(pickSites(rest, selection, s.sidebarMode, sites)) } : all,
      });
    }
  if (clientIds && clientIds.length < clients.length)
    for (const id of clientIds) {
      const rest = clientIds.filter((x) => x !== id);
      chips.push({
        key: `client-${id}`,
        label: `Client: ${clients.find((x) => x.id === id)?.name ?? `#${id}`}`,
        remove: rest.length ? { sidebar: serializeSelection(pickClients(rest, selection, s.sidebarMode, sites)) } : all,
      });
    }
  return chips.length ? chips : [{ key: 'scope', label: 'Sites & clients: some', remove: all }];
}
