/**
 * A form's payload from a saved answer, by the body schema's keys (issue #45, "one field, one
 * edit"): a field added to both the answer's and the body's schema reaches the edit form with no
 * edit here. Each key is copied from the answer as it is, with one rule for what forms need: a
 * list is copied (the form may change it), and a null free text (a nullable string without a
 * pattern or format) is '' (what a text input holds; the server stores '' as null).
 *
 * Only the fields that differ are declared (`special`): a key the answer lacks, or holds in
 * another type, must be, and the type checker names it.
 */
import type * as api from '@lead/contract/api';
import type { Static, TObject } from 'typebox';
import bodies from 'virtual:lead-body-keys';

/** The contract's write bodies by name (`ClientBody`, `UserBody`, …). */
type Bodies = { [N in keyof typeof api as N extends `${string}Body` ? N : never]: (typeof api)[N] };
export type BodyName = { [N in keyof Bodies]: Bodies[N] extends TObject ? N : never }[keyof Bodies];

type Keys<S extends TObject> = keyof S['properties'] & string;
type Sent<S extends TObject, K extends Keys<S>> = Exclude<Static<S>[K], undefined>;

/** The body keys the answer cannot fill as it is: each needs its `special`. */
type Unfilled<S extends TObject, A> = {
  [K in Keys<S>]: K extends keyof A ? ([A[K]] extends [Sent<S, K>] ? never : K) : K;
}[Keys<S>];

export type Special<S extends TObject, A> = { [K in Keys<S>]?: (answer: A) => Sent<S, K> } & {
  [K in Unfilled<S, A>]-?: (answer: A) => Sent<S, K>;
};

/** The payload: the body's type, with every key the answer holds filled in. */
export type FilledPayload<S extends TObject, A> = Static<S> & { [K in Keys<S> & keyof A]-?: Sent<S, K> };

/**
 * Fills the body `name` (its schema's keys, read at build time) from `answer` (see above);
 * `special` fills the keys that differ.
 */
export function payloadFrom<N extends BodyName, A extends object>(
  name: N,
  answer: A,
  special: Special<Extract<Bodies[N], TObject>, A>,
): FilledPayload<Extract<Bodies[N], TObject>, A> {
  const out: Record<string, unknown> = {};
  const fill = special as Record<string, ((a: A) => unknown) | undefined>;
  for (const [key, freeText] of bodies[name] ?? []) {
    const own = fill[key];
    const value = own ? own(answer) : (answer as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) out[key] = [...(value as unknown[])];
    else if (value === null && !own && freeText) out[key] = '';
    else out[key] = value;
  }
  return out as FilledPayload<Extract<Bodies[N], TObject>, A>;
}
