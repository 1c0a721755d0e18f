import { COUNTRIES, COUNTRY_NAMES, type Country } from '../constants.js';
import { ErrorBag } from './errors.js';
import { isValidEmail } from './auth.js';

/** Retention periods (a client's, the server's default): whole months in this range. */
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 600;

export const ERASURE_NEEDS_ONE = 'Enter the e-mail address or the phone number of the person.';
export const ERASURE_BAD_EMAIL = 'The email must be a valid email address.';
export const ERASURE_BAD_PHONE = 'The phone number must have 6 to 15 digits.';
export const ERASURE_BAD_COUNTRY = 'Choose a country from the list.';
/** A country was chosen, and the number typed is not one of its numbers. */
export const erasureNotInCountry = (country: Country): string =>
  `This is not a phone number of ${COUNTRY_NAMES[country]}.`;
export const RETENTION_RANGE = `The retention period must be a whole number of months from ${RETENTION_MONTHS_MIN} to ${RETENTION_MONTHS_MAX}.`;

/** The digits of a typed phone number. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/** Whether a phone number was typed with its country code (`+84…`, `0084…`): then it names one number on every site. */
export const isInternationalPhone = (phone: string): boolean => /^\s*(\+|00[1-9])/.test(phone);

/**
 * "Erase a person" (docs/privacy.md): the person is found by e-mail (trimmed, lower-case), by phone
 * number, or both; at least one, each well-formed. A number typed with its country code is that
 * number; a national form is read in `country` when one is chosen (one of the sites' countries),
 * else in the country of each site, and it must then mean one number only (see `erasureAmbiguous`).
 */
export function erasureErrors(p: { email?: string | null; phone?: string | null; country?: string | null }) {
  const email = p.email?.trim() ?? '';
  const phone = p.phone?.trim() ?? '';
  const bag = new ErrorBag();
  if (!email && !phone) return bag.add('email', ERASURE_NEEDS_ONE).result();
  if (email && !isValidEmail(email)) bag.add('email', ERASURE_BAD_EMAIL);
  const digits = phoneDigits(phone).length;
  if (phone && (digits < 6 || digits > 15 || /[^\d\s()+.-]/.test(phone))) bag.add('phone', ERASURE_BAD_PHONE);
  if (p.country && !(COUNTRIES as readonly string[]).includes(p.country)) bag.add('country', ERASURE_BAD_COUNTRY);
  return bag.result();
}

/** One meaning of a national number: the number it is in these countries (each with a lead or an OTP code of it there). */
export interface ErasureReading {
  e164: string;
  countries: Country[];
}

/**
 * The answer (400) to a national number without a country that is a different number, each with
 * leads, in different countries of the caller's sites: which, and what to do. Nothing was changed.
 */
export function erasureAmbiguous(phone: string, readings: readonly ErasureReading[]): string {
  const each = readings.map((r) => `${r.countries.map((c) => COUNTRY_NAMES[c]).join(' and ')} (${r.e164})`);
  const listed = each.length > 1 ? `${each.slice(0, -1).join(', in ')} and in ${each.at(-1)}` : (each[0] ?? '');
  return `${phone.trim()} is a different number in ${listed}, and your sites hold each: choose the country, or type the number with its country code.`;
}

/** A client's retention period: empty (the server's default) or whole months within range. */
export const retentionErrors = (months: unknown) =>
  new ErrorBag()
    .check(
      months == null ||
        (typeof months === 'number' &&
          Number.isInteger(months) &&
          months >= RETENTION_MONTHS_MIN &&
          months <= RETENTION_MONTHS_MAX),
      'retention_months',
      RETENTION_RANGE,
    )
    .result();
