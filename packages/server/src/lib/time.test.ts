import { describe, expect, it } from 'vitest';
import { fromWire, toWire } from './time.js';

/** What Intl says, the reference toWire must agree with. */
const intl = new Map<string, Intl.DateTimeFormat>();
function viaIntl(date: Date, timeZone: string): string {
  if (!intl.has(timeZone)) {
    intl.set(
      timeZone,
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
    );
  }
  const p = Object.fromEntries(
    intl
      .get(timeZone)!
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

describe('toWire', () => {
  it('writes the local wall time of the zone, across daylight-saving changes and half-hour zones', () => {
    const zones = [
      'Asia/Ho_Chi_Minh',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'UTC',
    ];
    // Every 37 minutes and 11 seconds through 2026, which crosses each zone's changes.
    // One comparison per zone (of some 14,000 instants): the first difference is named, without an expect per instant.
    for (const zone of zones) {
      const wrong: string[] = [];
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 2_231_000) {
        const [ours, reference] = [toWire(new Date(ms), zone), viaIntl(new Date(ms), zone)];
        if (ours !== reference) wrong.push(`${new Date(ms).toISOString()}: ${ours} instead of ${reference}`);
      }
      expect(wrong, zone).toEqual([]);
    }
  });

  it('is exact on either side of a change: Berlin, 29 March 2026, 01:00 UTC', () => {
    expect(toWire(new Date('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29 01:59:59');
    expect(toWire(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29 03:00:00');
  });

  it('takes strings, answers null for nothing or an invalid date, and round-trips with fromWire', () => {
    expect(toWire('2026-11-21T03:00:00Z', 'Asia/Ho_Chi_Minh')).toBe('2026-11-21 10:00:00');
    expect(toWire(null, 'UTC')).toBeNull();
    expect(toWire(undefined, 'UTC')).toBeNull();
    expect(toWire('not a date', 'UTC')).toBeNull();
    expect(
      fromWire(toWire(new Date('2026-07-04T12:34:56Z'), 'America/New_York')!, 'America/New_York')?.toISOString(),
    ).toBe('2026-07-04T12:34:56.000Z');
  });
});
