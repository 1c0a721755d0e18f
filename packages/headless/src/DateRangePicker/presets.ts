import { Temporal } from 'temporal-polyfill';

/** A range of whole days, start and end included; the end is never before the start. */
export interface DayRange {
  start: Temporal.PlainDate;
  end: Temporal.PlainDate;
}

export type PresetKey = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'last14Days' | 'thisMonth' | 'last30Days';

export interface Preset {
  key: PresetKey;
  label: string;
  range: (today: Temporal.PlainDate) => DayRange;
}

/** Monday of the week `day` is in: weeks start on Monday (ISO 8601). */
export const startOfWeek = (day: Temporal.PlainDate): Temporal.PlainDate => day.subtract({ days: day.dayOfWeek - 1 });

/**
 * The presets of the date-range filter, in the order they are offered, each a pure
 * function of "today" so that they can be tested at any week, month or year boundary.
 * Week and month presets cover the whole week (Monday to Sunday) and the whole month.
 */
export const PRESETS: readonly Preset[] = [
  { key: 'today', label: 'Today', range: (t) => ({ start: t, end: t }) },
  {
    key: 'yesterday',
    label: 'Yesterday',
    range: (t) => ({ start: t.subtract({ days: 1 }), end: t.subtract({ days: 1 }) }),
  },
  {
    key: 'thisWeek',
    label: 'This week',
    range: (t) => ({ start: startOfWeek(t), end: startOfWeek(t).add({ days: 6 }) }),
  },
  {
    key: 'lastWeek',
    label: 'Last week',
    range: (t) => ({ start: startOfWeek(t).subtract({ weeks: 1 }), end: startOfWeek(t).subtract({ days: 1 }) }),
  },
  { key: 'last14Days', label: 'Last 14 days', range: (t) => ({ start: t.subtract({ days: 13 }), end: t }) },
  {
    key: 'thisMonth',
    label: 'This month',
    range: (t) => ({ start: t.with({ day: 1 }), end: t.with({ day: t.daysInMonth }) }),
  },
  { key: 'last30Days', label: 'Last 30 days', range: (t) => ({ start: t.subtract({ days: 29 }), end: t }) },
];

/** Today in `timeZone`, from `now` (both injectable, for tests and for a server-given clock). */
export const todayIn = (timeZone: string, now: Temporal.Instant = Temporal.Now.instant()): Temporal.PlainDate =>
  now.toZonedDateTimeISO(timeZone).toPlainDate();

/** The preset whose range equals `range` for `today`, if any (to show it as selected). */
export function matchPreset(range: DayRange | null, today: Temporal.PlainDate): PresetKey | null {
  if (!range) return null;
  const hit = PRESETS.find((p) => {
    const r = p.range(today);
    return r.start.equals(range.start) && r.end.equals(range.end);
  });
  return hit?.key ?? null;
}

const DMY = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

/** Parses a typed DD/MM/YYYY date; null when it is not a real day. */
export function parseDayMonthYear(text: string): Temporal.PlainDate | null {
  const m = DMY.exec(text);
  if (!m) return null;
  try {
    return Temporal.PlainDate.from(
      { day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) },
      { overflow: 'reject' },
    );
  } catch {
    return null;
  }
}

export const formatDayMonthYear = (d: Temporal.PlainDate): string =>
  `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${String(d.year).padStart(4, '0')}`;

/** Orders a range so that the end is never before the start. */
export const ordered = (a: Temporal.PlainDate, b: Temporal.PlainDate): DayRange =>
  Temporal.PlainDate.compare(a, b) <= 0 ? { start: a, end: b } : { start: b, end: a };
