import { Type, type TSchema } from 'typebox';
import { MAX_INT } from '../lib/input.js';

/** The success envelope around `_data` (api.md, Envelope). */
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

/** A comma list of ids in a query string, e.g. `site_ids=1,2,3`, each within a PostgreSQL integer. */
export const IdList = Type.String({ format: 'id-list', maxLength: 2000 });
/** A comma list of integers that may be negative, e.g. `status=-1,3`. */
export const IntList = Type.String({ format: 'int-list', maxLength: 2000 });

export const parseIdList = (value: string | undefined): number[] | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.split(',').map((v) => Number(v.trim()));

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  display_name: Type.String(),
  description: Type.String(),
});

export const User = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  avatar: Nullable(Type.String()),
  status: Type.Integer(),
  roles: Type.Array(Role),
  sites: Type.Array(Type.Object({ id: Type.Integer(), hostname: Type.String() })),
  client_ids: Type.Array(Type.Integer()),
  created_at: Type.String(),
  hostname: Nullable(Type.String()),
});
