import { describe, expect, it } from 'vitest';
import { afterFailure, ECHO_NOT_KEPT, isDelivered, keptOf, stateAfterFailure, type Health } from './rules.js';
import { MAX_ATTEMPTS, PAUSE_AFTER_MS, PAUSE_MIN_FAILURES, RETRY_DELAYS_MS } from './schedule.js';

const NOW = new Date('2026-11-24T09:00:00Z');
const middle = () => 0.5;

describe('isDelivered', () => {
  it.each([
    [200, true],
    [204, true],
    [299, true],
    [199, false],
    [302, false],
    [410, false],
    [500, false],
    [null, false],
  ])('%s → %s', (status, delivered) => expect(isDelivered(status)).toBe(delivered));
});

describe('afterFailure: when a failed delivery goes again', () => {
  it.each([
    // [status, attempt number, state, wait (ms) or null, outcome]
    [500, 1, 'retrying', RETRY_DELAYS_MS[0], 'retrying'],
    [null, 2, 'retrying', RETRY_DELAYS_MS[1], 'retrying'],
    [503, MAX_ATTEMPTS - 1, 'retrying', RETRY_DELAYS_MS.at(-1), 'retrying'],
    [503, MAX_ATTEMPTS, 'failed', null, 'failed'],
    [410, 1, 'failed', null, 'gone'],
  ] as const)('status %s, attempt %i: %s', (status, attempts, state, wait, outcome) => {
    const r = afterFailure(status, attempts, NOW, middle);
    expect(r).toEqual({ state, next: wait === null ? null : new Date(NOW.getTime() + wait!), outcome });
  });
});

describe('keptOf: what of a failed attempt is kept', () => {
  const answer = { status: 500, error: '{"lead":{"email":"lan@mail.test"}}', durationMs: 12 };
  const none = { status: null, error: 'timed out', durationMs: 10_000 };
  it.each([
    [answer, false, answer.error],
    [answer, true, null],
    [none, false, 'timed out'],
    [none, true, 'timed out'],
  ])('%j, erased %s → error %s', (r, erased, error) => expect(keptOf(r, erased)).toEqual({ ...r, error }));

  const lead = ['Lan Nguyễn', 'lan@mail.test', '+84912345678', 'M'];
  it.each([
    ['echoes the e-mail', answer.error, ECHO_NOT_KEPT],
    ['echoes the name in another case', 'unknown person LAN NGUYỄN', ECHO_NOT_KEPT],
    ['echoes the name JSON-escaped', '{"name":"Lan Nguy\\u1ec5n"}', ECHO_NOT_KEPT],
    ['echoes the number', 'phone +84912345678 taken', ECHO_NOT_KEPT],
    ['says nothing of the lead', 'quota exceeded', 'quota exceeded'],
    ['holds a one-letter answer only by chance', 'Method not allowed', 'Method not allowed'],
  ])('an answer that %s → %s', (_, error, kept) =>
    expect(keptOf({ status: 422, error, durationMs: 5 }, false, lead).error).toBe(kept),
  );
  it('keeps why there was no answer, even when it names a value', () =>
    expect(keptOf({ ...none, error: 'lan@mail.test timed out' }, false, lead).error).toBe('lan@mail.test timed out'));
});

describe('stateAfterFailure: when a destination is disabled or paused', () => {
  const failingSince = (ms: number) => new Date(NOW.getTime() - ms);
  it.each([
    [
      '410 disables an active destination',
      410,
      { state: 'active', consecutive_failures: 1, failing_since: NOW },
      'disabled',
    ],
    [
      '410 disables a paused one',
      410,
      { state: 'paused', consecutive_failures: 30, failing_since: failingSince(PAUSE_AFTER_MS) },
      'disabled',
    ],
    ['410 leaves a disabled one', 410, { state: 'disabled', consecutive_failures: 2, failing_since: NOW }, null],
    [
      'an hour and enough failures pause',
      500,
      { state: 'active', consecutive_failures: PAUSE_MIN_FAILURES, failing_since: failingSince(PAUSE_AFTER_MS) },
      'paused',
    ],
    [
      'a failing_since read as text counts the same',
      500,
      {
        state: 'active',
        consecutive_failures: PAUSE_MIN_FAILURES,
        failing_since: failingSince(PAUSE_AFTER_MS).toISOString(),
      },
      'paused',
    ],
    [
      'too few failures do not',
      500,
      { state: 'active', consecutive_failures: PAUSE_MIN_FAILURES - 1, failing_since: failingSince(PAUSE_AFTER_MS) },
      null,
    ],
    [
      'less than an hour does not',
      null,
      { state: 'active', consecutive_failures: 50, failing_since: failingSince(PAUSE_AFTER_MS - 1) },
      null,
    ],
    [
      'a paused one stays as it is',
      500,
      { state: 'paused', consecutive_failures: 50, failing_since: failingSince(2 * PAUSE_AFTER_MS) },
      null,
    ],
  ] as const)('%s', (_what, status, health, changed) =>
    expect(stateAfterFailure(status, health as Health, NOW)).toBe(changed),
  );
});
