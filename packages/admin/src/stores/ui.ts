import { createToastQueue, showToast, type ToastTone } from '@lead/headless/Toast';
import { proxy } from 'valtio';
import { Messages } from '@lead/contract';

/** App-wide UI state: the loading overlay's count of calls in flight, and the alert dialog. */
export const ui = proxy({
  loading: 0,
  alert: null as null | { title: string; messages: string[] },
});

/** The toasts, queued outside React so that the API client can add to them. */
export const toasts = createToastQueue({ maxVisibleToasts: 4 });

export function notify(tone: ToastTone, title: string, description?: string): void {
  showToast(toasts, { tone, title, ...(description ? { description } : {}) });
}

/** What every drop zone says when it refuses what was dropped. */
export const notifyDropZoneError = (): void => notify('error', Messages.dropZoneError);

export function startLoading(): void {
  ui.loading++;
}
export function stopLoading(): void {
  ui.loading = Math.max(0, ui.loading - 1);
}

/** An error dialog (login failure, 'Opps!' on a password change). */
export function showAlert(title: string, messages: string[] = []): void {
  ui.alert = { title, messages };
}
export function closeAlert(): void {
  ui.alert = null;
}
