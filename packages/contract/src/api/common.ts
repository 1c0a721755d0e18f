/** The admin API's envelope and the small pieces its schemas share (docs/api.md, "Conventions"). */
import { Type, type TSchema } from 'typebox';

/** The largest PostgreSQL integer: every id and count is within it. */
export const MAX_INT = 2_147_483_647;

/** The success envelope around `_data`. */
export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({
    _status: Type.Literal(1),
    _data: data,
    _messages: Type.Array(Type.String()),
  });

export const ErrorEnvelope = Type.Object({
  _status: Type.Literal(-1),
  _data: Type.Null(),
  _messages: Type.Array(Type.String()),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

/** Response schemas for a route: its success shape plus the error envelope for every error status. */
export const responses = <T extends TSchema>(data: T) => ({
  200: Ok(data),
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
});

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_INT }) });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * One of a constant list's values: the union of their literals, typed as the list's values (a
 * plain `Type.Union(values.map(Type.Literal))` is typed `never`: its members are an array, not a tuple).
 */
export const OneOf = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));

/** A comma list of ids in a query string, e.g. `site_ids=1,2,3`, each within a PostgreSQL integer (the server's `id-list` format). */
export const IdList = Type.String({ format: 'id-list', maxLength: 2000 });
/** A comma list of integers that may be negative, e.g. `status=-1,3` (the server's `int-list` format). */
export const IntList = Type.String({ format: 'int-list', maxLength: 2000 });

/** A name as a person or a client is called. */
export const Name = Type.String({ maxLength: 255 });

/** An uploaded file's URL (from POST /uploads) or an absolute http(s) URL. */
export const FileUrl = Type.String({ maxLength: 2000, pattern: '^(/uploads/[A-Za-z0-9._/-]+|https?://\\S+)$' });

/** Ids in a JSON body, each a row's. */
export const IdArray = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 });

/** The user and client lists' filters: a name's part and the caller's sites. */
export const NameAndSitesQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  site_ids: Type.Optional(Type.Union([IdList, Type.Literal('')])),
});

/** An answer with no data (a delete, a sign-out, a mail sent): the envelope's `_data` is null. */
export const NoData = responses(Type.Null());
