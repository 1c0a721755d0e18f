import { useCallback, useState } from 'react';

/*
 * One rule for every form's field errors: a field's message shows once the person has left the
 * field (touched) or tried to submit, never while they have typed nothing yet; it shows under the
 * field (the headless fields link it with aria-describedby and set aria-invalid). A form's primary
 * button stays enabled: pressed with errors, it shows them all instead of going on.
 */

/** The message a field shows now: its error once touched or submitted, else none. */
export function shownError(error: string | null | undefined, touched: boolean, submitted: boolean): string | null {
  return error && (touched || submitted) ? error : null;
}

/** A form's field errors by key: one message (or none) each, or a list whose first is shown. */
export type FormErrors<K extends string> = Partial<Record<K, string | readonly string[] | null | undefined>>;

const first = (e: string | readonly string[] | null | undefined): string | null =>
  typeof e === 'string' ? e : (e?.[0] ?? null);

export interface TouchedForm<K extends string> {
  /** A field's props: its message when it shows, and onBlur marking it touched. */
  field(key: K): { errorMessage: string | null; onBlur: () => void };
  /** A field's message when it shows (for fields that take no onBlur: choices, lists). */
  error(key: K): string | null;
  /** Marks a field touched (a choice made, a list changed). */
  touch(key: K): void;
  /** On submit: every message shows from now on; true when there is none, so the form goes on. */
  submit(): boolean;
  /** Whether a submit was tried. */
  submitted: boolean;
  /** Forgets what was touched and tried (the form opened again); the same function on every render. */
  reset(): void;
}

/** The touched-and-submitted state of one form, over `errors` as they are now. */
export function useTouched<K extends string>(errors: FormErrors<K> | null | undefined): TouchedForm<K> {
  const [touched, setTouched] = useState<ReadonlySet<K>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const touch = useCallback((key: K) => setTouched((was) => (was.has(key) ? was : new Set([...was, key]))), []);
  const reset = useCallback(() => {
    setTouched(new Set());
    setSubmitted(false);
  }, []);
  const error = (key: K) => shownError(first(errors?.[key]), touched.has(key), submitted);
  return {
    field: (key) => ({ errorMessage: error(key), onBlur: () => touch(key) }),
    error,
    touch,
    submit: () => {
      setSubmitted(true);
      return !Object.values(errors ?? {}).some((e) => first(e as string | readonly string[] | null) !== null);
    },
    submitted,
    reset,
  };
}
