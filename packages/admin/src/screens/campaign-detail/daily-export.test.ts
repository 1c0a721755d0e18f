import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { dailySeries } from './daily.js';
import { DAILY_COLUMNS, dailySheetRows } from './daily-export.js';

describe('the daily figures as XLSX rows', () => {
  it('has each day with its billable leads and spend, and a total row', () => {
    const points = dailySeries(
      [
        { day: '2026-11-01', impressions: 100, leads: 4, duplicates: 1 },
        { day: '2026-11-02', impressions: 50, leads: 1, duplicates: 0 },
      ],
      Temporal.PlainDate.from('2026-11-01'),
      Temporal.PlainDate.from('2026-11-02'),
    );
    expect(DAILY_COLUMNS.map((c) => c.label)).toEqual([
      'Day',
      'Impressions',
      'Leads',
      'Duplicates',
      'Billable leads',
      'Spend',
      'Currency',
    ]);
    expect(dailySheetRows(points, 2.5, 'EUR')).toEqual([
      ['2026-11-01 00:00:00', '100', '4', '1', '3', '7.50', 'EUR'],
      ['2026-11-02 00:00:00', '50', '1', '0', '1', '2.50', 'EUR'],
      ['Total', '150', '5', '1', '4', '10.00', 'EUR'],
    ]);
  });
});
