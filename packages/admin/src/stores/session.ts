import { SYSTEM_ROLE, isAdminRole, type User } from '@lead/contract';
import { proxy } from 'valtio';
import { resetAppState } from './reset.js';

const TOKEN_KEY = 'lead.access_token';
const USER_KEY = 'lead.user';

function readUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

/** The signed-in user and their token, kept in local storage and loaded at start. */
export const session = proxy({
  token: localStorage.getItem(TOKEN_KEY),
  user: readUser(),
});

export function signIn(token: string, user: User): void {
  resetAppState();
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  session.token = token;
  session.user = user;
}

/** Keeps the stored user in step after the account changes (name, avatar). */
export function updateUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  session.user = user;
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  session.token = null;
  session.user = null;
  resetAppState();
}

/** Admins (system, campaign-leader) manage users and clients. */
export const isAdmin = (user: { readonly roles: ReadonlyArray<{ readonly name: string }> } | null): boolean =>
  Boolean(user?.roles.some((r) => isAdminRole(r.name)));

/** The signed-in user as the site rule sees them (holdsAllSites). */
export const viewerOf = (user: Pick<User, 'roles' | 'sites'> | null): { isSystem: boolean; siteIds: number[] } => ({
  isSystem: Boolean(user?.roles.some((r) => r.name === SYSTEM_ROLE)),
  siteIds: user?.sites.map((s) => s.id) ?? [],
});

/** 'Lan Anh Tran' -> 'LT'; an email when there is no name. */
export function initials(user: Pick<User, 'first_name' | 'last_name' | 'email'> | null): string {
  if (!user) return '';
  const letters = [user.first_name, user.last_name].map((s) => s.trim()[0] ?? '').join('');
  return (letters || user.email[0] || '?').toUpperCase();
}

export const fullName = (user: Pick<User, 'first_name' | 'last_name'>): string =>
  `${user.first_name} ${user.last_name}`.trim();
