/**
 * When a scheduled e-mail file is due (#30): hourly, at the top of each hour of the client's site
 * time zone, or daily at a chosen hour of it. Zone arithmetic is Temporal's, so a zone with a
 * half-hour offset (Asia/Kolkata) or a daylight-saving change gets its own local hours.
 */
import { COUNTRY_RUNTIME } from '@lead/contract';
import { Temporal } from 'temporal-polyfill';

export type FileSchedule = 'hourly' | 'daily';

/** The first due time strictly after `after`. */
export function nextFileAt(after: Date, schedule: FileSchedule, hour: number | null, timeZone: string): Date {
  const local = Temporal.Instant.fromEpochMilliseconds(after.getTime()).toZonedDateTimeISO(timeZone);
  let due: Temporal.ZonedDateTime;
  if (schedule === 'hourly') {
    due = local.round({ smallestUnit: 'hour', roundingMode: 'floor' });
  } else {
    due = local.toPlainDate().toZonedDateTime({ timeZone, plainTime: new Temporal.PlainTime(hour ?? 0) });
  }
  while (Temporal.ZonedDateTime.compare(due, local) <= 0)
    due = due.add(schedule === 'hourly' ? { hours: 1 } : { days: 1 });
  return new Date(due.epochMilliseconds);
}

/** A site's zone: its own when set, else its country's main zone (as the partner pages use). */
export function siteTimeZone(
  site: { time_zone: string | null; country_id: string } | undefined,
  fallback: string,
): string {
  if (!site) return fallback;
  return site.time_zone ?? COUNTRY_RUNTIME[site.country_id]?.timeZone ?? fallback;
}

/**
 * How long a file that could not be sent waits before its next try, by tries so far: about
 * 1 min, 5 min, 30 min, 2 h, 5 h, then 10 h, with a tenth of jitter either way; after three days a
 * file is failed.
 */
const FILE_BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
export const FILE_GIVE_UP_MS = 3 * 86_400_000;

export function fileRetryDelay(attempts: number, random: () => number = Math.random): number {
  const base = FILE_BACKOFF_MS[Math.min(Math.max(attempts, 1), FILE_BACKOFF_MS.length) - 1]!;
  return Math.round(base * (0.9 + 0.2 * random()));
}
