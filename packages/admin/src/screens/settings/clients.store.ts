import {
  CLIENT_BILLING_DEFAULTS,
  clientErrors,
  Messages,
  TABLE_PAGE_SIZE,
  type Client,
  type ClientPayload,
  type Site,
} from '@lead/contract';
import { proxy } from 'valtio';
import { ApiError, isAbort, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { reportNotice } from '../../api/failures.js';
import { fetchSites } from '../../api/sites.js';
import { onSessionReset } from '../../stores/reset.js';
import { session } from '../../stores/session.js';
import { notify } from '../../stores/ui.js';
import { payloadFrom } from '../../lib/payload-of.js';
import { listActions } from './list-actions.js';

export type ClientTab = 'sites' | 'profile' | 'billing';
const emptyPayload = (): ClientPayload => ({
  name: '',
  contact_name: '',
  phone_number: '',
  title: '',
  email: '',
  manager_id: null,
  site_ids: [],
  ...CLIENT_BILLING_DEFAULTS,
  retention_months: null,
});

const blank = () => ({
  models: [] as Client[],
  sites: [] as Site[],
  managers: [] as Array<{ id: number; name: string }>,
  loaded: false,
  name: '',
  siteId: null as number | null,
  page: 1,
  pageSize: TABLE_PAGE_SIZE as number,
  form: null as null | { id: number | null; payload: ClientPayload; tab: ClientTab },
  deleting: null as Client | null,
});

/** Manage clients (admins only). */
export const clients = proxy(blank());
onSessionReset(() => Object.assign(clients, blank()));

export const { search, filterSite, setPage, setPageSize, closeForm, askDelete } = listActions<Client>(clients, () =>
  loadClients(),
);

export async function loadClients(): Promise<void> {
  try {
    const res = await call('GET /api/admin/clients', {
      query: { name: clients.name.trim(), site_ids: clients.siteId ?? undefined },
    });
    clients.models = res._data.models;
    clients.loaded = true;
    const pages = Math.max(1, Math.ceil(clients.models.length / clients.pageSize));
    if (clients.page > pages) clients.page = pages;
  } catch (error) {
    if (!isAbort(error)) clients.models = [];
  }
}

/** Sites for the filter and the form; account managers are the staff (the caller included). */
export async function loadClientOptions(): Promise<void> {
  const [sites, staff] = await Promise.all([
    // A site-list failure is only logged.
    fetchSites(),
    call('GET /api/admin/users').then(
      (res) => res._data.models,
      () => null, // shown by the shell (api/failures.ts)
    ),
  ]);
  if (sites) clients.sites = sites;
  if (staff) {
    const people = [...staff, ...(session.user ? [session.user] : [])];
    clients.managers = people
      .map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`.trim() || u.email }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}

export function openCreate(): void {
  clients.form = { id: null, payload: emptyPayload(), tab: 'sites' };
}
/** What the form edits of a saved client: every field of `ClientBody`, as the client has it. */
export const payloadOf = (c: Client): ClientPayload => payloadFrom('ClientBody', c, {});
export function openEdit(c: Client): void {
  clients.form = { id: c.id, tab: 'sites', payload: payloadOf(c) };
}
export function setField<K extends keyof ClientPayload>(key: K, value: ClientPayload[K]): void {
  if (clients.form) clients.form.payload[key] = value;
}

/** The retention field as typed: empty is the server's default (null); anything else must be whole months. */
export function setRetention(text: string): void {
  setField('retention_months', retentionOf(text));
}
export const retentionOf = (text: string): number | null => {
  const v = text.trim();
  return v === '' ? null : /^\d+$/.test(v) ? Number(v) : Number.NaN;
};
export const retentionText = (months: number | null | undefined): string =>
  months == null ? '' : Number.isNaN(months) ? 'x' : String(months);

export const formErrors = () => (clients.form ? clientErrors(clients.form.payload) : undefined);

export async function saveClient(): Promise<void> {
  const form = clients.form;
  if (!form || formErrors()) return;
  try {
    const res =
      form.id === null
        ? await call('POST /api/admin/clients', { body: form.payload, hideError: true })
        : await call('PUT /api/admin/clients/:id', { params: { id: form.id }, body: form.payload, hideError: true });
    notify('success', res._messages[0] || (form.id === null ? Messages.clientCreated : Messages.updated));
    clients.form = null;
    await loadClients();
  } catch (error) {
    // A failed client save shows its messages joined by ', ' as an error.
    if (error instanceof ApiError) reportNotice(errorMessages(error.body).join(', '));
  }
}

export async function deleteClient(): Promise<void> {
  const c = clients.deleting;
  clients.deleting = null;
  if (!c) return;
  try {
    const res = await call('DELETE /api/admin/clients/:id', { params: { id: c.id } });
    notify('success', res._messages[0] || Messages.clientDeleted);
    await loadClients();
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}
