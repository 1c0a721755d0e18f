import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_DELAY_MS, list, refreshSoon } from './campaigns.store.js';

afterEach(() => vi.useRealTimers());

describe('the list after a change', () => {
  it('asks again 10 ms later, once for changes close together', () => {
    expect(REFRESH_DELAY_MS).toBe(10);
    vi.useFakeTimers();
    list.loading = false;
    refreshSoon();
    vi.advanceTimersByTime(5);
    refreshSoon();
    // 14 ms after the first change, 9 after the second: one reload, not yet.
    vi.advanceTimersByTime(9);
    expect(list.loading).toBe(false);
    vi.advanceTimersByTime(1);
    expect(list.loading).toBe(true);
  });
});
