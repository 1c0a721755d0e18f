import { Temporal } from 'temporal-polyfill';
import { fromWire } from './time.js';

/** A range of days as instants: from the start of `from` to the start of the day after `to` (exclusive). */
export interface DayRange {
  from?: Date;
  to?: Date;
}

export const DayRangeErrors = {
  from: 'The from date is not a real day (YYYY-MM-DD).',
  to: 'The to date is not a real day (YYYY-MM-DD).',
  order: 'The from date must not be after the to date.',
} as const;

/**
 * The days `from`…`to` (`YYYY-MM-DD`, both included, either may be absent or empty) of
 * `timeZone`, the server's: the days its figures count under. A day that does not exist
 * (`2026-02-30`) or a `from` after `to` is an error, by field.
 */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { range: DayRange } | { field: 'from' | 'to'; message: string } {
  const range: DayRange = {};
  if (from) {
    const at = fromWire(from, timeZone);
    if (!at || from.length !== 10) return { field: 'from', message: DayRangeErrors.from };
    range.from = at;
  }
  if (to) {
    const at = to.length === 10 ? fromWire(to, timeZone) : null;
    if (!at) return { field: 'to', message: DayRangeErrors.to };
    range.to = fromWire(Temporal.PlainDate.from(to).add({ days: 1 }).toString(), timeZone)!;
  }
  if (from && to && from > to) return { field: 'from', message: DayRangeErrors.order };
  return { range };
}
