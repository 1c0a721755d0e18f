import { describe, expect, it } from 'vitest';
import { pageTitle } from '../config.js';
import { redirectFor } from './guard.js';
import { splitHash } from './hash-location.js';
import { NOT_FOUND, ROUTES } from '../routes.js';

describe('the guard', () => {
  it('lets the signed out reach only sign-up, the reset pages, the thank-you page, login and a lead file’s verdicts', () => {
    const open = ROUTES.filter((r) => redirectFor(r.access, false) === null)
      .map((r) => r.path)
      .sort();
    expect(open).toEqual([
      '/login',
      '/reset-password-by-email',
      '/reset-password/:token',
      '/signout-thankyou',
      '/signup',
      '/verdicts/:token',
    ]);
    expect(redirectFor(NOT_FOUND.access, false)).toBe('/login');
  });
  it('sends the signed in from sign-up, login and the thank-you page to the list', () => {
    const away = ROUTES.filter((r) => redirectFor(r.access, true) === '/')
      .map((r) => r.path)
      .sort();
    expect(away).toEqual(['/login', '/signout-thankyou', '/signup']);
    expect(redirectFor(NOT_FOUND.access, true)).toBeNull();
  });
});

describe('page titles', () => {
  it("are 'Lead v3.0 - {route}', prefixed in staging and dev", () => {
    expect(pageTitle('Login', 'production')).toBe('Lead v3.0 - Login');
    expect(pageTitle('Login', 'staging')).toBe('[STAGING] Lead v3.0 - Login');
    expect(pageTitle('Login', 'development')).toBe('[DEV] Lead v3.0 - Login');
  });
});

describe('splitHash', () => {
  it('keeps the query inside the hash apart from the path', () => {
    expect(splitHash('/reset-password/abc?email=a%40b.c')).toEqual({
      path: '/reset-password/abc',
      search: 'email=a%40b.c',
    });
    expect(splitHash('/')).toEqual({ path: '/', search: '' });
    expect(splitHash('?x=1')).toEqual({ path: '/', search: 'x=1' });
  });
});
