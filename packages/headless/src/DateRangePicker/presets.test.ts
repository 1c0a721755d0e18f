import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  PRESETS,
  formatDayMonthYear,
  matchPreset,
  ordered,
  parseDayMonthYear,
  startOfWeek,
  todayIn,
  type PresetKey,
} from './presets.js';

const d = (s: string) => Temporal.PlainDate.from(s);
const range = (key: PresetKey, today: string) => {
  const r = PRESETS.find((p) => p.key === key)!.range(d(today));
  return `${r.start.toString()}..${r.end.toString()}`;
};

describe('date presets', () => {
  it('are offered in the spec’s order with its labels', () => {
    expect(PRESETS.map((p) => p.label)).toEqual([
      'Today',
      'Yesterday',
      'This week',
      'Last week',
      'Last 14 days',
      'This month',
      'Last 30 days',
    ]);
  });

  it('start weeks on Monday, on any weekday', () => {
    expect(startOfWeek(d('2026-11-23')).toString()).toBe('2026-11-23'); // a Monday
    expect(startOfWeek(d('2026-11-22')).toString()).toBe('2026-11-16'); // a Sunday
    expect(range('thisWeek', '2026-11-21')).toBe('2026-11-16..2026-11-22');
    expect(range('lastWeek', '2026-11-21')).toBe('2026-11-09..2026-11-15');
  });

  it('cross month and year boundaries', () => {
    expect(range('yesterday', '2027-01-01')).toBe('2026-12-31..2026-12-31');
    expect(range('thisWeek', '2027-01-01')).toBe('2026-12-28..2027-01-03');
    expect(range('lastWeek', '2027-01-03')).toBe('2026-12-21..2026-12-27');
    expect(range('last14Days', '2027-01-05')).toBe('2026-12-23..2027-01-05');
    expect(range('last30Days', '2026-03-01')).toBe('2026-01-31..2026-03-01');
    expect(range('thisMonth', '2028-02-10')).toBe('2028-02-01..2028-02-29');
    expect(range('thisMonth', '2026-12-31')).toBe('2026-12-01..2026-12-31');
    expect(range('today', '2026-11-21')).toBe('2026-11-21..2026-11-21');
  });

  it('know today in a time zone from an injected instant', () => {
    const instant = Temporal.Instant.from('2026-11-21T18:30:00Z');
    expect(todayIn('Asia/Ho_Chi_Minh', instant).toString()).toBe('2026-11-22');
    expect(todayIn('America/New_York', instant).toString()).toBe('2026-11-21');
  });

  it('recognise the preset a range matches', () => {
    const today = d('2026-11-21');
    expect(matchPreset({ start: d('2026-11-08'), end: today }, today)).toBe('last14Days');
    expect(matchPreset({ start: d('2026-11-09'), end: today }, today)).toBeNull();
  });
});

describe('DD/MM/YYYY', () => {
  it('parses real days only', () => {
    expect(parseDayMonthYear('05/03/2026')?.toString()).toBe('2026-03-05');
    expect(parseDayMonthYear(' 5/3/2026 ')?.toString()).toBe('2026-03-05');
    expect(parseDayMonthYear('29/02/2026')).toBeNull();
    expect(parseDayMonthYear('2026-03-05')).toBeNull();
  });

  it('formats with leading zeros, and orders a range', () => {
    expect(formatDayMonthYear(d('2026-03-05'))).toBe('05/03/2026');
    const r = ordered(d('2026-03-05'), d('2026-03-01'));
    expect([r.start.toString(), r.end.toString()]).toEqual(['2026-03-01', '2026-03-05']);
  });
});
