/**
 * When a failed delivery is tried again: about now, 5 s, 5 min, 30 min, 2 h, 5 h, then every
 * 10 h, until three days after the first attempt; then it has failed. Each wait is jittered
 * ±20 % so that a receiver coming back is not met by every lead at once.
 */
const SECOND = 1000;
const HOUR = 3600 * SECOND;
const STEPS = [
  5 * SECOND,
  5 * 60 * SECOND,
  30 * 60 * SECOND,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
/** How long a lead is retried in all. */
export const RETRY_WINDOW_MS = 72 * HOUR;
/** The waits after each failed attempt; the last makes up the three days. */
export const RETRY_DELAYS_MS: readonly number[] = [...STEPS, RETRY_WINDOW_MS - STEPS.reduce((a, b) => a + b, 0)];
/** The attempts a delivery gets before it has failed: the first and one per wait. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait after failed attempt number `attempts` (1 for the first), or null when it was the last. */
export function retryDelay(attempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A destination failing without one success for this long, over at least PAUSE_MIN_FAILURES attempts, is paused. */
export const PAUSE_AFTER_MS = 1 * HOUR;
export const PAUSE_MIN_FAILURES = 10;
/** A paused destination is probed with one delivery this often; a success resumes it. */
export const PROBE_EVERY_MS = 15 * 60 * SECOND;
