/*
 * Where failed calls are told, so that the request client only requests: the client (and a screen
 * that words a failure its own way) reports here, and the shell, subscribed once at start
 * (shell/failures.ts), shows the notices and ends the session.
 */

/** One notice to show: an error unless said otherwise. */
export interface FailureNotice {
  title: string;
  description?: string;
  tone?: 'error' | 'warning';
}

export interface Failure {
  /** A 401 or 403 answer: the session is over. */
  endsSession: boolean;
  /** What the user is told; none when the caller shows the failure itself (hideError). */
  notices: readonly FailureNotice[];
}

type Listener = (failure: Failure) => void;
const listeners = new Set<Listener>();

/** Hears every failure from now on; returns the unsubscribe. */
export function onFailure(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener, at once (before the failed call's promise settles). */
export function reportFailure(failure: Failure): void {
  for (const listener of listeners) listener(failure);
}

/** A screen's own words for a failure it shows itself (a save's field messages). */
export function reportNotice(title: string, description?: string, tone: FailureNotice['tone'] = 'error'): void {
  reportFailure({ endsSession: false, notices: [{ title, ...(description ? { description } : {}), tone }] });
}
