/**
 * Columns derived from the contract's schemas (issue #45, "one field, one edit"): what a write
 * body sets, and what an answer selects, so that a field added to a schema and to the table
 * (a migration, then `npm run db:types`) is written and read with no edit here.
 *
 * One rule for an absent field: a key the body leaves out (`undefined`) is not written, so an
 * update leaves the column as it is and an insert takes the column's default. A text value is
 * trimmed, and '' is null where the schema allows null; any other rule is a field's normaliser,
 * declared once beside the table's writer.
 *
 * A body key without a column in `src/db/schema.ts` is a type error at the writer, naming the key
 * (add the column, or list the key as `relations` when it lives in a join table); so is a key whose
 * value the column cannot take as it is (declare its normaliser).
 */
import { normalizeEmail } from '@lead/contract';
import type { UpdateType } from 'kysely';
import type { Static, TObject, TSchema } from 'typebox';
import type { DB } from '../db/schema.js';

type Table = keyof DB;
type Keys<S extends TObject> = keyof S['properties'] & string;
/** What a column takes in a write. */
type Column<T extends Table, K> = K extends keyof DB[T] ? UpdateType<DB[T][K]> : never;
/** A key's value as a body may send it, absent aside. */
type Sent<S extends TObject, K extends Keys<S>> = Exclude<Static<S>[K], undefined>;

type Written<T extends Table, S extends TObject, Skip extends string> = Exclude<Keys<S>, Skip> & keyof DB[T];
type NoColumn<T extends Table, S extends TObject, Skip extends string> = Exclude<Exclude<Keys<S>, Skip>, keyof DB[T]>;
/** The body's keys whose value the column cannot take as sent: each needs a normaliser. */
type Unfit<T extends Table, S extends TObject, Skip extends string> = {
  [K in Written<T, S, Skip>]: [Sent<S, K>] extends [Column<T, K>] ? never : K;
}[Written<T, S, Skip>];

/** Passes when every key has a column; otherwise the type error names each key without one. */
type ColumnCheck<T extends Table, S extends TObject, Skip extends string> = [NoColumn<T, S, Skip>] extends [never]
  ? unknown
  : {
      [
        K in NoColumn<T, S, Skip>
      ]: `no column ${T}.${K}: add it in a migration and run npm run db:types, or list the key as kept elsewhere`;
    };

export type Normalisers<T extends Table, S extends TObject, Skip extends string> = {
  [K in Written<T, S, Skip>]?: (value: Sent<S, K>) => Column<T, K>;
} & { [K in Unfit<T, S, Skip>]-?: (value: Sent<S, K>) => Column<T, K> };

/** The columns a body sets: its required keys always, its optional ones when sent. */
export type Columns<T extends Table, S extends TObject, Skip extends string> = {
  [K in Written<T, S, Skip>]?: Column<T, K>;
} & { [K in Written<T, S, Skip> as object extends Pick<Static<S>, K> ? never : K]-?: Column<T, K> };

const allowsNull = (s: TSchema): boolean => {
  const schema = s as { type?: unknown; anyOf?: TSchema[] };
  return (
    schema.type === 'null' ||
    (Array.isArray(schema.type) && schema.type.includes('null')) ||
    (schema.anyOf ?? []).some(allowsNull)
  );
};

/**
 * The writer of `table` from bodies of `schema`: it copies each key the body sends, through its
 * normaliser or the text rule. `relations` are the keys kept elsewhere (a join table, a column the
 * caller computes); they are never written.
 */
export function bodyColumns<T extends Table, S extends TObject, const Skip extends Keys<S> = never>(
  table: T,
  schema: S & ColumnCheck<T, S, Skip>,
  options: { relations?: readonly Skip[] } & ([Unfit<T, S, Skip>] extends [never]
    ? { normalise?: Normalisers<T, S, Skip> }
    : { normalise: Normalisers<T, S, Skip> }),
): (body: Static<S>) => Columns<T, S, Skip> {
  const skip = new Set<string>(options.relations ?? []);
  const normalise = ((options as { normalise?: object }).normalise ?? {}) as Record<
    string,
    ((value: unknown) => unknown) | undefined
  >;
  const fields = Object.entries(schema.properties as Record<string, TSchema>)
    .filter(([key]) => !skip.has(key))
    .map(([key, s]) => ({ key, nullable: allowsNull(s), normalise: normalise[key] }));
  void table;
  return (body) => {
    const sent = body as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const value = sent[f.key];
      if (value === undefined) continue;
      if (f.normalise) out[f.key] = f.normalise(value);
      else if (typeof value === 'string') out[f.key] = value.trim() === '' && f.nullable ? null : value.trim();
      else out[f.key] = value;
    }
    return out as Columns<T, S, Skip>;
  };
}

/** The columns an answer reads from `table`: its schema's keys but those the repository computes. */
export function answerColumns<T extends Table, S extends TObject, const Computed extends Keys<S> = never>(
  table: T,
  schema: S & ColumnCheck<T, S, Computed>,
  computed: readonly Computed[] = [],
): Array<Exclude<Keys<S>, Computed> & keyof DB[T] & string> {
  void table;
  const skip = new Set<string>(computed);
  return Object.keys(schema.properties).filter((k) => !skip.has(k)) as Array<
    Exclude<Keys<S>, Computed> & keyof DB[T] & string
  >;
}

/** The `keys` of `row`, and nothing else: an answer's columns out of a row that joins more. */
export const pick = <R extends object, K extends keyof R>(row: R, keys: readonly K[]): Pick<R, K> =>
  Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<R, K>;

/** A nullable e-mail address's normaliser: as sign-in reads one (`normalizeEmail`), '' is null. */
export const emailOrNull = (value: string | null): string | null =>
  value === null ? null : normalizeEmail(value) || null;
