import { describe, expect, it } from 'vitest';
import { askErase, bodyOf, countText, erasure, lookupErrors, setLookup } from './erasure.store.js';

const answer = { leads: 2, campaigns: 1, by_campaign: [{ id: 3, code: 'LD-3', name: 'Heart', site: 'bacsi-online.vn', leads: 2 }], dry_run: true };

describe('"Erase a person"', () => {
  it('sends only the fields given, trimmed', () => {
    expect(bodyOf({ email: ' Mai@Example.test ', phone: '  ' }, true)).toEqual({ email: 'Mai@Example.test', dry_run: true });
    expect(bodyOf({ email: '', phone: ' 0912 345 678' }, false)).toEqual({ phone: '0912 345 678', dry_run: false });
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
    erasure.found = { lookup: { email: 'mai@example.test', phone: '' }, answer };
    askErase(true);
    expect(erasure.confirming).toBe(true);
    setLookup('email', 'binh@example.test');
    expect(erasure.found).toBeNull();
    expect(erasure.confirming).toBe(false);
    askErase(true);
    expect(erasure.confirming).toBe(false);
  });

  it('asks for confirmation only when there is something to erase', () => {
    erasure.found = { lookup: { email: 'mai@example.test', phone: '' }, answer: { ...answer, leads: 0, campaigns: 0, by_campaign: [] } };
    askErase(true);
    expect(erasure.confirming).toBe(false);
    expect(countText(answer)).toBe('2 leads in 1 campaign');
    expect(countText({ leads: 1, campaigns: 2 })).toBe('1 lead in 2 campaigns');
  });
});
