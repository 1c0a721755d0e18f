import { describe, expect, it } from 'vitest';
import { makeUser, uniqueEmail } from './fixtures.js';
import {
  apiCall,
  baseUrl,
  expectAccessible,
  expectRoute,
  expectToast,
  mailsTo,
  nthLinkTo,
  open,
  toastTexts,
  useBrowser,
} from './helpers.js';

useBrowser();

describe('the guard', () => {
  it('sends a signed-out visitor to login from every signed-in route, and lets the public pages show', async () => {
    const { page, context } = await open('/');
    await expectRoute(page, '/login');
    for (const path of [
      '/overview',
      '/account-settings',
      '/system-history',
      '/campaign-details/1',
      '/new-campaign',
      '/no-such-page',
    ]) {
      await page.goto(`${baseUrl()}/admin/#${path}`);
      await expectRoute(page, '/login');
    }
    for (const [path, heading] of [
      ['/reset-password-by-email', 'Forgot password'],
      ['/signup', 'Sign up'],
      ['/signout-thankyou', 'Thank you'],
      ['/reset-password/abc?email=a%40b.c', 'Reset password'],
    ] as const) {
      await page.goto(`${baseUrl()}/admin/#${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.title()).toBe(`Lead v3.0 - ${heading === 'Forgot password' ? 'Forgot password' : heading}`);
    }
    await context.close();
  });

  it('sends a signed-in user from login, sign-up and the thank-you page to the list', async () => {
    const { page, context } = await open('/login', { as: 'leader@lead.test' });
    await expectRoute(page, '/');
    for (const path of ['/signup', '/signout-thankyou', '/login']) {
      await page.goto(`${baseUrl()}/admin/#${path}`);
      await expectRoute(page, '/');
    }
    // The reset pages stay reachable either way.
    await page.goto(`${baseUrl()}/admin/#/reset-password-by-email`);
    await page.getByRole('heading', { level: 1, name: 'Forgot password' }).waitFor();
    await context.close();
  });

  it("shows 'Ops!' for an unknown link, with Back to Home going to login (and on to the list)", async () => {
    const { page, context } = await open('/this/does/not/exist', { as: 'member@lead.test' });
    await page.getByRole('heading', { level: 1, name: 'Ops!' }).waitFor();
    expect(await page.getByText('This link is not exits.').isVisible()).toBe(true);
    expect(await page.title()).toBe('Lead v3.0 - Not found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expectRoute(page, '/');
    await context.close();
  });
});

describe('login', () => {
  it('signs in by keyboard alone, says so, keeps the session across a reload, and focuses the new page heading', async () => {
    const { page, context } = await open('/login');
    const heading = page.getByRole('heading', { level: 1, name: 'Sign in to Lead' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('leader@lead.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Password123!');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Remember Me
    expect(await page.getByRole('checkbox', { name: 'Remember Me' }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Login successfully, wellcome you back');
    await expectRoute(page, '/');
    expect(await page.title()).toBe('Lead v3.0 - Campaign');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(() => page.locator('[data-title-announcer]').innerText()).toBe('Lead v3.0 - Campaign');
    await page.reload();
    await expectRoute(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('lead.access_token'))).toBeTruthy();
    await context.close();
  });

  it("shows the server's message in an error dialog when the password is wrong, and stays signed out", async () => {
    // A user of its own: a wrong password counts against the address's sign-in attempts.
    const user = await makeUser();
    const { page, context } = await open('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'These credentials do not match our records.' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectRoute(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('lead.access_token'))).toBeNull();
    await context.close();
  });

  it('says what Login needs under each field on submit, never before, and keeps the sign-up link hidden', async () => {
    const { page, context } = await open('/login');
    const login = page.getByRole('button', { name: 'Login' });
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Password', { exact: true });
    expect(await login.isDisabled()).toBe(false);
    expect(await page.locator('[data-field-error]').count()).toBe(0);
    await email.fill('member@lead.test');
    await login.click();
    await expectRoute(page, '/login');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-field-error]').allInnerTexts()).toEqual(['The password field is required.']);
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await password.fill('x');
    expect(await password.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    expect(await page.locator('a[href="#/signup"]').count()).toBe(1);
    await context.close();
  });

  it('says what a sign-up field needs once it is left, under it, and why Sign up is disabled', async () => {
    const { page, context } = await open('/signup');
    const first = page.getByRole('textbox', { name: 'First name' });
    await first.click();
    expect(await page.locator('[data-field-error]').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Last name' }).click();
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-field-error]').allInnerTexts()).toEqual(['The first name field is required.']);
    const signUp = page.getByRole('button', { name: 'Sign up' });
    expect(await signUp.isDisabled()).toBe(true);
    expect(await page.getByText('Accounts are created by an admin.').isVisible()).toBe(true);
    await expectAccessible(page);
    await context.close();
  });
});

describe('logging out and expired sessions', () => {
  it('logs out from the initials menu to the thank-you page, and the token no longer works', async () => {
    // A session of its own: the test ends it.
    const { page, context } = await open('/', { as: 'member@lead.test', newSession: true });
    const token = await page.evaluate(() => localStorage.getItem('lead.access_token'));
    await page.getByRole('button', { name: /menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expectRoute(page, '/signout-thankyou');
    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lead.access_token'))).toBeNull();
    expect((await apiCall(token!, 'GET /api/admin/account')).status).toBe(401);
    await context.close();
  });

  it('goes to login when the server answers 401 (a session revoked elsewhere)', async () => {
    const { page, context } = await open('/account-settings', { as: 'member@lead.test', newSession: true });
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('lead.access_token'));
    await apiCall(token!, 'GET /api/admin/logout');
    // The next call the app makes gets the 401: the settings section's after this click, unless one
    // of its own idle loads got there first and took the page (and the link) to login already; so the
    // click is not awaited, the route is.
    void page
      .getByRole('link', { name: 'Change password' })
      .click()
      .catch(() => undefined);
    await expectRoute(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('lead.user'))).toBeNull();
    await context.close();
  });
});

describe('password reset by email', () => {
  it("refuses an invalid email with 'Email is not valid', sends the mail, and sets a new password through its link", async () => {
    // A user of its own, invited (one mail) but without a password yet: the reset sets it.
    const { email } = await makeUser({ invitedOnly: true });
    await nthLinkTo(email, 1);

    const { page, context } = await open('/login');
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await expectRoute(page, '/reset-password-by-email');
    const field = page.getByRole('textbox', { name: 'Email' });
    await field.fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is not valid').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await mailsTo('not-an-email')).toEqual([]);
    await expectAccessible(page);

    await field.fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectToast(page, 'Email was sent');
    // The reset mail, after the invitation.
    const link = await nthLinkTo(email, 2);
    expect(await mailsTo(email)).toHaveLength(2);

    await page.goto(`${baseUrl()}/admin/#${link}`);
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('BrandNew123!');
    await page.getByLabel('Verify password').fill('BrandNew12');
    // Said once the field is left (lib/form.ts), under it.
    expect(await page.locator('[data-field-error]').count()).toBe(0);
    await page.getByLabel('Verify password').press('Tab');
    await page.getByText('The passwords do not match.').waitFor();
    expect(await page.getByLabel('Verify password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Verify password').fill('BrandNew123!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'Reset password success!');
    await expectRoute(page, '/login');

    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('BrandNew123!');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectRoute(page, '/');
    await context.close();
  });

  it("shows the server's message when the link is not valid, and stays on the page", async () => {
    // An address no one has: a wrong token still counts against the address's tries.
    const { page, context } = await open(
      `/reset-password/not-a-real-token?email=${encodeURIComponent(uniqueEmail('nobody'))}`,
    );
    await page.getByLabel('Password', { exact: true }).fill('Whatever123!');
    await page.getByLabel('Verify password').fill('Whatever123!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectToast(page, 'This password reset token is invalid.');
    // Said once: the toast's title, with no description repeating it.
    const toast = (await toastTexts(page)).find((t) => t.includes('This password reset token is invalid.'))!;
    expect(toast.split('This password reset token is invalid.')).toHaveLength(2);
    await expectRoute(page, '/reset-password/not-a-real-token');
    await context.close();
  });
});
