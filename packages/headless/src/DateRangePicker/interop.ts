import { CalendarDate } from '@internationalized/date';
import { Temporal } from 'temporal-polyfill';
import type { DayRange } from './presets.js';

/** The one place where our Temporal dates meet react-aria's @internationalized/date. */
export const toCalendarDate = (d: Temporal.PlainDate): CalendarDate => new CalendarDate(d.year, d.month, d.day);

export const toPlainDate = (d: { year: number; month: number; day: number }): Temporal.PlainDate =>
  Temporal.PlainDate.from({ year: d.year, month: d.month, day: d.day });

export const toAriaRange = (r: DayRange | null) =>
  r ? { start: toCalendarDate(r.start), end: toCalendarDate(r.end) } : null;

export const fromAriaRange = (
  r: { start: { year: number; month: number; day: number }; end: { year: number; month: number; day: number } } | null,
): DayRange | null => (r ? { start: toPlainDate(r.start), end: toPlainDate(r.end) } : null);
