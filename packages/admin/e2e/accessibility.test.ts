import { describe, it } from 'vitest';
import { expectAccessible, open, useBrowser } from './helpers.js';

useBrowser();

/*
 * An axe-core scan (WCAG 2.1 A and AA, colour contrast included) of every screen at rest; the
 * journeys scan the dialogs and error states they open. No serious or critical violation.
 */
describe('every screen passes axe', () => {
  it.each([
    ['/login', 'Sign in to Lead'],
    ['/signup', 'Sign up'],
    ['/reset-password-by-email', 'Forgot password'],
    ['/reset-password/token?email=a%40b.c', 'Reset password'],
    ['/signout-thankyou', 'Thank you'],
  ])('signed out: %s', async (path, heading) => {
    const { page, context } = await open(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it.each([
    ['/', 'Campaign'],
    ['/?view=Report', 'Campaign'],
    ['/campaign-details/1', null],
    ['/account-settings', 'Account settings'],
    ['/account-settings?section=password', 'Account settings'],
    ['/account-settings?section=users', 'Account settings'],
    ['/account-settings?section=clients', 'Account settings'],
    ['/account-settings?section=cap', 'Account settings'],
    ['/system-history', 'System History'],
    ['/create-campaign-success', 'Campaign has been created!'],
    ['/no-such-page', 'Ops!'],
  ])('signed in: %s', async (path, heading) => {
    const { page, context } = await open(path, { as: 'system@lead.test' });
    await page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await context.close();
  });
});
