import { describe, expect, it } from 'vitest';
import {
  acceptedRate,
  breakdownCsvHeader,
  breakdownCsvRow,
  breakdownFigures,
  breakdownLabel,
  MAX_PAGE_PATH,
  pagePath,
  sortBreakdown,
  sourceLabel,
} from './breakdowns.js';

describe('breakdown values', () => {
  it.each([
    ['/news/a-story', '/news/a-story'],
    ['/news/a-story?utm_source=x&page=2', '/news/a-story'],
    ['/news/a-story#comments', '/news/a-story'],
    ['', '/'],
    ['news', '/news'],
    ['/News/Story', '/News/Story'],
  ])('keeps the path of %j as %j', (path, expected) => {
    expect(pagePath(path)).toBe(expected);
  });

  it('cuts a long path to the longest kept', () => {
    expect(pagePath(`/${'a'.repeat(400)}`)).toHaveLength(MAX_PAGE_PATH);
  });

  it.each([
    [{ utm_source: ' Newsletter ' }, 'newsletter'],
    [{ utm_source: 'google', fbclid: 'x' }, 'google'],
    [{ gclid: 'abc' }, 'google'],
    [{ fbclid: 'abc' }, 'facebook'],
    [{ ttclid: 'abc' }, 'tiktok'],
    [{ utm_source: '   ', ttclid: 'abc' }, 'tiktok'],
    [{ referrer_host: 'example.com' }, ''],
    [{}, ''],
  ])('names the source of %j %j', (source, expected) => {
    expect(sourceLabel(source)).toBe(expected);
  });
});

describe('breakdown figures', () => {
  it('bills leads less duplicates and credited, converts per impression, accepts per lead', () => {
    expect(breakdownFigures({ impressions: 400, leads: 10, duplicates: 2, credited: 1, accepted: 6 })).toEqual({
      impressions: 400,
      leads: 10,
      duplicates: 2,
      credited: 1,
      accepted: 6,
      billable_leads: 7,
      conversion_rate: 2.5,
      accepted_rate: 60,
    });
  });

  it('reads 0 for rates without impressions or leads', () => {
    const f = breakdownFigures({ impressions: 0, leads: 0, duplicates: 0, credited: 0, accepted: 0 });
    expect([f.conversion_rate, f.accepted_rate, f.billable_leads]).toEqual([0, 0, 0]);
    expect(acceptedRate(1, 3)).toBe(33.33);
  });

  it('sorts by a figure in either order, ties by value', () => {
    const row = (value: string, impressions: number, leads: number) => ({
      value,
      ...breakdownFigures({ impressions, leads, duplicates: 0, credited: 0, accepted: 0 }),
    });
    const rows = [row('b', 100, 5), row('a', 100, 5), row('c', 300, 1)];
    expect(sortBreakdown(rows, 'impressions', 'desc').map((r) => r.value)).toEqual(['c', 'a', 'b']);
    expect(sortBreakdown(rows, 'conversion_rate', 'desc').map((r) => r.value)).toEqual(['a', 'b', 'c']);
    expect(sortBreakdown(rows, 'leads', 'asc').map((r) => r.value)).toEqual(['c', 'a', 'b']);
    expect(sortBreakdown(rows, 'value', 'desc').map((r) => r.value)).toEqual(['c', 'b', 'a']);
  });
});

describe('breakdown labels and file', () => {
  it('names variants, direct visits and unknown values', () => {
    const names = new Map([['7', 'Blue button']]);
    expect(breakdownLabel('variant', '7', names)).toBe('Blue button');
    expect(breakdownLabel('variant', '8', names)).toBe('#8');
    expect(breakdownLabel('referrer', '')).toBe('(direct)');
    expect(breakdownLabel('device', '')).toBe('(unknown)');
    expect(breakdownLabel('page', '/news')).toBe('/news');
  });

  it('writes rates with 2 decimals under the dimension label', () => {
    const f = breakdownFigures({ impressions: 3, leads: 1, duplicates: 0, credited: 0, accepted: 1 });
    expect(breakdownCsvHeader('page')[0]).toBe('Article');
    expect(breakdownCsvRow({ ...f, label: '/a' })).toEqual(['/a', '3', '1', '1', '33.33', '1', '100.00']);
  });
});
