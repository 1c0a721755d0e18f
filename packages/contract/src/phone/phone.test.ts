import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountryCallingCode } from 'libphonenumber-js/core';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../constants.js';
import { formatPhoneNational, parsePhone, phoneRegion, toE164 } from './index.js';
import { METADATA } from './metadata.js';

describe('toE164', () => {
  it('reads every form of one number as one E.164 number', () => {
    for (const typed of [
      '+84 912 345 678',
      '+84912345678',
      '0084912345678',
      '00 84 912-345-678',
      '0912345678',
      '0912 345 678',
      '84912345678',
      '912345678',
    ]) {
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
    for (const typed of [
      '',
      'call me',
      '12345',
      '+0912345678',
      '+1234567890123456',
      '000',
      '000000',
      '0000 000 000',
      '0912 345',
      '0912 345 678 999',
    ])
      expect(toE164(typed, 'VN'), typed).toBeNull();
  });

  it("takes a visitor's number from abroad as written with its country's code, and `00` as the international prefix on every site", () => {
    expect(toE164('+1 650 253 0000', 'VN')).toBe('+16502530000');
    expect(toE164('0044 20 7946 0958', 'VN')).toBe('+442079460958');
    expect(toE164('0066 81 234 5678', 'TH')).toBe('+66812345678');
    expect(toE164('0065 8123 4567', 'HHG')).toBe('+6581234567');
    expect(formatPhoneNational('+16502530000')).toBeNull();
    // A number of the sites' countries is held to its country's rules, however it is typed.
    expect(toE164('+84 12', 'VN')).toBeNull();
    expect(toE164('0084 000 000 000', 'TH')).toBeNull();
  });

  it('takes a fixed line where any number goes, and only a mobile number where a code is sent', () => {
    expect(toE164('028 3822 1234', 'VN')).toBe('+842838221234');
    expect(toE164('028 3822 1234', 'VN', { mobile: true })).toBeNull();
    expect(toE164('0912 345 678', 'VN', { mobile: true })).toBe('+84912345678');
  });
});

// libphonenumber's own example mobile number of each site country, typed as its people write it.
describe.each(COUNTRIES.map((country) => [country, phoneRegion(country)] as const))(
  'a site of %s',
  (country, region) => {
    const example = examples[region];
    const e164 = `+${getCountryCallingCode(region, METADATA)}${example}`;

    it("takes libphonenumber's example mobile number in its national and international forms", () => {
      const phone = parsePhone(e164, 'VN');
      expect(phone?.mobile).toBe(true);
      // As the country writes it (with its trunk prefix where it has one), read on its own sites.
      expect(toE164(phone!.national, country, { mobile: true })).toBe(e164);
      expect(toE164(example, country, { mobile: true })).toBe(e164);
      expect(toE164(e164, country)).toBe(e164);
      expect(formatPhoneNational(e164)).toBe(phone!.national);
    });

    it('refuses the example with digits missing, and zeros', () => {
      expect(toE164(example.slice(0, -2), country)).toBeNull();
      expect(toE164('0000000000', country)).toBeNull();
    });
  },
);

describe('the metadata', () => {
  it("is the installed libphonenumber-js's, for the sites' countries", () => {
    const script = join(import.meta.dirname, '..', '..', 'scripts', 'phone-metadata.mjs');
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
