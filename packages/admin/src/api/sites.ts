import type { Site } from '@lead/contract';
import { isAbort, type CallOptions, call } from './client.js';

/**
 * The site list (with each site's clients). A failure to load it is only logged, never a toast:
 * the screen goes on without it. Null when it could not be loaded (or the page changed).
 */
export async function fetchSites(options: Pick<CallOptions, 'hideLoading'> = {}): Promise<Site[] | null> {
  try {
    return (await call('GET /api/admin/sites', { ...options, hideError: true }))._data.models;
  } catch (error) {
    if (!isAbort(error)) console.warn('sites could not be loaded', error);
    return null;
  }
}
