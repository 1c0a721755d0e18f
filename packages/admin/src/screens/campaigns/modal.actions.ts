import { Messages, CampaignStatus, type CampaignAction, type CampaignListRow, type SiteClient } from '@lead/contract';
import { ApiError, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { navigate } from '../../router/hash-location.js';
import { notify } from '../../stores/ui.js';
import { act, list, loadSites, refreshSoon, type CreateTouched } from './campaigns.store.js';

/*
 * What the list's row menu and its dialogs do: the actions of a row, and the rename, delete,
 * A/B variants, create and duplicate dialogs (their state is `list.modal`).
 */

export function runAction(row: CampaignListRow, action: string): void {
  const id = row.id;
  switch (action as CampaignAction) {
    case 'activate':
    case 'deactivate':
      void act(
        () =>
          call('PUT /api/admin/campaign/:id', {
            params: { id },
            query: { _status: '1' },
            body: { status: action === 'activate' ? CampaignStatus.Active : CampaignStatus.Inactive },
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
      void act(() => call('POST /api/admin/campaign/:id/variants/activation', { params: { id } }), Messages.updated);
      break;
    case 'stop_ab_testing':
      void act(() => call('POST /api/admin/campaign/:id/variants/deactivation', { params: { id } }), Messages.updated);
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
  // The dialog stays open until the server has taken the name: a refusal shows in it, and what
  // was typed stays there to correct.
  try {
    const res = await call('PUT /api/admin/campaign/:id', {
      params: { id: m.row.id },
      query: { _name: '1' },
      body: { name: m.name.trim() },
      hideError: true,
    });
    if (list.modal === m) list.modal = null;
    notify('success', res._messages[0] || 'Campaign has been renamed!');
    refreshSoon();
  } catch (error) {
    if (error instanceof ApiError && list.modal === m) m.error = errorMessages(error.body).join(' ');
  }
}

/* ---------- delete ---------- */
export async function confirmDelete(): Promise<void> {
  const m = list.modal;
  if (m?.kind !== 'delete') return;
  list.modal = null;
  await act(() => call('DELETE /api/admin/campaign/:id', { params: { id: m.row.id } }), 'Campaign has been deleted!');
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
export const variantsValid = (names: readonly string[]): boolean =>
  names.length >= 2 && names.every((n) => n.trim() !== '');
export async function submitVariants(): Promise<void> {
  const m = list.modal;
  if (m?.kind !== 'variants' || !variantsValid(m.names)) return;
  list.modal = null;
  await act(
    () =>
      call('POST /api/admin/campaign/:id/variants', {
        params: { id: m.row.id },
        body: { variant_names: m.names.map((n) => n.trim()) },
      }),
    Messages.updated,
  );
  list.expanded = [...new Set([...list.expanded, m.row.id])];
}

/* ---------- create and duplicate ---------- */
const untouched = (): CreateTouched => ({ name: false, site: false, client: false });

async function clientsOf(siteId: number): Promise<SiteClient[]> {
  // Clients loaded for the chosen site, assigned ones only.
  const res = await call('GET /api/admin/clients', { query: { site_ids: siteId, assigned: 1 }, hideLoading: true });
  return res._data.models.map((c) => ({ id: c.id, name: c.name }));
}

export function openCreate(): void {
  list.modal = {
    kind: 'create',
    source: null,
    name: 'Campaign ',
    siteId: null,
    clientId: null,
    clients: [],
    touched: untouched(),
  };
  void loadSites();
}

async function openDuplicate(row: CampaignListRow): Promise<void> {
  // The site is fixed and the name is the original's plus ' (Copy) '.
  list.modal = {
    kind: 'duplicate',
    source: row,
    name: `${row.name} (Copy) `,
    siteId: row.site.id,
    clientId: row.client.id,
    clients: [],
    touched: untouched(),
  };
  try {
    const clients = await clientsOf(row.site.id);
    if (list.modal?.kind === 'duplicate') list.modal.clients = clients;
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}

export function setCreateName(name: string): void {
  if (list.modal?.kind === 'create' || list.modal?.kind === 'duplicate') list.modal.name = name;
}
/** A field's message shows once the user has left it: nothing is said of a form not yet filled in. */
export function touchCreate(field: keyof CreateTouched): void {
  if (list.modal?.kind === 'create' || list.modal?.kind === 'duplicate') list.modal.touched[field] = true;
}
export function setCreateClient(clientId: number | null): void {
  if (list.modal?.kind === 'create' || list.modal?.kind === 'duplicate') list.modal.clientId = clientId;
}
/** Changing the site clears the client; a site with one client preselects it. */
export async function setCreateSite(siteId: number | null): Promise<void> {
  const m = list.modal;
  if (m?.kind !== 'create') return;
  m.siteId = siteId;
  // A client the user had is gone: say so.
  if (m.clientId !== null) m.touched.client = true;
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
    /* shown by the shell (api/failures.ts) */
  }
}

export function createErrors(m: { name: string; siteId: number | null; clientId: number | null }): {
  name?: string;
  site?: string;
  client?: string;
} {
  return {
    ...(m.name.trim() ? {} : { name: Messages.campaignNameRequired }),
    ...(m.siteId === null ? { site: Messages.siteRequired } : {}),
    ...(m.clientId === null ? { client: Messages.clientRequired } : {}),
  };
}

export async function submitCreate(): Promise<void> {
  const m = list.modal;
  if ((m?.kind !== 'create' && m?.kind !== 'duplicate') || Object.keys(createErrors(m)).length) {
    if (m && 'touched' in m) m.touched = { name: true, site: true, client: true };
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
  await act(
    () =>
      call('POST /api/admin/campaign/:id/clone', {
        params: { id: m.source!.id },
        body: { name: m.name.trim(), client_id: m.clientId },
      }),
    'Duplicated done!',
  );
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
