import {
  AccountStatus,
  holdsAllSites,
  Messages,
  type Role,
  type Site,
  TABLE_PAGE_SIZE,
  type User,
  userErrors,
  type UserPayload,
} from '@lead/contract';
import { proxy } from 'valtio';
import { ApiError, isAbort, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { reportNotice } from '../../api/failures.js';
import { fetchSites } from '../../api/sites.js';
import { onSessionReset } from '../../stores/reset.js';
import { session, viewerOf } from '../../stores/session.js';
import { notify } from '../../stores/ui.js';
import { payloadFrom } from '../../lib/payload-of.js';
import { listActions } from './list-actions.js';

export type UserTab = 'profile' | 'sites';
const emptyPayload = (): UserPayload => ({
  first_name: '',
  last_name: '',
  email: '',
  status: AccountStatus.Active,
  role_ids: [],
  site_ids: [],
  client_ids: [],
});

const blank = () => ({
  models: [] as User[],
  roles: [] as Role[],
  sites: [] as Site[],
  loaded: false,
  name: '',
  siteId: null as number | null,
  page: 1,
  pageSize: TABLE_PAGE_SIZE as number,
  form: null as null | { id: number | null; payload: UserPayload; tab: UserTab },
  deleting: null as User | null,
});

/** Manage users (admins only). */
export const users = proxy(blank());
onSessionReset(() => Object.assign(users, blank()));

export const { search, filterSite, setPage, setPageSize, closeForm, askDelete } = listActions<User>(users, () =>
  loadUsers(),
);

export async function loadUsers(): Promise<void> {
  try {
    const res = await call('GET /api/admin/users', {
      query: { name: users.name.trim(), site_ids: users.siteId ?? undefined },
    });
    users.models = res._data.models;
    users.loaded = true;
    const pages = Math.max(1, Math.ceil(users.models.length / users.pageSize));
    if (users.page > pages) users.page = pages;
  } catch (error) {
    if (!isAbort(error)) users.models = [];
  }
}

/** Roles and sites (with their clients) for the filter and the form. */
export async function loadUserOptions(): Promise<void> {
  const [roles, sites] = await Promise.all([
    call('GET /api/admin/roles').then(
      (res) => res._data.models,
      () => null, // shown by the shell (api/failures.ts)
    ),
    // A site-list failure is only logged.
    fetchSites(),
  ]);
  if (roles) users.roles = roles;
  if (sites) users.sites = sites;
}

export function openCreate(): void {
  users.form = { id: null, payload: emptyPayload(), tab: 'profile' };
}
/** What the form edits of a saved user: every field of `UserBody`; the role, sites and status read from their answer. */
export const userPayloadOf = (user: User): UserPayload =>
  payloadFrom('UserBody', user, {
    status: (u) => (u.status === AccountStatus.Active ? AccountStatus.Active : AccountStatus.Inactive),
    role_ids: (u) => u.roles.map((r) => r.id),
    site_ids: (u) => u.sites.map((s) => s.id),
  });
export function openEdit(user: User): void {
  users.form = { id: user.id, tab: 'profile', payload: userPayloadOf(user) };
}
export function setField<K extends keyof UserPayload>(key: K, value: UserPayload[K]): void {
  if (users.form) users.form.payload[key] = value;
}

/**
 * The clients that the chosen sites offer (a client on several sites appears
 * once), leaving out a client that also runs on a site the signed-in admin
 * does not hold: the server would refuse to grant it (403, which ends the session).
 */
export function clientsOfSites(siteIds: readonly number[]): Array<{ id: number; name: string }> {
  const me = viewerOf(session.user);
  const seen = new Map<number, string>();
  for (const site of users.sites) {
    if (!siteIds.includes(site.id)) continue;
    for (const c of site.clients) if (holdsAllSites(me, c.site_ids ?? [site.id])) seen.set(c.id, c.name);
  }
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export function setSites(siteIds: number[]): void {
  if (!users.form) return;
  users.form.payload.site_ids = siteIds;
  // Clients of sites no longer chosen go with them.
  const offered = new Set(clientsOfSites(siteIds).map((c) => c.id));
  users.form.payload.client_ids = users.form.payload.client_ids.filter((id) => offered.has(id));
}

export const formErrors = () => (users.form ? userErrors(users.form.payload) : undefined);

export async function saveUser(): Promise<void> {
  const form = users.form;
  if (!form || formErrors()) return;
  try {
    const res =
      form.id === null
        ? await call('POST /api/admin/users', { body: form.payload, hideError: true })
        : await call('PUT /api/admin/users/:id', { params: { id: form.id }, body: form.payload, hideError: true });
    notify('success', res._messages[0] || Messages.updated);
    users.form = null;
    await loadUsers();
  } catch (error) {
    // A failed user save shows its messages joined by ', ' as a warning.
    if (error instanceof ApiError) reportNotice(errorMessages(error.body).join(', '), undefined, 'warning');
  }
}

export async function setStatus(user: User, active: boolean): Promise<void> {
  openEdit(user);
  users.form!.payload.status = active ? 1 : 0;
  await saveUser();
  users.form = null;
}

export async function deleteUser(): Promise<void> {
  const user = users.deleting;
  users.deleting = null;
  if (!user) return;
  try {
    const res = await call('DELETE /api/admin/users/:id', { params: { id: user.id } });
    notify('success', res._messages[0] || Messages.userDeleted);
    await loadUsers();
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}
