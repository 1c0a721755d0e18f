import { onLoading } from '../api/loading.js';
import { startLoading, stopLoading } from '../stores/ui.js';

/** The shell's count of the calls in flight that show the loading overlay (subscribed once, before the app mounts). */
export function showLoading(): () => void {
  return onLoading((change) => (change > 0 ? startLoading() : stopLoading()));
}
