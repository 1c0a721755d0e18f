/**
 * The webhook worker's decisions, apart from its I/O (delivery/worker.ts): what an answer means,
 * when a failed delivery goes again, what of an attempt is kept, and when a destination changes
 * state. Pure functions of their arguments; the worker reads and writes, these decide.
 */
import { PAUSE_AFTER_MS, PAUSE_MIN_FAILURES, retryDelay } from './schedule.js';
import type { PostResult } from './webhook.js';

export type DeliveryResult = 'delivered' | 'retrying' | 'failed' | 'gone';

/** A 2xx is delivered; anything else (a status, or none at all) is a failure. */
export const isDelivered = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

/** What a failed attempt (number `attempts`, the first is 1) does to its delivery: tried again at `next`, or given up. */
export interface FailedAttempt {
  state: 'retrying' | 'failed';
  next: Date | null;
  outcome: Exclude<DeliveryResult, 'delivered'>;
}

/** 410 Gone gives up at once (and disables the destination); other failures retry on the schedule until it ends. */
export function afterFailure(status: number | null, attempts: number, now: Date, random?: () => number): FailedAttempt {
  const gone = status === 410;
  const delay = gone ? null : retryDelay(attempts, random);
  const next = delay === null ? null : new Date(now.getTime() + delay);
  return { state: next ? 'retrying' : 'failed', next, outcome: gone ? 'gone' : next ? 'retrying' : 'failed' };
}

/** What an answer that repeats the lead's data is kept as: the attempts log holds no personal data. */
export const ECHO_NOT_KEPT = "(the receiver's answer repeated the lead's data: not kept)";

/** `s` as JSON writes it with every non-ASCII character escaped (`\u1ec5`). */
const asciiJson = (s: string) =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Whether `answer` holds one of `values` (3 characters or more; any case, as typed or JSON-escaped). */
export function echoes(answer: string, values: readonly string[]): boolean {
  const text = answer.toLowerCase();
  return values.some((v) => {
    const s = v.trim().toLowerCase();
    return (
      s.length >= 3 &&
      (text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1)) || text.includes(asciiJson(s)))
    );
  });
}

/**
 * What is kept of a failed attempt: a receiver's answer only while the lead is not erased, and
 * only when it does not repeat one of the lead's `values` (its fields, number, page); why there
 * was no answer, always.
 */
export function keptOf(r: PostResult, erased: boolean, values: readonly string[] = []): PostResult {
  if (r.status === null || r.error === null) return r;
  if (erased) return { ...r, error: null };
  return echoes(r.error, values) ? { ...r, error: ECHO_NOT_KEPT } : r;
}

/** A destination's health after a failed attempt was counted. */
export interface Health {
  state: 'active' | 'paused' | 'disabled';
  consecutive_failures: number;
  failing_since: Date | string | null;
}

/**
 * How a failed attempt changes its destination: a 410 disables it (unless it is already); an hour
 * of failures without a success, over at least PAUSE_MIN_FAILURES attempts, pauses an active one.
 */
export function stateAfterFailure(status: number | null, d: Health, now: Date): 'paused' | 'disabled' | null {
  if (status === 410) return d.state === 'disabled' ? null : 'disabled';
  const failingFor = d.failing_since ? now.getTime() - new Date(d.failing_since).getTime() : 0;
  return d.state === 'active' &&
    d.consecutive_failures >= PAUSE_MIN_FAILURES &&
    d.failing_since &&
    failingFor >= PAUSE_AFTER_MS
    ? 'paused'
    : null;
}

/** Why a destination changed state, as its notice in System history says. */
export const STATE_NOTICES = {
  disabled: 'answered 410 Gone: it is disabled and gets no more leads until an admin saves it again',
  paused:
    'has failed every attempt for an hour: it is paused and tried with one lead every 15 minutes; its leads wait and go once it answers',
} as const;
