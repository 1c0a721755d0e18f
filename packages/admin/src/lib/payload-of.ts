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
import type { Static, TObject, TSchema } from 'typebox';

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

const isFreeText = (s: TSchema): boolean => {
  const schema = s as { type?: unknown; anyOf?: TSchema[]; pattern?: string; format?: string };
  const members = schema.anyOf ?? [s];
  const text = members.some((m) => {
    const t = m as { type?: unknown; pattern?: string; format?: string };
    return t.type === 'string' && t.pattern === undefined && t.format === undefined;
  });
  return text && members.some((m) => (m as { type?: unknown }).type === 'null');
};

/** Fills the body of `schema` from `answer` (see above); `special` fills the keys that differ. */
export function payloadFrom<S extends TObject, A extends object>(
  schema: S,
  answer: A,
  special: Special<S, A>,
): FilledPayload<S, A> {
  const out: Record<string, unknown> = {};
  const fill = special as Record<string, ((a: A) => unknown) | undefined>;
  for (const [key, s] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const own = fill[key];
    const value = own ? own(answer) : (answer as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) out[key] = [...(value as unknown[])];
    else if (value === null && !own && isFreeText(s)) out[key] = '';
    else out[key] = value;
  }
  return out as FilledPayload<S, A>;
}
