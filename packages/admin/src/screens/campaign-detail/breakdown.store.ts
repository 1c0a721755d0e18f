import { sortBreakdown, type BreakdownDimension, type BreakdownSort } from '@lead/contract';
import type { BreakdownsApi, BreakdownWire, QueryOf } from '@lead/contract/api';
import { proxy, ref } from 'valtio';
import { isAbort, call, callBlob } from '../../api/client.js';
import { saveBlob } from '../../lib/download.js';
import { onSessionReset } from '../../stores/reset.js';

const blank = () => ({
  by: 'device' as BreakdownDimension,
  sort: 'impressions' as BreakdownSort,
  order: 'desc' as 'asc' | 'desc',
  /** The campaign the rows are of: another campaign's are never shown. */
  campaignId: null as number | null,
  result: null as BreakdownWire | null,
  loading: false,
  failed: false,
  exporting: false,
});

/**
 * The detail page's Breakdown (issue #46): the campaign's figures by one dimension over the daily
 * chart's days. The server sums the rows; sorting them again is the contract's rule, here.
 */
export const breakdown = proxy(blank());
onSessionReset(() => Object.assign(breakdown, blank()));

let latest = 0;
const query = (start: string, end: string): QueryOf<BreakdownsApi['breakdown']> => ({
  by: breakdown.by,
  from: start,
  to: end,
  sort: breakdown.sort,
  order: breakdown.order,
});

export async function loadBreakdown(campaignId: number, start: string, end: string): Promise<void> {
  const ticket = ++latest;
  if (breakdown.campaignId !== campaignId) Object.assign(breakdown, { campaignId, result: null });
  breakdown.loading = true;
  breakdown.failed = false;
  try {
    const res = await call('GET /api/admin/campaign/:id/breakdown', {
      params: { id: campaignId },
      query: query(start, end),
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

/** Sorts the rows shown (the same order the file is written in). */
export function sortBy(sort: BreakdownSort, order: 'asc' | 'desc'): void {
  breakdown.sort = sort;
  breakdown.order = order;
  const r = breakdown.result;
  if (r) breakdown.result = ref({ ...r, rows: sortBreakdown([...r.rows], sort, order) });
}

/** Downloads the rows shown as a CSV file (the server writes it). */
export async function exportBreakdown(campaignId: number, code: string, start: string, end: string): Promise<void> {
  breakdown.exporting = true;
  try {
    const blob = await callBlob('GET /api/admin/campaign/:id/breakdown/export', {
      params: { id: campaignId },
      query: query(start, end),
    });
    saveBlob(blob, `breakdown-${code}-${breakdown.by}-${start}_${end}.csv`);
  } catch {
    // The shell has already told the user what went wrong (api/failures.ts).
  } finally {
    breakdown.exporting = false;
  }
}
