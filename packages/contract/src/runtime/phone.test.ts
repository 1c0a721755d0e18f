import { describe, expect, it } from 'vitest';
import { toE164 } from './phone.js';

describe('toE164', () => {
  it('reads every form of one number as one E.164 number', () => {
    for (const typed of ['+84 912 345 678', '+84912345678', '0084912345678', '00 84 912-345-678', '0912345678', '0912 345 678', '84912345678', '912345678']) {
      expect(toE164(typed, 'VN'), typed).toBe('+84912345678');
    }
  });

  it("reads national forms in the site's country", () => {
    expect(toE164('0812 3456 7890', 'ID')).toBe('+6281234567890');
    expect(toE164('081 234 5678', 'TH')).toBe('+66812345678');
    expect(toE164('0912 345 678', 'TW')).toBe('+886912345678');
    expect(toE164('9123 4567', 'HHG')).toBe('+6591234567');
    // An international number stays itself on any site.
    expect(toE164('+66 81 234 5678', 'VN')).toBe('+66812345678');
  });

  it('refuses what cannot be a number', () => {
    for (const typed of ['', 'call me', '12345', '+0912345678', '+1234567890123456', '000']) expect(toE164(typed, 'VN'), typed).toBeNull();
  });
});
