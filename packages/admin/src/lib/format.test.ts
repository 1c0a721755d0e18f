import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  formatConversionRate,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  plural,
  formatShortDate,
  isoDay,
  parseWire,
  titleCase,
  wireDay,
  wireToIso,
} from './format.js';

describe('formatCount', () => {
  it('uses thousands separators below one million', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(999_999)).toBe('999,999');
  });
  it('abbreviates with M, B and T from one million, truncating to 2 decimals', () => {
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(1_250_000)).toBe('1.25M');
    expect(formatCount(1_999_999)).toBe('1.99M');
    expect(formatCount(3_400_000_000)).toBe('3.4B');
    expect(formatCount(7e12)).toBe('7T');
  });
});

describe('formatConversionRate', () => {
  it('is leads / impressions × 100 with 2 decimals, and 0.00% with no impressions', () => {
    expect(formatConversionRate(5, 200)).toBe('2.50%');
    expect(formatConversionRate(1, 3)).toBe('33.33%');
    expect(formatConversionRate(0, 0)).toBe('0.00%');
    expect(formatConversionRate(10, 0)).toBe('0.00%');
  });
});

describe('dates', () => {
  it("shows wire date-times as 'DD MMM, YYYY HH:mm'", () => {
    expect(formatDateTime('2026-11-21 09:05:33')).toBe('21 Nov, 2026 09:05');
    expect(formatDateTime('2026-01-01 00:00:00')).toBe('01 Jan, 2026 00:00');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
    expect(formatDate('2026-11-01 00:00:00')).toBe('Nov 1, 2026');
    // The tables' compact date; the full one shows on hover.
    expect(formatShortDate('2026-11-21 09:05:33')).toBe('21 Nov 2026');
    expect(formatShortDate('garbage')).toBe('');
    // 'MMM DD, Y': the days of the campaign's daily figures.
    expect(formatDay({ year: 2026, month: 11, day: 1 })).toBe('01 Nov, 2026');
    expect(formatDay({ year: 2027, month: 1, day: 31 })).toBe('31 Jan, 2027');
  });
  it('sends days as the start or end of the day', () => {
    const d = Temporal.PlainDate.from('2026-02-28');
    expect(wireDay(d, 'start')).toBe('2026-02-28 00:00:00');
    expect(wireDay(d, 'end')).toBe('2026-02-28 23:59:59');
    expect(wireDay('2026-02-28', 'end')).toBe('2026-02-28 23:59:59');
  });
  it('reads wire dates strictly: real days only', () => {
    expect(parseWire('2026-02-28 23:59:59')).toEqual({
      year: 2026,
      month: 2,
      day: 28,
      hour: 23,
      minute: 59,
      second: 59,
    });
    expect(wireToIso('2026-02-28 23:59:59')).toBe('2026-02-28T23:59:59');
    expect(wireToIso('2024-02-29 08:00:00')).toBe('2024-02-29T08:00:00');
    for (const bad of [
      '2026-02-29 00:00:00',
      '2100-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-01-01 24:00:00',
      '2026-01-01 10:60:00',
      '26-01-01',
      '2026-1-1',
      '',
    ]) {
      expect(parseWire(bad), bad).toBeNull();
    }
    expect(isoDay('2026-11-21')).toBe('2026-11-21');
    expect(isoDay('2026-11-21 09:00:00')).toBe('2026-11-21');
    expect(isoDay('2026-11-31')).toBeNull();
  });
  it('puts role names in title case', () => {
    expect(titleCase('campaign-leader')).toBe('Campaign Leader');
    expect(titleCase('system')).toBe('System');
  });
});

describe('one display format for dates', () => {
  it.each([
    ['2026-11-26 14:05:00', '26 Nov, 2026 14:05'],
    ['2026-01-02 00:00:59', '02 Jan, 2026 00:00'],
    ['2024-02-29 23:59:00', '29 Feb, 2024 23:59'],
    ['2026-12-31T09:07:00', '31 Dec, 2026 09:07'],
    ['2026-11-26', '26 Nov, 2026 00:00'],
    ['2025-02-29 10:00:00', ''],
    ['', ''],
    [null, ''],
  ])("formatDateTime(%j) is 'DD MMM, YYYY HH:mm': %j", (wire, shown) => {
    expect(formatDateTime(wire)).toBe(shown);
  });

  it.each([
    [{ year: 2026, month: 11, day: 1 }, { year: 2026, month: 11, day: 30 }, '01 Nov, 2026 – 30 Nov, 2026'],
    [{ year: 2026, month: 12, day: 31 }, { year: 2027, month: 1, day: 6 }, '31 Dec, 2026 – 06 Jan, 2027'],
    [{ year: 2026, month: 5, day: 9 }, { year: 2026, month: 5, day: 9 }, '09 May, 2026'],
  ])('formatDayRange(%j, %j) is %j, each day as the date of formatDateTime', (start, end, shown) => {
    expect(formatDayRange(start, end)).toBe(shown);
    expect(
      formatDateTime(
        `${start.year}-${String(start.month).padStart(2, '0')}-${String(start.day).padStart(2, '0')} 10:00:00`,
      ),
    ).toBe(`${shown.split(' – ')[0]} 10:00`);
  });
});

describe('plural', () => {
  it.each([
    [0, 'lead', undefined, '0 leads'],
    [1, 'lead', undefined, '1 lead'],
    [2, 'lead', undefined, '2 leads'],
    [1234, 'lead', undefined, '1,234 leads'],
    [2_500_000, 'lead', undefined, '2.5M leads'],
    [1, 'campaign', undefined, '1 campaign'],
    [1, 'person', 'people', '1 person'],
    [3, 'person', 'people', '3 people'],
  ])('plural(%j, %j, %j) is %j', (n, noun, nouns, shown) => {
    expect(plural(n, noun, nouns)).toBe(shown);
  });
});
