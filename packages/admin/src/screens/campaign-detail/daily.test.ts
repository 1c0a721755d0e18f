import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { chartSummary, dailySeries, daySpend, niceMax, seriesTotals } from './daily.js';

const d = (s: string) => Temporal.PlainDate.from(s);

describe('daily figures', () => {
  it('has every day of the range, 0 where the server sent none, and the day’s conversion rate', () => {
    const points = dailySeries(
      [
        { day: '2026-11-02', impressions: 200, leads: 5 },
        { day: '2026-10-30', impressions: 10, leads: 0 },
      ],
      d('2026-10-30'),
      d('2026-11-02'),
    );
    expect(points.map((p) => [p.day.toString(), p.impressions, p.leads, p.rate])).toEqual([
      ['2026-10-30', 10, 0, 0],
      ['2026-10-31', 0, 0, 0],
      ['2026-11-01', 0, 0, 0],
      ['2026-11-02', 200, 5, 2.5],
    ]);
    expect(seriesTotals(points)).toEqual({ impressions: 210, leads: 5, duplicates: 0, billable: 5 });
  });

  it('counts billable leads (leads less duplicates) and their spend per day and over the range', () => {
    const points = dailySeries(
      [
        { day: '2026-11-01', impressions: 100, leads: 4, duplicates: 1 },
        { day: '2026-11-02', impressions: 100, leads: 2, duplicates: 2 },
      ],
      d('2026-11-01'),
      d('2026-11-02'),
    );
    expect(points.map((p) => [p.billable, daySpend(p, 2.5)])).toEqual([
      [3, 7.5],
      [0, 0],
    ]);
    const totals = seriesTotals(points);
    expect(totals).toEqual({ impressions: 200, leads: 6, duplicates: 3, billable: 3 });
    expect(daySpend(totals, 0.35)).toBe(1.05);
  });

  it('says what the chart shows', () => {
    const points = dailySeries(
      [
        { day: '2026-11-01', impressions: 1500, leads: 30 },
        { day: '2026-11-02', impressions: 500, leads: 45 },
      ],
      d('2026-11-01'),
      d('2026-11-03'),
    );
    expect(chartSummary(points)).toBe(
      'From 01 Nov, 2026 to 03 Nov, 2026: 2,000 impressions and 75 leads, a conversion rate of 3.75%. Most impressions on 01 Nov, 2026 (1,500). Most leads on 02 Nov, 2026 (45).',
    );
    expect(chartSummary(dailySeries([], d('2026-11-01'), d('2026-11-02')))).toBe(
      'No impressions or leads from 01 Nov, 2026 to 02 Nov, 2026.',
    );
  });

  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 201, 999, 4321].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 500, 1000, 5000]);
  });
});
