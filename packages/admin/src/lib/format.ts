/*
 * Numbers and dates as the product shows them, in one module: K/M/B/T from one million, thousands
 * separators below; conversion rate with 2 decimals; dates as 'DD MMM, YYYY HH:mm' (a whole day,
 * which has no time, as the same 'DD MMM, YYYY'); counts with their noun in the singular or plural.
 * Wire dates are 'YYYY-MM-DD HH:mm:ss' in the server's time zone, shown as they are (no conversion).
 */
const UNITS: Array<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 999999 -> '999,999'; 1000000 -> '1M'; 1250000 -> '1.25M'; 3400000000 -> '3.4B'. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const abs = Math.abs(n);
  if (abs < 1e6) return grouped.format(n);
  // From one million, the largest unit that keeps the number at 1 or more.
  const [size, unit] = UNITS.find(([s]) => abs >= s)!;
  const value = Math.floor((n / size) * 100) / 100;
  return `${grouped.format(value)}${unit}`;
}

/** leads / impressions × 100 with 2 decimals; '0.00%' with no impressions. */
export function formatConversionRate(leads: number, impressions: number): string {
  if (!impressions) return '0.00%';
  return `${((leads / impressions) * 100).toFixed(2)}%`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

export interface WireDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WIRE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/**
 * A wire date-time ('YYYY-MM-DD HH:mm:ss', or a day alone) as its fields; null when empty or not
 * a real date. A fixed format read by one regular expression: the list's rows need no calendar
 * library (temporal-polyfill loads with the screens that do date arithmetic).
 */
export function parseWire(value: string | null | undefined): WireDateTime | null {
  const m = value ? WIRE.exec(value.trim()) : null;
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1)
    .map((x) => (x === undefined ? undefined : Number(x))) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!) || hour > 23 || minute > 59 || second > 59)
    return null;
  return { year: year!, month: month!, day: day!, hour, minute, second };
}

/** A wire date-time as ISO 8601 ('2026-02-28T23:59:59'), for `<time dateTime>`; null when not a date. */
export function wireToIso(value: string | null | undefined): string | null {
  const d = parseWire(value);
  return d ? `${d.year}-${pad(d.month)}-${pad(d.day)}T${pad(d.hour)}:${pad(d.minute)}:${pad(d.second)}` : null;
}

/** 'YYYY-MM-DD' when the value is a real day (a date-time gives its day); null otherwise. */
export function isoDay(value: string | null | undefined): string | null {
  const d = parseWire(value);
  return d ? `${d.year}-${pad(d.month)}-${pad(d.day)}` : null;
}

/** 'DD MMM, YYYY HH:mm': '2026-11-21 09:05:00' -> '21 Nov, 2026 09:05'. Empty for no date. */
export function formatDateTime(value: string | null | undefined): string {
  const d = parseWire(value);
  if (!d) return '';
  return `${pad(d.day)} ${MONTHS[d.month - 1]}, ${d.year} ${pad(d.hour)}:${pad(d.minute)}`;
}

/** The tables' compact date, 'DD MMM YYYY': '2026-11-21 09:05:00' -> '21 Nov 2026' (formatDateTime on hover). */
export function formatShortDate(value: string | null | undefined): string {
  const d = parseWire(value);
  return d ? `${pad(d.day)} ${MONTHS[d.month - 1]} ${d.year}` : '';
}

/** 'MMM D, YYYY': '2026-11-01 00:00:00' -> 'Nov 1, 2026'. */
export function formatDate(value: string | null | undefined): string {
  const d = parseWire(value);
  return d ? `${MONTHS[d.month - 1]} ${d.day}, ${d.year}` : '';
}

/**
 * A whole day in the display format without its time: 2026-11-01 -> '01 Nov, 2026', the date of
 * formatDateTime's '01 Nov, 2026 09:05' (date filters' fields stay DD/MM/YYYY).
 */
export const formatDay = (d: { year: number; month: number; day: number }): string =>
  `${pad(d.day)} ${MONTHS[d.month - 1]}, ${d.year}`;

/** A range of whole days: '01 Nov, 2026 – 30 Nov, 2026', or the one day when both ends are the same. */
export function formatDayRange(
  start: { year: number; month: number; day: number },
  end: { year: number; month: number; day: number },
): string {
  const [a, b] = [formatDay(start), formatDay(end)];
  return a === b ? a : `${a} – ${b}`;
}

/**
 * A count with its noun: plural(1, 'lead') -> '1 lead', plural(1234, 'lead') -> '1,234 leads',
 * plural(2, 'person', 'people') -> '2 people'. The number as formatCount writes it.
 */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : nouns}`;
}

/** A day as sent to the server: start of day or end of day, 'YYYY-MM-DD HH:mm:ss'. */
export const wireDay = (day: string | { toString(): string }, edge: 'start' | 'end'): string =>
  `${String(day)} ${edge === 'start' ? '00:00:00' : '23:59:59'}`;

/** 'campaign-leader' -> 'Campaign Leader' (the role in title case). */
export const titleCase = (s: string): string => s.replace(/[-_]+/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase());
