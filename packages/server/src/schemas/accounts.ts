import { Type } from 'typebox';
import { IdList, Nullable } from './common.js';
import { FileUrl, Name } from './fields.js';

const Ids = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 });

export const UserBody = Type.Object({
  first_name: Name,
  last_name: Type.Optional(Name),
  email: Type.String({ maxLength: 254 }),
  avatar: Type.Optional(Nullable(FileUrl)),
  status: Type.Integer(),
  role_ids: Ids,
  site_ids: Ids,
  client_ids: Ids,
});

export const ClientBody = Type.Object({
  name: Name,
  contact_name: Type.Optional(Nullable(Name)),
  phone_number: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  title: Type.Optional(Nullable(Name)),
  email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
  manager_id: Nullable(Type.Integer({ minimum: 1 })),
  site_ids: Ids,
  // Checked by the contract's clientErrors: the validator coerces types (null would read as 0, or 0 as null).
  retention_months: Type.Optional(Type.Unsafe<number | null>({})),
});

export const Client = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  contact_name: Nullable(Type.String()),
  phone_number: Nullable(Type.String()),
  title: Nullable(Type.String()),
  email: Nullable(Type.String()),
  manager_id: Nullable(Type.Integer()),
  manager_name: Nullable(Type.String()),
  site_ids: Type.Array(Type.Integer()),
  sites: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), label: Type.String() })),
  retention_months: Nullable(Type.Integer()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const NameAndSitesQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  site_ids: Type.Optional(Type.Union([IdList, Type.Literal('')])),
});
