import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { CHART, dayAfterKey, dayAt } from './chart-geometry.js';
import { dailySeries, dayFigures } from './daily.js';

describe('the daily chart’s days', () => {
  // 30 days over a 1,504 px chart: columns of (1504 − 64 − 8) / 30 = 47.73 px from x = 64.
  it.each([
    [0, 1504, 30, null],
    [CHART.left - 1, 1504, 30, null],
    [CHART.left, 1504, 30, 0],
    [CHART.left + 47, 1504, 30, 0],
    [CHART.left + 48, 1504, 30, 1],
    [1504 - CHART.right - 1, 1504, 30, 29],
    [1504 - CHART.right, 1504, 30, null],
    [400, 720, 0, null],
    [400, 720, 1, 0],
  ])('the point at x = %j of a chart %j wide with %j days is day %j', (x, width, count, day) => {
    expect(dayAt(x, width, count)).toBe(day);
  });

  it.each([
    ['ArrowLeft', null, 30, 28],
    ['ArrowRight', null, 30, 29],
    ['ArrowLeft', 0, 30, 0],
    ['ArrowRight', 4, 30, 5],
    ['ArrowRight', 29, 30, 29],
    ['Home', 12, 30, 0],
    ['End', 3, 30, 29],
    ['Enter', 3, 30, null],
    ['ArrowLeft', null, 0, null],
  ])('%s from day %j of %j goes to day %j', (key, from, count, to) => {
    expect(dayAfterKey(key, from, count)).toBe(to);
  });

  it('says a day’s figures in words, its date in the display format', () => {
    const [day] = dailySeries(
      [{ day: '2026-11-26', impressions: 1234, leads: 1 }],
      Temporal.PlainDate.from('2026-11-26'),
      Temporal.PlainDate.from('2026-11-26'),
    );
    expect(dayFigures(day!)).toBe('26 Nov, 2026: 1,234 impressions, 1 lead, conversion rate 0.08%');
  });
});
