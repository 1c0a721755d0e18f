import userEvent from '@testing-library/user-event';
import { act } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/*
 * A rule about time (a pause before a search, a type-ahead that forgets) runs on fake timers: the
 * test says how much time passes, so a slow machine's pauses between two keys change nothing.
 */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * Fake timers and a user-event user that advances them. Testing Library ends each user action
 * with a `setTimeout(0)` that it advances itself only under Jest's fake timers, which it finds by
 * the global `jest`: Vitest's are given that name for it.
 */
export function userWithFakeTimers(): ReturnType<typeof userEvent.setup> {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

/** Time passes: the timers due meanwhile run, and what they change renders at once. */
export function pass(ms: number): void {
  act(() => vi.advanceTimersByTime(ms));
}
