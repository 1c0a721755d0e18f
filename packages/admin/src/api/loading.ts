/*
 * Where the calls that show the loading overlay say they start and end, so that the request
 * client keeps no UI state: the shell, subscribed once at start (shell/loading.ts), counts them
 * into the overlay.
 */

/** +1 when a call starts, -1 when it ends (answered, failed or aborted). */
type Listener = (change: 1 | -1) => void;
const listeners = new Set<Listener>();

/** Hears every start and end from now on; returns the unsubscribe. */
export function onLoading(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportLoading(change: 1 | -1): void {
  for (const listener of listeners) listener(change);
}
