/**
 * Phone numbers in E.164 (`+84912345678`), whatever form a visitor typed: `+84 912 345 678`,
 * `0084912345678` (the `00` international prefix), `0912345678` (the national form, read in the
 * site's country) or `84912345678`. The OTP limits and 'one submission per phone number' key on
 * it, so that one number is one key whatever the campaign, the site or the format.
 *
 * A small normaliser for the sites' countries (their calling codes and the trunk prefix `0`),
 * kept here alone so that a full library (libphonenumber-js, issue #31) can replace it in one place.
 */

/** Calling code per site country (spec section 3's countries; HHG's sites are read as Singapore's). */
export const COUNTRY_CALLING_CODE: Record<string, string> = {
  VN: '84',
  ID: '62',
  TH: '66',
  MY: '60',
  TW: '886',
  KH: '855',
  MM: '95',
  IN: '91',
  PH: '63',
  HHG: '65',
};

/** The shortest national number (without its trunk `0`) taken as a phone number. */
const MIN_NATIONAL = 7;
/** E.164: at most 15 digits after the `+`. */
const MAX_DIGITS = 15;

/** The number in E.164, or null when it cannot be one. `country` is the site's (`sites.country_id`). */
export function toE164(input: string, country: string): string | null {
  const text = input.trim();
  if (!/^\+?[0-9 ().-]{6,24}$/.test(text)) return null;
  const cc = COUNTRY_CALLING_CODE[country] ?? COUNTRY_CALLING_CODE.HHG!;
  const digits = text.replace(/[^0-9]/g, '');
  let international: string;
  if (text.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.startsWith('0')) international = cc + digits.slice(1);
  // Typed with the country's code but no `+`: 84912345678 is 0912345678.
  else if (digits.startsWith(cc) && digits.length - cc.length >= MIN_NATIONAL + 1) international = digits;
  else international = cc + digits;
  if (international.startsWith('0') || international.length < MIN_NATIONAL + 2 || international.length > MAX_DIGITS) return null;
  return `+${international}`;
}
