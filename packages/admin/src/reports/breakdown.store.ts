import { sortBreakdown, type BreakdownDimension, type BreakdownSort } from '@lead/contract';
import type { BreakdownsApi, BreakdownWire, QueryOf } from '@lead/contract/api';
import { proxy, ref } from 'valtio';
import { call, callBlob, isAbort } from '../api/client.js';
import { saveBlob } from '../lib/download.js';
import { onSessionReset } from '../stores/reset.js';

/** Whose figures: one campaign (the detail page) or several together (the campaign list's Report view). */
export type BreakdownOf = { campaign: { id: number; code: string } } | { ids: readonly number[] };

/** The days asked (`YYYY-MM-DD`, both included); either absent: unbounded. */
export interface BreakdownDays {
  from?: string;
  to?: string;
}

const blank = () => ({
  by: 'device' as BreakdownDimension,
  sort: 'impressions' as BreakdownSort,
  order: 'desc' as 'asc' | 'desc',
  /** Whose rows `result` holds (subjectKey): another campaign's, or other campaigns', are never shown. */
  subject: null as string | null,
  result: null as BreakdownWire | null,
  loading: false,
  failed: false,
  exporting: false,
});

/**
 * The Breakdown section (issue #46) of the detail page and of the campaign list's Report view:
 * the figures by one dimension over some days. The server sums, sorts and cuts the rows (the
 * first 100, the rest as one other row); a new order is asked of it unless every row is here.
 */
export const breakdown = proxy(blank());
onSessionReset(() => Object.assign(breakdown, blank()));

export const subjectKey = (of: BreakdownOf): string =>
  'campaign' in of ? `campaign:${of.campaign.id}` : `campaigns:${of.ids.join(',')}`;

const query = (days: BreakdownDays): QueryOf<BreakdownsApi['breakdownExport']> => ({
  by: breakdown.by,
  ...days,
  sort: breakdown.sort,
  order: breakdown.order,
});

let latest = 0;
/** The last load's subject and days: what a new order is asked for. */
let asked: { of: BreakdownOf; days: BreakdownDays } | null = null;

export async function loadBreakdown(of: BreakdownOf, days: BreakdownDays): Promise<void> {
  const ticket = ++latest;
  asked = { of, days };
  const subject = subjectKey(of);
  if (breakdown.subject !== subject) Object.assign(breakdown, { subject, result: null });
  breakdown.loading = true;
  breakdown.failed = false;
  try {
    const res =
      'campaign' in of
        ? await call('GET /api/admin/campaign/:id/breakdown', {
            params: { id: of.campaign.id },
            query: query(days),
            hideLoading: true,
          })
        : await call('GET /api/admin/campaign/breakdown', {
            query: { ids: of.ids.join(','), ...query(days) },
            hideLoading: true,
          });
    if (ticket === latest) breakdown.result = ref(res._data);
  } catch (error) {
    if (ticket === latest && !isAbort(error)) breakdown.failed = true;
  } finally {
    if (ticket === latest) breakdown.loading = false;
  }
}

export function chooseDimension(by: BreakdownDimension): void {
  breakdown.by = by;
  breakdown.result = null;
}

/**
 * Sorts the rows shown (the same order the file is written in): here when every row is here,
 * else the server answers the first rows in the new order.
 */
export function sortBy(sort: BreakdownSort, order: 'asc' | 'desc'): void {
  breakdown.sort = sort;
  breakdown.order = order;
  const r = breakdown.result;
  if (r && !r.other) breakdown.result = ref({ ...r, rows: sortBreakdown([...r.rows], sort, order) });
  else if (r && asked) void loadBreakdown(asked.of, asked.days);
}

/** Downloads every row, in the order shown, as a CSV file (the server writes it). */
export async function exportBreakdown(of: BreakdownOf, days: BreakdownDays): Promise<void> {
  breakdown.exporting = true;
  const range = [days.from, days.to].filter(Boolean).join('_');
  try {
    const blob =
      'campaign' in of
        ? await callBlob('GET /api/admin/campaign/:id/breakdown/export', {
            params: { id: of.campaign.id },
            query: query(days),
          })
        : await callBlob('GET /api/admin/campaign/breakdown/export', {
            query: { ids: of.ids.join(','), ...query(days) },
          });
    const name = 'campaign' in of ? of.campaign.code : 'report';
    saveBlob(blob, `breakdown-${name}-${breakdown.by}${range ? `-${range}` : ''}.csv`);
  } catch {
    // The shell has already told the user what went wrong (api/failures.ts).
  } finally {
    breakdown.exporting = false;
  }
}
