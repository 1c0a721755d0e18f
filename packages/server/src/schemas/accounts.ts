import type { DuplicateScope } from '@lead/contract';
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
  // Duplicates and spend (issue #31); their rules in clientErrors.
  duplicate_scope: Type.Optional(Type.Unsafe<DuplicateScope>(Type.String({ maxLength: 20 }))),
  duplicate_window_days: Type.Optional(Type.Integer()),
  currency: Type.Optional(Type.String({ maxLength: 3 })),
  deliver_duplicates: Type.Optional(Type.Boolean()),
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
  duplicate_scope: Type.Union([Type.Literal('campaign'), Type.Literal('client')]),
  duplicate_window_days: Type.Integer(),
  currency: Type.String(),
  deliver_duplicates: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const NameAndSitesQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  site_ids: Type.Optional(Type.Union([IdList, Type.Literal('')])),
});
