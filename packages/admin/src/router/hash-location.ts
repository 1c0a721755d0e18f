import { useSyncExternalStore } from 'react';

/*
 * Hash routing with the query inside the hash: `#/reset-password/abc?email=a@b.c`. The path
 * (before '?') is what routes match; the query is the search string. wouter takes both hooks.
 */
const hash = (): string => window.location.hash.replace(/^#/, '') || '/';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export const splitHash = (value: string): { path: string; search: string } => {
  const i = value.indexOf('?');
  return i < 0 ? { path: value || '/', search: '' } : { path: value.slice(0, i) || '/', search: value.slice(i + 1) };
};

/**
 * Goes to `to` ('/path?query'); `replace` rewrites the current history entry instead. The change
 * is announced at once (not on the browser's later hashchange), so that a session change and a
 * navigation made together render together: signing out and going to the thank-you page never
 * shows the guard a signed-out visitor on a signed-in page.
 */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (hash() === to) return;
  if (leaveGuard && !leaveGuard(to)) return;
  const oldURL = window.location.href;
  if (replace) history.replaceState(history.state, '', `#${to}`);
  else history.pushState(history.state, '', `#${to}`);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: window.location.href }));
}

let leaveGuard: ((to: string) => boolean) | null = null;

/**
 * A screen with unsaved work asks before the app navigates away: the guard is given where to and
 * returns whether to go now (a screen that asks in a dialog returns false and navigates there
 * itself once the answer is Leave). Returns the function that removes it. (Closing or reloading
 * the tab is `beforeunload`'s.)
 */
export function setLeaveGuard(guard: (to: string) => boolean): () => void {
  leaveGuard = guard;
  return () => {
    if (leaveGuard === guard) leaveGuard = null;
  };
}

export function useHashLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const path = useSyncExternalStore(subscribe, () => splitHash(hash()).path);
  return [path, navigate];
}

export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, () => splitHash(hash()).search);
}

/** The current query as URLSearchParams (a fresh object: read, do not keep). */
export const currentSearch = (): URLSearchParams => new URLSearchParams(splitHash(hash()).search);
