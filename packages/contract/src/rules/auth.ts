import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { Messages, fieldConfirmed, fieldMinLength, fieldRequired } from '../messages.js';
import type { PasswordChangePayload, PasswordResetPayload } from '../types.js';
import { ErrorBag } from './errors.js';

// Deliberately simple: one @, no spaces, a dot in the domain. The server trims and lowercases first.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (value: string): boolean => EMAIL.test(value.trim()) && value.trim().length <= 254;

export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/** Reset request: 'Email is not valid'. */
export function resetEmailErrors(email: string) {
  return new ErrorBag().check(isValidEmail(email), 'email', Messages.emailNotValid).result();
}

function newPasswordErrors(bag: ErrorBag, password: string, confirmation: string): ErrorBag {
  if (!password) bag.add('password', fieldRequired('password'));
  else if (password.length < MIN_PASSWORD_LENGTH) bag.add('password', fieldMinLength('password', MIN_PASSWORD_LENGTH));
  if (password && password !== confirmation) bag.add('password', fieldConfirmed('password'));
  return bag;
}

export function passwordResetErrors(p: PasswordResetPayload) {
  const bag = new ErrorBag().check(isValidEmail(p.email), 'email', Messages.emailNotValid);
  if (!p.token) bag.add('token', fieldRequired('token'));
  return newPasswordErrors(bag, p.password, p.password_confirmation).result();
}

export function passwordChangeErrors(p: PasswordChangePayload) {
  const bag = new ErrorBag();
  if (!p.current_password) bag.add('current_password', fieldRequired('current password'));
  return newPasswordErrors(bag, p.password, p.password_confirmation).result();
}
