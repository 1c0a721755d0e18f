/**
 * Money as the product shows it (issue #31): spend in the client's currency (ISO 4217), formatted
 * with Intl.NumberFormat; goal progress as '312 of 500'.
 */
import { formatCount } from './format.js';

const formats = new Map<string, Intl.NumberFormat>();

/** 1234.5 in 'USD' -> '$1,234.50'; in 'VND' -> '₫1,235'. An unknown code falls back to '1,234.50 XXX'. */
export function formatMoney(amount: number, currency: string): string {
  let f = formats.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      return `${amount.toFixed(2)} ${currency}`;
    }
    formats.set(currency, f);
  }
  return f.format(amount);
}

/** Billable leads against the leads goal: '312 of 500'; without a goal, the count alone. */
export function formatGoalProgress(billable: number, goal: number | null): string {
  return goal === null ? formatCount(billable) : `${formatCount(billable)} of ${formatCount(goal)}`;
}

let options: Array<{ id: string; label: string }> | null = null;
/** Every currency the browser knows, 'USD – US Dollar', for the client form. */
export function currencyOptions(): Array<{ id: string; label: string }> {
  if (options) return options;
  const codes = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency') ?? [
    'USD',
    'EUR',
    'VND',
    'THB',
    'IDR',
    'PHP',
    'MYR',
  ];
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  options = codes.map((id) => ({ id, label: `${id} – ${names.of(id) ?? id}` }));
  return options;
}
