import type { HistoryPage } from '@lead/contract';
import { proxy } from 'valtio';
import { isAbort, call } from '../../api/client.js';
import { onSessionReset } from '../../stores/reset.js';

const blank = () => ({ page: 1, data: null as HistoryPage | null, loading: false });

/** System history: one page of the timeline at a time. */
export const history = proxy(blank());
onSessionReset(() => Object.assign(history, blank()));

export async function loadHistory(page: number): Promise<void> {
  history.loading = true;
  try {
    const res = await call('GET /api/admin/history', { query: { page } });
    history.page = page;
    history.data = res._data;
  } catch (error) {
    if (!isAbort(error)) history.data = null;
  } finally {
    history.loading = false;
  }
}
