/**
 * Duplicates, goals and spend (issue #31): the client's settings, and the pure rules the server
 * stores leads by and the admin shows figures with.
 */
import type { CampaignKpis } from '../campaign.js';

/** Whose earlier leads make a lead a duplicate: the same campaign's, or any campaign's of the client. */
export type DuplicateScope = 'campaign' | 'client';
export const DUPLICATE_SCOPES: readonly DuplicateScope[] = ['campaign', 'client'];
export const DUPLICATE_SCOPE_LABELS: Record<DuplicateScope, string> = {
  campaign: 'Same campaign',
  client: 'Any campaign of the client',
};

/** A client's settings when it has none of its own. */
export const CLIENT_BILLING_DEFAULTS = {
  duplicate_scope: 'campaign' as DuplicateScope,
  duplicate_window_days: 30,
  currency: 'USD',
  deliver_duplicates: false,
};
/** The duplicate window, in whole days. */
export const DUPLICATE_WINDOW_MIN = 1;
export const DUPLICATE_WINDOW_MAX = 365;

/**
 * Whether `code` is an ISO 4217 currency code this runtime can format (Intl). Three capital
 * letters, and one of `Intl.supportedValuesOf('currency')` where the runtime lists them.
 */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return list ? list('currency').includes(code) : true;
}

/**
 * Leads the client pays for: every lead but the duplicates and the leads the client rejected
 * within its verdict window (`credited`, rules/verdicts.ts).
 */
export const billableLeads = (leads: number, duplicates: number, credited = 0): number =>
  Math.max(0, leads - duplicates - credited);

/** The campaign's leads goal (kpis.lead) as a number; null when it has none (missing, blank, not a positive number). */
export function leadGoal(kpis: CampaignKpis | null | undefined): number | null {
  const raw = kpis?.lead;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Spend: billable leads × price per lead, rounded to the cent. */
export const spendOf = (billable: number, price: number): number => Math.round(billable * price * 100) / 100;
