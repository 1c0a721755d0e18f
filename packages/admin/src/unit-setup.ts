import { afterAll, vi } from 'vitest';
import { toasts, ui } from './stores/ui.js';

// jsdom has no CSS.escape, which react-aria's modal reads its meta tags with; browsers all do.
if (typeof window !== 'undefined' && !globalThis.CSS?.escape) {
  (globalThis as { CSS?: unknown }).CSS = {
    ...(globalThis.CSS ?? {}),
    escape: (v: string) => v.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`),
  };
}

/*
 * The unit tests share one jsdom and one module graph per worker (isolate: false in
 * vitest.config.ts): what a test file leaves in the app's module-level state or the page is
 * cleared when it ends, so that the next file starts as if alone. (The toast queue shows four at a
 * time: a file's leftover toasts would hold the next file's newest one back.)
 */
afterAll(async () => {
  toasts.clear();
  ui.loading = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Files of the node environment (`@vitest-environment node`) have no page.
  if (typeof window === 'undefined') return;
  // The session store reads the page's storage when first imported: only where there is a page.
  const { clearSession } = await import('./stores/session.js');
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  if (window.location.hash) window.location.hash = '';
  // react-aria's live announcer is one node per module graph, made once: it stays, emptied, or a
  // later file's announcements would go to a node no longer in the page (and no one hears them).
  const announcer = document.querySelector<HTMLElement>('[data-live-announcer]');
  document.body.innerHTML = '';
  if (announcer) {
    for (const log of announcer.children) log.replaceChildren();
    document.body.prepend(announcer);
  }
});
