import { describe, expect, it } from 'vitest';
import { deliveryLabel } from './lead-deliveries.js';

describe('a lead’s delivery in words', () => {
  it('says delivered, retrying with the next attempt’s time, failed with the last status, or waiting', () => {
    expect(deliveryLabel({ state: 'delivered', last_status: 200, next_attempt_at: null, attempts: 1 })).toBe(
      'Delivered',
    );
    expect(
      deliveryLabel({ state: 'retrying', last_status: 500, next_attempt_at: '2026-11-24 10:15:00', attempts: 2 }),
    ).toMatch(/^Retrying \(500\), next at .*10:15/);
    expect(
      deliveryLabel({ state: 'retrying', last_status: null, next_attempt_at: '2026-11-24 10:15:00', attempts: 2 }),
    ).toMatch(/^Retrying, next at/);
    expect(deliveryLabel({ state: 'failed', last_status: 503, next_attempt_at: null, attempts: 9 })).toBe(
      'Failed (503) after 9 attempts',
    );
    expect(
      deliveryLabel({ state: 'pending', last_status: null, next_attempt_at: '2026-11-24 10:15:00', attempts: 0 }),
    ).toBe('Waiting');
  });
});
