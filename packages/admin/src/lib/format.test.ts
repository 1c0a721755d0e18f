import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  formatConversionRate,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
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
    expect(formatDay({ year: 2026, month: 11, day: 1 })).toBe('Nov 01, 2026');
    expect(formatDay({ year: 2027, month: 1, day: 31 })).toBe('Jan 31, 2027');
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
