import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fieldsOf, Lookup, newKey, NO_FIELDS, open, seal, type PersonalFields } from './personal.js';

const lan: PersonalFields = {
  name: 'Lan Nguyễn',
  email: 'Lan@Mail.test',
  phone: '0912 345 678',
  phone_e164: '+84912345678',
  data: { name: 'Lan Nguyễn', question: 'chest pain' },
  page_url: 'https://bacsi-online.vn/heart/',
  consent: { revision_id: 3, page_url: 'https://bacsi-online.vn/heart/', terms: [] },
};

describe('seal and open', () => {
  it('opens what it sealed, with the key it was sealed under', () => {
    const key = newKey();
    expect(open(seal(lan, key), key)).toEqual(lan);
  });

  it('writes none of the values: the sealed text differs each time and holds no field', () => {
    const key = newKey();
    const [a, b] = [seal(lan, key), seal(lan, key)];
    expect(a).not.toBe(b);
    // Whole values, at least 8 characters: the 414-character sealed text held one of 'lan', '912',
    // 'chest'… by chance once in about 80 (CI saw it); 8 letters or digits, once in about 10^10.
    for (const v of ['lan nguyễn', 'lan@mail.test', '84912345678', 'chest pain', 'bacsi-online.vn'])
      expect(a.toLowerCase()).not.toContain(v);
  });

  it.each([
    ['another key', (s: string) => s, () => newKey()],
    ['a changed byte', (s: string) => s.slice(0, 20) + (s[20] === 'A' ? 'B' : 'A') + s.slice(21), (k: string) => k],
    ['no version', (s: string) => s.slice(3), (k: string) => k],
  ])('refuses %s', (_, change, keyOf) => {
    const key = newKey();
    expect(() => open(change(seal(lan, key)), keyOf(key))).toThrow();
  });
});

describe('fieldsOf: a row as stored', () => {
  it('opens a sealed row with its key', () => {
    const key = newKey();
    expect(fieldsOf({ sealed: seal(lan, key), key })).toEqual(lan);
  });
  it('reads nothing of a sealed row whose key is gone (erased)', () =>
    expect(fieldsOf({ sealed: seal(lan, newKey()), key: null })).toEqual(NO_FIELDS));
  it('reads the plain columns of a row stored before sealing (jsonb as text too)', () =>
    expect(fieldsOf({ sealed: null, key: null, ...lan, data: JSON.stringify(lan.data) })).toEqual(lan));
});

describe('Lookup: keyed hashes', () => {
  const secret = randomBytes(32).toString('base64url');
  const lookup = new Lookup(secret);

  it('hashes an e-mail trimmed and lower-case, and nothing for a blank one', () => {
    expect(lookup.email('  LAN@mail.TEST ')).toBe(lookup.email('lan@mail.test'));
    expect(lookup.email('   ')).toBeNull();
    expect(lookup.email(null)).toBeNull();
  });

  it('gives each kind its own hash, and another secret other hashes', () => {
    expect(lookup.phone('84912345678')).not.toBe(lookup.digits('84912345678'));
    expect(new Lookup(randomBytes(32).toString('base64url')).phone('+84912345678')).not.toBe(
      lookup.phone('+84912345678'),
    );
    expect(lookup.phone('+84912345678')).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [
      'a number in E.164: no digits hash',
      { email: null, phone: '0912 345 678', phone_e164: '+84912345678' },
      [false, true, false],
    ],
    [
      'a number without E.164: its digits',
      { email: 'a@b.test', phone: '0912 345 678', phone_e164: null },
      [true, false, true],
    ],
    ['nothing', { email: null, phone: null, phone_e164: null }, [false, false, false]],
  ] as const)('of a lead with %s', (_, lead, has) => {
    const h = lookup.of(lead);
    expect([h.email_hash !== null, h.phone_hash !== null, h.digits_hash !== null]).toEqual(has);
    if (lead.phone && !lead.phone_e164) expect(h.digits_hash).toBe(lookup.digits('0912345678'));
  });
});
