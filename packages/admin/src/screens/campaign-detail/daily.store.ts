import { proxy, ref } from 'valtio';
import { isAbort, call } from '../../api/client.js';
import { onSessionReset } from '../../stores/reset.js';
import type { DayFigures } from './daily.js';

const blank = () => ({
  /** The chosen days (ISO dates); null until the screen sets its default (Last 30 days). */
  start: null as string | null,
  end: null as string | null,
  figures: ref([] as DayFigures[]),
  loading: false,
  failed: false,
  /** "Show as table": the same figures in a table instead of the chart. */
  asTable: false,
});

/** The detail page's daily chart (issue #12): a campaign's figures per day over a range. */
export const daily = proxy(blank());
onSessionReset(() => Object.assign(daily, blank()));

let latest = 0;

export async function loadDaily(campaignId: number, start: string, end: string): Promise<void> {
  const ticket = ++latest;
  daily.start = start;
  daily.end = end;
  daily.loading = true;
  daily.failed = false;
  try {
    const res = await call('GET /api/admin/campaign/:id/figures', {
      params: { id: campaignId },
      query: { from: start, to: end },
      hideLoading: true,
    });
    if (ticket === latest) daily.figures = ref(res._data.models);
  } catch (error) {
    if (ticket === latest && !isAbort(error)) daily.failed = true;
  } finally {
    if (ticket === latest) daily.loading = false;
  }
}

export const showAsTable = (on: boolean): void => {
  daily.asTable = on;
};
