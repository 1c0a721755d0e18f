import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { auth } from './auth.store.js';
import ResetPasswordScreen from './ResetPasswordScreen.js';
import SignUpScreen from './SignUpScreen.js';

/*
 * The sign-up and reset-password forms follow the one rule of lib/form.ts: no message before a
 * field is left or the form is sent, then each under its field (aria-invalid, aria-describedby).
 */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);
const errors = () => [...document.querySelectorAll('[data-field-error]')].map((e) => e.textContent).filter(Boolean);

const requests: Request[] = [];
beforeEach(() => {
  requests.length = 0;
  auth.resetPassword = { password: '', confirmation: '' };
  vi.stubGlobal('fetch', (request: Request) => {
    requests.push(request);
    return Promise.resolve(Response.json({ _status: 1, _data: {}, _messages: ['Reset password success!'] }));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderReset() {
  const { hook, searchHook } = memoryLocation({ path: '/reset-password/tok?email=a%40b.co' });
  render(
    <Router hook={hook} searchHook={searchHook}>
      <Route path="/reset-password/:token">
        <ResetPasswordScreen />
      </Route>
    </Router>,
  );
}

describe('ResetPasswordScreen', () => {
  it('says nothing before a field is left, then the mismatch under Verify password', async () => {
    const user = userEvent.setup();
    renderReset();
    const password = screen.getByLabelText(/^Password/);
    const verify = screen.getByLabelText(/^Verify password/);
    await user.type(password, 'BrandNew123!');
    await user.type(verify, 'BrandNew12');
    expect(errors()).toEqual([]);
    expect(verify.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(verify.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(verify)).toEqual(['The passwords do not match.']);
    expect(password.getAttribute('aria-invalid')).toBeNull();
    await user.type(verify, '3!');
    expect(errors()).toEqual([]);
  });

  it('keeps Reset password enabled: pressed empty, it shows every message and sends nothing', async () => {
    const user = userEvent.setup();
    renderReset();
    const button = screen.getByRole('button', { name: 'Reset password' });
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.click(button);
    expect(errors()).toEqual(['The password field is required.', 'The verify password field is required.']);
    expect(requests).toEqual([]);
    await user.type(screen.getByLabelText(/^Password/), 'BrandNew123!');
    await user.type(screen.getByLabelText(/^Verify password/), 'BrandNew123!');
    await user.click(button);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url).pathname).toMatch(/password\/reset$/);
  });
});

describe('SignUpScreen', () => {
  it('shows a field’s message once it is left, and says under the disabled Sign up why it is', async () => {
    const user = userEvent.setup();
    const { hook } = memoryLocation({ path: '/signup' });
    render(
      <Router hook={hook}>
        <SignUpScreen />
      </Router>,
    );
    const first = screen.getByRole('textbox', { name: 'First name' });
    expect(errors()).toEqual([]);
    await user.click(first);
    await user.tab();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(first)).toEqual(['The first name field is required.']);
    // The others, not left yet, keep quiet.
    expect(errors()).toEqual(['The first name field is required.']);
    await user.type(first, 'Lan');
    expect(first.getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByLabelText(/^Password/), 'abcdefgh');
    await user.type(screen.getByLabelText(/^Verify password/), 'abc');
    await user.tab();
    // Last name was left too (the tab after First name went there).
    expect(errors()).toEqual(['The last name field is required.', 'The passwords do not match.']);
    const button = screen.getByRole('button', { name: 'Sign up' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(describedBy(button)).toEqual(['Accounts are created by an admin.']);
    expect(screen.getByText('Accounts are created by an admin.')).toBeTruthy();
  });
});
