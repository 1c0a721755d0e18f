import { call } from '../api/client.js';
import { navigate } from '../router/hash-location.js';
import { clearSession } from '../stores/session.js';

/** Logout success clears the session and shows the thank-you page; failure clears and reloads. */
export async function logOut(): Promise<void> {
  try {
    await call('GET /api/admin/logout', { hideError: true });
    clearSession();
    navigate('/signout-thankyou');
  } catch {
    clearSession();
    window.location.reload();
  }
}
