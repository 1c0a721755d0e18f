import { proxy } from 'valtio';
import { navigate } from '../../router/hash-location.js';
import { onSessionReset } from '../../stores/reset.js';
import { builder } from './state.js';

/*
 * Leaving the builder with unsaved changes asks first, in the app's own dialog ("Leave without
 * saving?", Leave or Stay): a navigation inside the app waits here until the answer. Closing or
 * reloading the tab is the browser's own question (beforeunload, BuilderScreen).
 */
export const leave = proxy({ pending: null as string | null });
onSessionReset(() => {
  leave.pending = null;
});

/** The builder's leave guard (router/hash-location.ts): goes at once when nothing is unsaved, else asks. */
export function guardLeave(to: string): boolean {
  if (!builder.dirty) return true;
  leave.pending = to;
  return false;
}

/** Leave: the changes are dropped and the navigation asked for goes on. */
export function confirmLeave(): void {
  const to = leave.pending;
  leave.pending = null;
  if (to === null) return;
  builder.dirty = false;
  navigate(to);
}

/** Stay: the builder stays as it is, its changes unsaved. */
export function stayInBuilder(): void {
  leave.pending = null;
}
