import { onFailure } from '../api/failures.js';
import { navigate } from '../router/hash-location.js';
import { clearSession, session } from '../stores/session.js';
import { notify } from '../stores/ui.js';

/**
 * The shell's answer to a failed call (subscribed once, before the app mounts): a 401 or 403
 * while signed in clears the session and goes to login; then each notice is shown as a toast.
 */
export function showFailures(): () => void {
  return onFailure((failure) => {
    if (failure.endsSession && session.token) {
      clearSession();
      navigate('/login');
    }
    for (const n of failure.notices) notify(n.tone ?? 'error', n.title, n.description);
  });
}
