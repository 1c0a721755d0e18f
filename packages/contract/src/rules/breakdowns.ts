/**
 * Breakdowns (issue #46, docs/api/campaigns.md "Breakdown"): a campaign's figures by device, page,
 * source, referrer and variant over a range of days, read from rollups the server writes as events
 * and leads arrive (docs/decisions/0008-breakdown-rollups.md). These are the rules both sides use:
 * what each dimension's value is, and the figures each row shows.
 */
import { conversionRate } from './lifecycle.js';
import { billableLeads } from './billing.js';
import type { VisitSource } from '../runtime/source.js';

export type BreakdownDimension = 'device' | 'page' | 'source' | 'referrer' | 'variant';
export const BREAKDOWN_DIMENSIONS: readonly BreakdownDimension[] = ['device', 'page', 'source', 'referrer', 'variant'];
export const BREAKDOWN_DIMENSION_LABELS: Record<BreakdownDimension, string> = {
  device: 'Device',
  page: 'Article',
  source: 'Source',
  referrer: 'Referrer',
  variant: 'Variant',
};

/** What "other" rows fold, per dimension: "Other articles (19,900)". */
export const BREAKDOWN_OTHER_LABELS: Record<BreakdownDimension, string> = {
  device: 'Other devices',
  page: 'Other articles',
  source: 'Other sources',
  referrer: 'Other referrers',
  variant: 'Other variants',
};

/**
 * How many rows a breakdown answers unless asked (`limit`), and the most it answers; the rest
 * fold into one "other" row. The CSV file holds every row.
 */
export const BREAKDOWN_ROWS = 100;
export const MAX_BREAKDOWN_ROWS = 1000;

/** The dimensions kept in the rollup table, by the number stored (variant is the campaign itself). */
export const ROLLUP_DIMENSION_CODES = { device: 1, page: 2, source: 3, referrer: 4 } as const;

/** What a row may be sorted by: its value (label) or one of its figures. */
export const BREAKDOWN_SORTS = [
  'value',
  'impressions',
  'leads',
  'billable_leads',
  'conversion_rate',
  'accepted',
  'accepted_rate',
] as const;
export type BreakdownSort = (typeof BREAKDOWN_SORTS)[number];

/** The longest page path kept (the embed cuts, the server refuses longer). */
export const MAX_PAGE_PATH = 300;

/** A page view's device as the embed decides it (the same width rule as targeting). */
export type BreakdownDevice = 'mobile' | 'desktop';

/**
 * The article a page view was on: the address's path, without query or fragment, at most
 * MAX_PAGE_PATH characters, `/` for an empty one. Case is kept (paths are case-sensitive).
 */
export function pagePath(path: string): string {
  let p = path;
  for (const mark of ['?', '#']) {
    const at = p.indexOf(mark);
    if (at >= 0) p = p.slice(0, at);
  }
  p = p.trim();
  if (!p.startsWith('/')) p = `/${p}`;
  return p.slice(0, MAX_PAGE_PATH);
}

/** Click ids name the network that added them when a visit has no utm_source. */
const CLICK_ID_SOURCES = [
  ['gclid', 'google'],
  ['fbclid', 'facebook'],
  ['ttclid', 'tiktok'],
] as const;

/**
 * A visit's source as a breakdown row: its utm_source (trimmed, lower case), else the network of
 * its click id, else empty (direct or unknown: the referrer breakdown tells those apart).
 */
export function sourceLabel(source: VisitSource): string {
  const utm = source.utm_source?.trim().toLowerCase();
  if (utm) return utm;
  for (const [key, name] of CLICK_ID_SOURCES) if (source[key]) return name;
  return '';
}

/** A row's counted figures, as the rollup sums them. */
export interface BreakdownCounts {
  impressions: number;
  leads: number;
  duplicates: number;
  credited: number;
  accepted: number;
}

/** A row's figures as shown: billable leads, conversion (leads per impression, %) and accepted rate (accepted per lead, %). */
export interface BreakdownFigures extends BreakdownCounts {
  billable_leads: number;
  conversion_rate: number;
  accepted_rate: number;
}

/** The share `part / whole` in per cent, 2 decimals, 0 when `whole` is 0. */
const percent = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

/** The accepted-lead rate: of the leads, the share the client accepted, in per cent (2 decimals). */
export const acceptedRate = (accepted: number, leads: number): number => percent(accepted, leads);

export function breakdownFigures(c: BreakdownCounts): BreakdownFigures {
  return {
    ...c,
    billable_leads: billableLeads(c.leads, c.duplicates, c.credited),
    conversion_rate: conversionRate(c.leads, c.impressions),
    accepted_rate: acceptedRate(c.accepted, c.leads),
  };
}

/** Strings by code point (as PostgreSQL's "C" collation orders UTF-8), not by UTF-16 unit. */
function codePointOrder(a: string, b: string): number {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * Sorts rows by `sort` (`order` asc or desc); ties by value, ascending (by code point), so the
 * order is stable whatever the database returned. The server sorts the same way in SQL
 * (repositories/breakdowns.ts), before it cuts the rows.
 */
export function sortBreakdown<R extends BreakdownFigures & { value: string }>(
  rows: R[],
  sort: BreakdownSort,
  order: 'asc' | 'desc',
): R[] {
  const sign = order === 'asc' ? 1 : -1;
  const byValue = (a: R, b: R) => codePointOrder(a.value, b.value);
  return [...rows].sort((a, b) => {
    const d = sort === 'value' ? byValue(a, b) : a[sort] - b[sort];
    return d !== 0 ? sign * d : byValue(a, b);
  });
}

/**
 * What a row shows for its value: a variant's name (its id when it has none), `(direct)` for a
 * visit without a referrer, `(unknown)` for any other empty value, else the value.
 */
export function breakdownLabel(
  by: BreakdownDimension,
  value: string,
  variantNames?: ReadonlyMap<string, string>,
): string {
  if (by === 'variant') return variantNames?.get(value) ?? `#${value}`;
  if (value) return value;
  return by === 'referrer' ? '(direct)' : '(unknown)';
}

/** The CSV export's columns: the dimension's label, then the figures (rates in per cent). */
export const breakdownCsvHeader = (by: BreakdownDimension): string[] => [
  BREAKDOWN_DIMENSION_LABELS[by],
  'Impressions',
  'Leads',
  'Billable leads',
  'Conversion (%)',
  'Accepted',
  'Accepted rate (%)',
];

export const breakdownCsvRow = (r: BreakdownFigures & { label: string }): string[] => [
  r.label,
  String(r.impressions),
  String(r.leads),
  String(r.billable_leads),
  r.conversion_rate.toFixed(2),
  String(r.accepted),
  r.accepted_rate.toFixed(2),
];
