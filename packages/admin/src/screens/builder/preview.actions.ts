import { call } from '../../api/client.js';
import { builder } from './state.js';

/**
 * "Preview on a page": opens the saved campaign (the builder's, or `id`: the Finish screen's and the detail page's) on a partner page at once (the demo partner pages
 * in the demo), through a signed link valid 10 minutes that counts nothing. The tab is opened
 * before the request, while the click still allows it, and sent to the page when the link comes.
 */
export async function previewOnPage(id: number | null = builder.id): Promise<void> {
  if (!id) return;
  const tab = window.open('about:blank', '_blank');
  try {
    const { _data } = await call('POST /api/admin/campaign/:id/preview', { params: { id } });
    if (tab) {
      tab.opener = null;
      tab.location.href = _data.url;
    } else window.location.assign(_data.url);
  } catch {
    // The shell has shown what went wrong (api/failures.ts).
    tab?.close();
  }
}
