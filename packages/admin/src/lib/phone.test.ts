import { describe, expect, it } from 'vitest';
import { leadPhone, loadPhoneFormat } from './phone.js';

describe('leadPhone', () => {
  it("shows a lead's number in its country's national form once the format is loaded, else as typed", async () => {
    await loadPhoneFormat();
    expect(leadPhone({ phone_e164: '+84912345678', phone: '+84 912345678' })).toBe('0912 345 678');
    expect(leadPhone({ phone_e164: '+639171234567', phone: '09171234567' })).toBe('0917 123 4567');
    // No E.164 form (a number the server could not read): as the visitor typed it; no number: nothing.
    expect(leadPhone({ phone_e164: null, phone: '12 34' })).toBe('12 34');
    expect(leadPhone({})).toBe('');
  });
});
