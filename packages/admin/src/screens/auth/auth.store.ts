import { isValidEmail, Messages } from '@lead/contract';
import { proxy } from 'valtio';
import { ApiError, call } from '../../api/client.js';
import { errorMessages } from '../../api/errors.js';
import { reportNotice } from '../../api/failures.js';
import { navigate } from '../../router/hash-location.js';
import { onSessionReset } from '../../stores/reset.js';
import { signIn } from '../../stores/session.js';
import { notify, showAlert } from '../../stores/ui.js';

const blank = () => ({
  login: { email: '', password: '', remember: false },
  resetRequest: { email: '', error: null as string | null, sent: false },
  resetPassword: { password: '', confirmation: '' },
  busy: false,
});

/** The sign-in, reset-request and reset-password forms. */
export const auth = proxy(blank());
onSessionReset(() => Object.assign(auth, blank()));

export async function logIn(): Promise<void> {
  if (auth.busy) return;
  auth.busy = true;
  try {
    const res = await call('POST /api/admin/login', {
      body: {
        email: auth.login.email.trim(),
        password: auth.login.password,
        hostname: window.location.hostname,
        remember: auth.login.remember,
      },
      hideError: true,
    });
    notify('success', res._messages[0] || Messages.loginSuccess);
    signIn(res._data.access_token, res._data.user);
    navigate('/');
  } catch (error) {
    // An error dialog with the server's message or the first _messages entry.
    if (error instanceof ApiError) showAlert(error.body?.message || error.body?._messages?.[0] || error.message);
  } finally {
    auth.busy = false;
  }
}

export async function requestReset(): Promise<void> {
  const email = auth.resetRequest.email.trim();
  if (!isValidEmail(email)) {
    auth.resetRequest.error = Messages.emailNotValid;
    return;
  }
  auth.resetRequest.error = null;
  try {
    await call('POST /api/admin/password/email', { body: { email } });
    auth.resetRequest.sent = true;
    notify('success', Messages.emailSent);
  } catch {
    /* shown by the shell (api/failures.ts) */
  }
}

export async function resetPassword(token: string, email: string): Promise<void> {
  try {
    const res = await call('POST /api/admin/password/reset', {
      body: {
        email,
        token,
        password: auth.resetPassword.password,
        password_confirmation: auth.resetPassword.confirmation,
      },
      hideError: true,
    });
    notify('success', res._messages[0] || Messages.resetSuccess);
    auth.resetPassword = { password: '', confirmation: '' };
    navigate('/login');
  } catch (error) {
    // Failure shows the server's message, once: the field messages that say something else under it.
    if (error instanceof ApiError) {
      const messages = errorMessages(error.body);
      const title = error.body?.message || messages[0]!;
      reportNotice(title, messages.filter((m) => m !== title).join(' '));
    }
  }
}
