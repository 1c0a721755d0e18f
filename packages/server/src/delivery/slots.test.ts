import { describe, expect, it } from 'vitest';
import { Slots } from './slots.js';

describe('Slots: requests in flight per destination and in all', () => {
  it("counts each destination's requests, and gives the whole what is left of the total", () => {
    const s = new Slots(2, 3);
    expect(s.room()).toEqual({ total: 3, busy: {} });
    s.take(7);
    s.take(7);
    s.take(9);
    expect(s.inFlight).toBe(3);
    expect(s.room()).toEqual({ total: 0, busy: { 7: 2, 9: 1 } });
  });

  it.each([
    // [taken before, released, whether a claim was held back for it]
    [[7, 7], 7, true],
    [[7], 7, false],
    [[7, 8, 9], 8, true],
    [[], 7, false],
  ] as const)('with %j in flight, freeing %i answers %s', (taken, freed, wasFull) => {
    const s = new Slots(2, 3);
    for (const id of taken) s.take(id);
    expect(s.release(freed)).toBe(wasFull);
    expect(s.inFlight).toBe(Math.max(0, taken.length - (taken.includes(freed as never) ? 1 : 0)));
  });

  it('forgets a destination once its last request is done', () => {
    const s = new Slots(4, 8);
    s.take(5);
    s.release(5);
    expect(s.room()).toEqual({ total: 8, busy: {} });
  });
});
