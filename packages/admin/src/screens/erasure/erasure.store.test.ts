import { describe, expect, it } from 'vitest';
import { askErase, bodyOf, countText, erasure, lookupErrors, setLookup } from './erasure.store.js';

const answer = {
  leads: 2,
  campaigns: 1,
  by_campaign: [{ id: 3, code: 'LD-3', name: 'Heart', site: 'bacsi-online.vn', leads: 2 }],
  phone_e164: null,
  dry_run: true,
};

describe('"Erase a person"', () => {
  it('sends only the fields given, trimmed, and a country only with a number', () => {
    expect(bodyOf({ email: ' Mai@Example.test ', phone: '  ', country: 'VN' }, true)).toEqual({
      email: 'Mai@Example.test',
      dry_run: true,
    });
    expect(bodyOf({ email: '', phone: ' 0912 345 678', country: '' }, false)).toEqual({
      phone: '0912 345 678',
      dry_run: false,
    });
    expect(bodyOf({ email: '', phone: '0912 345 678', country: 'TH' }, true)).toEqual({
      phone: '0912 345 678',
      country: 'TH',
      dry_run: true,
    });
  });

  it('needs an e-mail or a phone number, each well-formed (the contract’s rule)', () => {
    setLookup('email', '');
    setLookup('phone', '');
    expect(lookupErrors()).toEqual({ email: ['Enter the e-mail address or the phone number of the person.'] });
    setLookup('email', 'not-an-email');
    expect(lookupErrors()).toEqual({ email: ['The email must be a valid email address.'] });
    setLookup('email', 'mai@example.test');
    setLookup('phone', '12');
    expect(lookupErrors()).toEqual({ phone: ['The phone number must have 6 to 15 digits.'] });
    setLookup('phone', '+84 912 345 678');
    expect(lookupErrors()).toBeUndefined();
  });

  it('forgets what was found as soon as the lookup changes, so that "Erase" erases only what was shown', () => {
    erasure.found = { lookup: { email: 'mai@example.test', phone: '', country: '' }, answer };
    askErase(true);
    expect(erasure.confirming).toBe(true);
    setLookup('email', 'binh@example.test');
    expect(erasure.found).toBeNull();
    expect(erasure.confirming).toBe(false);
    askErase(true);
    expect(erasure.confirming).toBe(false);
    // So does choosing another country (and what the server refused goes with it).
    erasure.found = { lookup: { email: '', phone: '0913559733', country: '' }, answer };
    erasure.refused = {
      country: ['0913559733 is a different number in Vietnam (+84913559733) and in Thailand (+66913559733), …'],
    };
    setLookup('country', 'VN');
    expect([erasure.found, erasure.refused]).toEqual([null, null]);
  });

  it('asks for confirmation only when there is something to erase', () => {
    erasure.found = {
      lookup: { email: 'mai@example.test', phone: '', country: '' },
      answer: { ...answer, leads: 0, campaigns: 0, by_campaign: [] },
    };
    askErase(true);
    expect(erasure.confirming).toBe(false);
    expect(countText(answer)).toBe('2 leads in 1 campaign');
    expect(countText({ leads: 1, campaigns: 2 })).toBe('1 lead in 2 campaigns');
  });
});
