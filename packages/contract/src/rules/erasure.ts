import { ErrorBag } from './errors.js';
import { isValidEmail } from './auth.js';

/** Retention periods (a client's, the server's default): whole months in this range. */
export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 600;

export const ERASURE_NEEDS_ONE = 'Enter the e-mail address or the phone number of the person.';
export const ERASURE_BAD_EMAIL = 'The email must be a valid email address.';
export const ERASURE_BAD_PHONE = 'The phone number must have 6 to 15 digits.';
export const RETENTION_RANGE = `The retention period must be a whole number of months from ${RETENTION_MONTHS_MIN} to ${RETENTION_MONTHS_MAX}.`;

/** The digits of a typed phone number. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/**
 * "Erase a person": the person is found by e-mail (trimmed, lower-case), by phone number (read in
 * every country of the caller's sites), or both; at least one, each well-formed.
 */
export function erasureErrors(p: { email?: string | null; phone?: string | null }) {
  const email = p.email?.trim() ?? '';
  const phone = p.phone?.trim() ?? '';
  const bag = new ErrorBag();
  if (!email && !phone) return bag.add('email', ERASURE_NEEDS_ONE).result();
  if (email && !isValidEmail(email)) bag.add('email', ERASURE_BAD_EMAIL);
  const digits = phoneDigits(phone).length;
  if (phone && (digits < 6 || digits > 15 || /[^\d\s()+.-]/.test(phone))) bag.add('phone', ERASURE_BAD_PHONE);
  return bag.result();
}

/** A client's retention period: empty (the server's default) or whole months within range. */
export const retentionErrors = (months: unknown) =>
  new ErrorBag()
    .check(
      months == null || (typeof months === 'number' && Number.isInteger(months) && months >= RETENTION_MONTHS_MIN && months <= RETENTION_MONTHS_MAX),
      'retention_months',
      RETENTION_RANGE,
    )
    .result();
