import { api } from '../api/client.js';
import type { AuthApi, DataOf, Under } from '@lead/contract/api';
import { navigate } from '../router/hash-location.js';
import { clearSession } from '../stores/session.js';

/** Logout success clears the session and shows the thank-you page; failure clears and reloads. */
export async function logOut(): Promise<void> {
  try {
    await api<DataOf<AuthApi['logout']>>('GET', 'logout' satisfies Under<'/api/admin', AuthApi['logout']>, {
      hideError: true,
    });
    clearSession();
    navigate('/signout-thankyou');
  } catch {
    clearSession();
    window.location.reload();
  }
}
