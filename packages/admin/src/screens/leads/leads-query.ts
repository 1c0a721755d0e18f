import { LEAD_DELIVERY_STATES, type LeadDeliveryState, type LeadFilters } from '@lead/contract/api';

/*
 * The Leads page's filters live in the hash query (#/leads?client=7&from=2026-11-20&to=2026-11-20),
 * so a view can be shared or reloaded. This module turns that query into filters, the filters
 * back into a query, and the filters into the API's parameters; all pure.
 */
export interface LeadsView {
  clientIds: number[];
  siteIds: number[];
  campaignIds: number[];
  /** Days `YYYY-MM-DD` of the server's time zone, both included. */
  from: string | null;
  to: string | null;
  delivery: LeadDeliveryState[];
  /** Only duplicates (true), none (false), or both (null). */
  duplicate: boolean | null;
  /** The page: older than `before`, or newer than `after` (cursors the server handed out); the newest without either. */
  before: string | null;
  after: string | null;
}

/** A view as a snapshot holds it (arrays read-only). */
export type ViewOf = {
  readonly [K in keyof LeadsView]: LeadsView[K] extends Array<infer U> ? readonly U[] : LeadsView[K];
};

export const EMPTY_VIEW: LeadsView = {
  clientIds: [],
  siteIds: [],
  campaignIds: [],
  from: null,
  to: null,
  delivery: [],
  duplicate: null,
  before: null,
  after: null,
};

export const DELIVERY_LABELS: Record<LeadDeliveryState, string> = {
  none: 'No destination',
  pending: 'Waiting',
  delivered: 'Delivered',
  retrying: 'Retrying',
  failed: 'Failed',
};

const ids = (v: string | null): number[] =>
  [...new Set((v ?? '').split(',').map((x) => Number(x.trim())))].filter(
    (n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647,
  );
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string | null): string | null => (v && DAY.test(v) ? v : null);
const cursor = (v: string | null): string | null => (v && /^[A-Za-z0-9_-]{1,100}$/.test(v) ? v : null);

export function parseLeadsQuery(search: string): LeadsView {
  const q = new URLSearchParams(search);
  let from = day(q.get('from'));
  let to = day(q.get('to'));
  // A range typed backwards in the address is read in order.
  if (from && to && from > to) [from, to] = [to, from];
  const dup = q.get('dup');
  const before = cursor(q.get('before'));
  return {
    clientIds: ids(q.get('client')),
    siteIds: ids(q.get('site')),
    campaignIds: ids(q.get('campaign')),
    from,
    to,
    delivery: LEAD_DELIVERY_STATES.filter((s) => (q.get('delivery') ?? '').split(',').includes(s)),
    duplicate: dup === '1' ? true : dup === '0' ? false : null,
    before,
    after: before ? null : cursor(q.get('after')),
  };
}

/** The hash query of a view: only what is set. */
export function serializeLeadsQuery(v: ViewOf): string {
  const q = new URLSearchParams();
  const put = (key: string, value: string | null) => {
    if (value) q.set(key, value);
  };
  put('client', v.clientIds.join(','));
  put('site', v.siteIds.join(','));
  put('campaign', v.campaignIds.join(','));
  put('from', v.from);
  put('to', v.to);
  put('delivery', v.delivery.join(','));
  put('dup', v.duplicate === null ? null : v.duplicate ? '1' : '0');
  put('before', v.before);
  put('after', v.after);
  return q.toString();
}

/** The filters as GET /leads, /leads/count and /leads/export take them (no cursor); unset ones left out. */
export function toApiFilters(v: ViewOf): LeadFilters & Record<string, string> {
  const out: Record<string, string> = {};
  if (v.clientIds.length) out.client_ids = v.clientIds.join(',');
  if (v.siteIds.length) out.site_ids = v.siteIds.join(',');
  if (v.campaignIds.length) out.campaign_ids = v.campaignIds.join(',');
  if (v.from) out.from = v.from;
  if (v.to) out.to = v.to;
  if (v.delivery.length) out.delivery = v.delivery.join(',');
  if (v.duplicate !== null) out.duplicate = v.duplicate ? '1' : '0';
  return out as LeadFilters & Record<string, string>;
}

export const hasFilters = (v: ViewOf): boolean => Object.keys(toApiFilters(v)).length > 0;

/** An active filter as a removable chip: what it says, and the change that removes it. */
export interface Chip {
  key: string;
  label: string;
  remove: Partial<LeadsView>;
}

/** The active filters as chips, each named ('Client: Acme', 'Yesterday'...), a name unknown yet by its id. */
export function activeChips(
  v: ViewOf,
  names: {
    client(id: number): string | undefined;
    site(id: number): string | undefined;
    campaign(id: number): string | undefined;
  },
): Chip[] {
  const chips: Chip[] = [];
  for (const id of v.clientIds)
    chips.push({
      key: `client-${id}`,
      label: `Client: ${names.client(id) ?? `#${id}`}`,
      remove: { clientIds: v.clientIds.filter((x) => x !== id) },
    });
  for (const id of v.siteIds)
    chips.push({
      key: `site-${id}`,
      label: `Site: ${names.site(id) ?? `#${id}`}`,
      remove: { siteIds: v.siteIds.filter((x) => x !== id) },
    });
  for (const id of v.campaignIds) {
    chips.push({
      key: `campaign-${id}`,
      label: `Campaign: ${names.campaign(id) ?? `#${id}`}`,
      remove: { campaignIds: v.campaignIds.filter((x) => x !== id) },
    });
  }
  if (v.from || v.to) {
    const label = v.from === v.to ? `Date: ${v.from}` : `Date: ${v.from ?? 'start'} to ${v.to ?? 'today'}`;
    chips.push({ key: 'date', label, remove: { from: null, to: null } });
  }
  for (const s of v.delivery)
    chips.push({
      key: `delivery-${s}`,
      label: `Delivery: ${DELIVERY_LABELS[s]}`,
      remove: { delivery: v.delivery.filter((x) => x !== s) },
    });
  if (v.duplicate !== null)
    chips.push({
      key: 'duplicate',
      label: v.duplicate ? 'Duplicates only' : 'No duplicates',
      remove: { duplicate: null },
    });
  return chips;
}
