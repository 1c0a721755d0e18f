import { AccountStatus } from '../constants.js';
import { MAX_SITE_CAP } from '../runtime/audience.js';
import { fieldAtLeastOne, fieldMustBeEmail, fieldRequired } from '../messages.js';
import type { AccountPayload, ClientPayload, UserPayload } from '../types.js';
import { isValidEmail } from './auth.js';
import { DUPLICATE_SCOPES, DUPLICATE_WINDOW_MAX, DUPLICATE_WINDOW_MIN, isCurrencyCode } from './billing.js';
import { retentionErrors } from './erasure.js';
import { ErrorBag } from './errors.js';
import { MAX_VERDICT_WINDOW_DAYS } from './verdicts.js';

const blank = (v: string | null | undefined): boolean => !v || v.trim() === '';

/** Personal details: first name is required; last name may be empty. */
export function accountErrors(p: AccountPayload) {
  return new ErrorBag().check(!blank(p.first_name), 'first_name', fieldRequired('first name')).result();
}

/** Valid only with email, first name, a role, at least one site, at least one client. */
export function userErrors(p: UserPayload) {
  const bag = new ErrorBag();
  if (blank(p.email)) bag.add('email', fieldRequired('email'));
  else if (!isValidEmail(p.email)) bag.add('email', fieldMustBeEmail('email'));
  bag.check(!blank(p.first_name), 'first_name', fieldRequired('first name'));
  bag.check(p.role_ids.length === 1, 'role_ids', 'Please choose one role.');
  bag.check(p.site_ids.length > 0, 'site_ids', fieldAtLeastOne('sites'));
  bag.check(p.client_ids.length > 0, 'client_ids', fieldAtLeastOne('clients'));
  bag.check(
    p.status === AccountStatus.Inactive || p.status === AccountStatus.Active,
    'status',
    'The status must be 1 or 0.',
  );
  return bag.result();
}

/** Valid only with name, account manager and at least one site; the rest optional (the duplicate and currency settings, when sent, valid). */
export function clientErrors(p: ClientPayload) {
  const bag = new ErrorBag();
  bag.check(!blank(p.name), 'name', fieldRequired('name'));
  bag.check(p.manager_id != null, 'manager_id', fieldRequired('account manager'));
  bag.check(p.site_ids.length > 0, 'site_ids', fieldAtLeastOne('sites'));
  if (!blank(p.email) && !isValidEmail(p.email ?? '')) bag.add('email', fieldMustBeEmail('email'));
  if (p.duplicate_scope !== undefined && !DUPLICATE_SCOPES.includes(p.duplicate_scope))
    bag.add('duplicate_scope', "The duplicate scope must be 'campaign' or 'client'.");
  const days = p.duplicate_window_days;
  if (days !== undefined && !(Number.isInteger(days) && days >= DUPLICATE_WINDOW_MIN && days <= DUPLICATE_WINDOW_MAX)) {
    bag.add(
      'duplicate_window_days',
      `The duplicate window must be a whole number of days from ${DUPLICATE_WINDOW_MIN} to ${DUPLICATE_WINDOW_MAX}.`,
    );
  }
  if (p.currency !== undefined && !isCurrencyCode(p.currency))
    bag.add('currency', 'The currency must be an ISO 4217 code such as USD.');
  for (const message of retentionErrors(p.retention_months)?.retention_months ?? [])
    bag.add('retention_months', message);
  const window = p.verdict_window_days;
  if (window !== undefined && !(Number.isInteger(window) && window >= 1 && window <= MAX_VERDICT_WINDOW_DAYS))
    bag.add(
      'verdict_window_days',
      `The verdict window must be a whole number of days from 1 to ${MAX_VERDICT_WINDOW_DAYS}.`,
    );
  return bag.result();
}

/**
 * The site's cap on pop-ups per visitor (Account settings, Pop-up cap; `PUT /sites/{id}/cap`):
 * each limit a whole number from 0 to MAX_SITE_CAP, 0 for none. `NaN` is what the admin's field
 * holds for text that is not a number.
 */
export function siteCapErrors(cap: { visit: number; day: number }) {
  const bag = new ErrorBag();
  const whole = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_SITE_CAP;
  bag.check(whole(cap.visit), 'visit', `Pop-ups per visit must be a whole number from 0 to ${MAX_SITE_CAP}.`);
  bag.check(whole(cap.day), 'day', `Pop-ups per day must be a whole number from 0 to ${MAX_SITE_CAP}.`);
  return bag.result();
}

export const isUserValid = (p: UserPayload): boolean => userErrors(p) === undefined;
export const isClientValid = (p: ClientPayload): boolean => clientErrors(p) === undefined;

/**
 * Who may manage what, by site: a system user everything; anyone else only a
 * user or client all of whose sites are theirs. The server enforces it (403);
 * the admin offers only what passes it.
 */
export function holdsAllSites(
  viewer: { isSystem: boolean; siteIds: readonly number[] },
  siteIds: Iterable<number>,
): boolean {
  if (viewer.isSystem) return true;
  for (const id of siteIds) if (!viewer.siteIds.includes(id)) return false;
  return true;
}
