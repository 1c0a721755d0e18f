import { Messages, siteCapErrors, type Site } from '@lead/contract';
import { proxy } from 'valtio';
import { ApiError, isAbort, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { reportNotice } from '../../api/failures.js';
import { fetchSites } from '../../api/sites.js';
import { onSessionReset } from '../../stores/reset.js';
import { notify } from '../../stores/ui.js';

const blank = () => ({
  sites: [] as Site[],
  /** The site whose cap is shown (the first of the caller's sites until another is chosen). */
  siteId: null as number | null,
  /** The two limits as typed. */
  visit: '',
  day: '',
  /** The shown site's cap has come. */
  loaded: false,
  saving: false,
});

/**
 * Account settings, Pop-up cap (admins only): a site's cap on pop-ups per visitor across its
 * campaigns, per visit and per day (docs/runtime-audience.md, "Audience"), read and saved through
 * `GET`/`PUT /sites/{id}/cap`.
 */
export const siteCap = proxy(blank());
onSessionReset(() => Object.assign(siteCap, blank()));

/** A limit as typed: empty is 0 (no cap); anything but digits is NaN, which the rule refuses. */
export const limitOf = (text: string): number => {
  const v = text.trim();
  return v === '' ? 0 : /^\d+$/.test(v) ? Number(v) : Number.NaN;
};

export const capErrors = () => siteCapErrors({ visit: limitOf(siteCap.visit), day: limitOf(siteCap.day) });

/** The caller's sites, then the cap of the one shown. */
export async function loadCapSites(): Promise<void> {
  // A site-list failure is only logged (api/sites.ts).
  const sites = await fetchSites();
  if (!sites) return;
  siteCap.sites = sites;
  const shown = sites.find((s) => s.id === siteCap.siteId) ?? sites[0];
  if (shown) await chooseCapSite(shown.id);
}

/** Shows `id`'s cap (what was typed for another site is dropped). */
export async function chooseCapSite(id: number): Promise<void> {
  Object.assign(siteCap, { siteId: id, loaded: false, visit: '', day: '' });
  try {
    const res = await call('GET /api/admin/sites/:id/cap', { params: { id } });
    // (Another site may have been chosen meanwhile.)
    if (siteCap.siteId !== id) return;
    Object.assign(siteCap, { visit: String(res._data.cap.visit), day: String(res._data.cap.day), loaded: true });
  } catch (error) {
    if (!isAbort(error) && siteCap.siteId === id) siteCap.loaded = false;
  }
}

export function setLimit(key: 'visit' | 'day', text: string): void {
  siteCap[key] = text;
}

/** Saves the shown site's cap; the server's words in a success toast, or its messages in an error notice. */
export async function saveCap(): Promise<void> {
  const id = siteCap.siteId;
  if (id === null || capErrors() || siteCap.saving) return;
  siteCap.saving = true;
  try {
    const res = await call('PUT /api/admin/sites/:id/cap', {
      params: { id },
      body: { visit: limitOf(siteCap.visit), day: limitOf(siteCap.day) },
      hideError: true,
    });
    notify('success', res._messages[0] || Messages.saved);
    if (siteCap.siteId === id)
      Object.assign(siteCap, { visit: String(res._data.cap.visit), day: String(res._data.cap.day) });
  } catch (error) {
    if (error instanceof ApiError) reportNotice(errorMessages(error.body).join(' '));
  } finally {
    siteCap.saving = false;
  }
}
