import {
  Messages,
  allowedActions,
  type CampaignAction,
  type CampaignList,
  type CampaignListRow,
  type Site,
  type SiteClient,
  CampaignStatus,
} from '@lead/contract';
import { proxy } from 'valtio';
import { api, isAbort } from '../../api/client.js';
import { navigate } from '../../router/hash-location.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';
import { DEFAULT_STATE, nothingChosen, parseListQuery, serializeListQuery, toApiParams, type ListState } from './list-query.js';

export type Modal =
  | {
      kind: 'create' | 'duplicate';
      source: CampaignListRow | null;
      name: string;
      siteId: number | null;
      clientId: number | null;
      clients: SiteClient[];
      touched: boolean;
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
  /** Campaigns chosen with the row checkboxes (for lead export); kept across pages until cleared. */
  selected: [] as number[],
  modal: null as Modal | null,
});

/** The campaign list: its state mirrors the hash query. */
export const list = proxy(blank());
onSessionReset(() => Object.assign(list, blank()));

/** Reads the list state from the URL and loads it (called whenever the hash query changes). */
export function applyQuery(path: string, search: string): void {
  list.path = path;
  list.state = parseListQuery(search);
  void loadList();
}

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
    const res = await api<CampaignList>('GET', 'campaign', { searchParams: toApiParams(list.state), hideLoading: list.data !== null });
    list.data = res._data;
  } catch (error) {
    if (!isAbort(error)) list.data = EMPTY(list.state.perPage);
  } finally {
    list.loading = false;
  }
}

export async function loadSites(): Promise<void> {
  if (list.sites.length) return;
  try {
    list.sites = (await api<{ models: Site[] }>('GET', 'sites', { hideLoading: true, hideError: true }))._data.models;
  } catch (error) {
    // A site-list failure is only logged: the list still works without its Site menu's names.
    if (!isAbort(error)) console.warn('sites could not be loaded', error);
  }
}

export function toggleSidebar(): void {
  list.sidebarOpen = !list.sidebarOpen;
}

/** The table's selection; 'all' (Select All) means every campaign row on this page (shown variants too). */
export function select(keys: 'all' | Set<string | number>): void {
  const pageIds = (list.data?.models ?? []).flatMap((c) => [c.id, ...(list.expanded.includes(c.id) ? (c.variants ?? []).map((v) => v.id) : [])]);
  const onPage = new Set(pageIds);
  const kept = list.selected.filter((id) => !onPage.has(id));
  const chosen = keys === 'all' ? pageIds : [...keys].map(Number).filter((id) => id > 0);
  list.selected = [...kept, ...chosen];
}

export const clearSelection = (): void => {
  list.selected = [];
};

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

async function act(call: () => Promise<{ _messages: string[] }>, fallback: string): Promise<boolean> {
  try {
    const res = await call();
    notify('success', res._messages[0] || fallback);
    return true;
  } catch {
    return false; // shown by the client
  } finally {
    refreshSoon();
  }
}

export function runAction(row: CampaignListRow, action: string): void {
  const id = row.id;
  switch (action as CampaignAction) {
    case 'activate':
    case 'deactivate':
      void act(
        () =>
          api('PUT', `campaign/${id}`, {
            searchParams: { _status: 1 },
            json: { status: action === 'activate' ? CampaignStatus.Active : CampaignStatus.Inactive },
          }),
        Messages.updated,
      );
      break;
    case 'rename':
      list.modal = { kind: 'rename', row, name: row.name, error: null };
      break;
    case 'edit':
      navigate(`/edit-campaign/${id}?${new URLSearchParams({ siteID: String(row.site.id), siteURL: row.site.name })}`);
      break;
    case 'duplicate':
      void openDuplicate(row);
      break;
    case 'ab_testing':
      list.modal = { kind: 'variants', row, names: ['', ''] };
      break;
    case 'start_ab_testing':
      void act(() => api('POST', `campaign/${id}/variants/activation`), Messages.updated);
      break;
    case 'stop_ab_testing':
      void act(() => api('POST', `campaign/${id}/variants/deactivation`), Messages.updated);
      break;
    case 'delete':
      list.modal = { kind: 'delete', row };
      break;
    default:
      break;
  }
}

export const closeModal = (): void => {
  list.modal = null;
};

/* ---------- rename ---------- */
export function setRenameName(name: string): void {
  if (list.modal?.kind === 'rename') {
    list.modal.name = name;
    list.modal.error = null;
  }
}
export async function submitRename(): Promise<void> {
  const m = list.modal;
  if (m?.kind !== 'rename') return;
  if (!m.name.trim()) {
    m.error = Messages.renameEmpty;
    return;
  }
  list.modal = null;
  await act(() => api('PUT', `campaign/${m.row.id}`, { searchParams: { _name: 1 }, json: { name: m.name.trim() } }), 'Campaign has been renamed!');
}

/* ---------- delete ---------- */
export async function confirmDelete(): Promise<void> {
  const m = list.modal;
  if (m?.kind !== 'delete') return;
  list.modal = null;
  await act(() => api('DELETE', `campaign/${m.row.id}`), 'Campaign has been deleted!');
}

/* ---------- A/B variants ---------- */
export function setVariantName(index: number, name: string): void {
  if (list.modal?.kind === 'variants') list.modal.names[index] = name;
}
export function addVariant(): void {
  if (list.modal?.kind === 'variants') list.modal.names.push('');
}
/** Only the names after the second can be deleted. */
export function removeVariant(index: number): void {
  if (list.modal?.kind === 'variants' && index >= 2) list.modal.names.splice(index, 1);
}
export const variantsValid = (names: readonly string[]): boolean => names.length >= 2 && names.every((n) => n.trim() !== '');
export async function submitVariants(): Promise<void> {
  const m = list.modal;
  if (m?.kind !== 'variants' || !variantsValid(m.names)) return;
  list.modal = null;
  await act(() => api('POST', `campaign/${m.row.id}/variants`, { json: { variant_names: m.names.map((n) => n.trim()) } }), Messages.updated);
  list.expanded = [...new Set([...list.expanded, m.row.id])];
}

/* ---------- create and duplicate ---------- */
async function clientsOf(siteId: number): Promise<SiteClient[]> {
  // Clients loaded for the chosen site, assigned ones only.
  const res = await api<{ models: SiteClient[] }>('GET', 'clients', { searchParams: { site_ids: siteId, assigned: 1 }, hideLoading: true });
  return res._data.models.map((c) => ({ id: c.id, name: c.name }));
}

export function openCreate(): void {
  list.modal = { kind: 'create', source: null, name: 'Campaign ', siteId: null, clientId: null, clients: [], touched: false };
  void loadSites();
}

async function openDuplicate(row: CampaignListRow): Promise<void> {
  // The site is fixed and the name is the original's plus ' (Copy) '.
  list.modal = { kind: 'duplicate', source: row, name: `${row.name} (Copy) `, siteId: row.site.id, clientId: row.client.id, clients: [], touched: false };
  try {
    const clients = await clientsOf(row.site.id);
    if (list.modal?.kind === 'duplicate') list.modal.clients = clients;
  } catch {
    /* shown by the client */
  }
}

export function setCreateName(name: string): void {
  if (list.modal?.kind === 'create' || list.modal?.kind === 'duplicate') list.modal.name = name;
}
/** The name's message shows once the field has been left (the others as soon as they are empty). */
export function touchCreate(): void {
  if (list.modal?.kind === 'create' || list.modal?.kind === 'duplicate') list.modal.touched = true;
}
export function setCreateClient(clientId: number | null): void {
  if (list.modal?.kind === 'create' || list.modal?.kind === 'duplicate') list.modal.clientId = clientId;
}
/** Changing the site clears the client; a site with one client preselects it. */
export async function setCreateSite(siteId: number | null): Promise<void> {
  const m = list.modal;
  if (m?.kind !== 'create') return;
  m.siteId = siteId;
  m.clientId = null;
  m.clients = [];
  if (siteId === null) return;
  try {
    const clients = await clientsOf(siteId);
    const now = list.modal;
    if (now?.kind !== 'create' || now.siteId !== siteId) return;
    now.clients = clients;
    if (clients.length === 1) now.clientId = clients[0]!.id;
  } catch {
    /* shown by the client */
  }
}

export function createErrors(m: { name: string; siteId: number | null; clientId: number | null }): { name?: string; site?: string; client?: string } {
  return {
    ...(m.name.trim() ? {} : { name: Messages.campaignNameRequired }),
    ...(m.siteId === null ? { site: Messages.siteRequired } : {}),
    ...(m.clientId === null ? { client: Messages.clientRequired } : {}),
  };
}

export async function submitCreate(): Promise<void> {
  const m = list.modal;
  if ((m?.kind !== 'create' && m?.kind !== 'duplicate') || Object.keys(createErrors(m)).length) {
    if (m && 'touched' in m) m.touched = true;
    return;
  }
  if (m.kind === 'create') {
    const site = list.sites.find((x) => x.id === m.siteId);
    list.modal = null;
    navigate(
      `/new-campaign?${new URLSearchParams({ campaignName: m.name.trim(), siteID: String(m.siteId), siteURL: site?.name ?? '', clientID: String(m.clientId) })}`,
    );
    return;
  }
  list.modal = null;
  await act(() => api('POST', `campaign/${m.source!.id}/clone`, { json: { name: m.name.trim(), client_id: m.clientId } }), 'Duplicated done!');
}

/* ---------- campaign code ---------- */
export async function copyCode(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
  } catch {
    /* the clipboard may be refused (no permission); the code is still shown */
  }
  notify('success', `Campaign code ${code} is copied!`);
}
