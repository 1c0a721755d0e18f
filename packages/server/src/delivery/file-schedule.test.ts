import { describe, expect, it } from 'vitest';
import { fileRetryDelay, nextFileAt, siteTimeZone } from './file-schedule.js';

const at = (iso: string) => new Date(iso);

describe('when a scheduled file is due', () => {
  it('daily at 08:00 in Asia/Ho_Chi_Minh is 01:00Z, the next one once that has passed', () => {
    expect(nextFileAt(at('2026-11-23T18:30:00Z'), 'daily', 8, 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-11-24T01:00:00.000Z',
    );
    expect(nextFileAt(at('2026-11-24T00:59:59Z'), 'daily', 8, 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-11-24T01:00:00.000Z',
    );
    // Exactly at the hour, that file is the one being sent: the next is a day later.
    expect(nextFileAt(at('2026-11-24T01:00:00Z'), 'daily', 8, 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-11-25T01:00:00.000Z',
    );
  });

  it('hourly on the local hour, half-hour zones included', () => {
    expect(nextFileAt(at('2026-11-24T01:20:00Z'), 'hourly', null, 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-11-24T02:00:00.000Z',
    );
    // Asia/Kolkata is UTC+05:30: its hours start at :30 UTC.
    expect(nextFileAt(at('2026-11-24T01:20:00Z'), 'hourly', null, 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-24T01:30:00.000Z',
    );
    expect(nextFileAt(at('2026-11-24T01:30:00Z'), 'hourly', null, 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-24T02:30:00.000Z',
    );
  });

  it('follows daylight saving where a zone has it', () => {
    // Europe/Berlin: 08:00 is 07:00Z in winter and 06:00Z in summer.
    expect(nextFileAt(at('2026-03-28T12:00:00Z'), 'daily', 8, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    expect(nextFileAt(at('2026-03-27T12:00:00Z'), 'daily', 8, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T07:00:00.000Z',
    );
  });

  it("reads a site's zone, else its country's", () => {
    expect(siteTimeZone({ time_zone: 'Asia/Bangkok', country_id: 'VN' }, 'UTC')).toBe('Asia/Bangkok');
    expect(siteTimeZone({ time_zone: null, country_id: 'IN' }, 'UTC')).toBe('Asia/Kolkata');
    expect(siteTimeZone(undefined, 'UTC')).toBe('UTC');
  });

  it('waits longer after each failed send, within a tenth either way', () => {
    expect(fileRetryDelay(1, () => 0.5)).toBe(60_000);
    expect(fileRetryDelay(2, () => 0)).toBe(270_000);
    expect(fileRetryDelay(6, () => 1)).toBe(39_600_000);
    expect(fileRetryDelay(40, () => 0.5)).toBe(36_000_000);
  });
});
