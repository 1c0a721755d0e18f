/** Clients (docs/api/accounts.md, "Clients"): the client as answered, its body, and the route table. */
import { Type, type Static } from 'typebox';
import { IdArray, IdParams, Name, NameAndSitesQuery, NoData, Nullable, responses } from './common.js';
import type { DuplicateScope } from '../rules/billing.js';
import type { RouteSpec } from './route.js';

export const ClientSiteSchema = Type.Object({ id: Type.Integer(), name: Type.String(), label: Type.String() });
export type ClientSite = Static<typeof ClientSiteSchema>;

export const ClientSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  contact_name: Nullable(Type.String()),
  phone_number: Nullable(Type.String()),
  title: Nullable(Type.String()),
  email: Nullable(Type.String()),
  manager_id: Nullable(Type.Integer()),
  manager_name: Nullable(Type.String()),
  site_ids: Type.Array(Type.Integer()),
  sites: Type.Array(ClientSiteSchema),
  /** Duplicates and spend (rules/billing.ts). */
  duplicate_scope: Type.Union([Type.Literal('campaign'), Type.Literal('client')]),
  duplicate_window_days: Type.Integer(),
  currency: Type.String(),
  deliver_duplicates: Type.Boolean(),
  /** Months its leads' personal data is kept; null: the server's default (GET /config `retention_months`). */
  retention_months: Nullable(Type.Integer()),
  /** Days after a lead's capture within which the client's rejection of it is credited (docs/api/verdicts.md). */
  verdict_window_days: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Client = Static<typeof ClientSchema>;

/** POST /clients and PUT /clients/{id} (its rules: `clientErrors`). */
export const ClientBody = Type.Object({
  name: Name,
  contact_name: Type.Optional(Nullable(Name)),
  phone_number: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  title: Type.Optional(Nullable(Name)),
  email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
  manager_id: Nullable(Type.Integer({ minimum: 1 })),
  site_ids: IdArray,
  // Duplicates and spend (issue #31); their rules in clientErrors. Absent: the default
  // (CLIENT_BILLING_DEFAULTS) on create, unchanged on update.
  duplicate_scope: Type.Optional(Type.Unsafe<DuplicateScope>(Type.String({ maxLength: 20 }))),
  duplicate_window_days: Type.Optional(Type.Integer()),
  currency: Type.Optional(Type.String({ maxLength: 3 })),
  deliver_duplicates: Type.Optional(Type.Boolean()),
  // Months its leads' personal data is kept (null: the server's default; absent: unchanged). Any
  // value here: ajv's coercion would turn a null into 0 for a nullable integer; clientErrors checks it.
  retention_months: Type.Optional(Type.Unsafe<number | null>({})),
  // Absent: the default (DEFAULT_VERDICT_WINDOW_DAYS) on create, unchanged on update; its rule in clientErrors.
  verdict_window_days: Type.Optional(Type.Integer()),
});
export type ClientPayload = Static<typeof ClientBody>;

const OneClient = responses(Type.Object({ model: ClientSchema }));

export const clientsApi = {
  list: {
    method: 'GET',
    url: '/api/admin/clients',
    querystring: Type.Object({
      ...NameAndSitesQuery.properties,
      /** '1': only the clients the caller manages. */
      assigned: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('')])),
    }),
    response: responses(Type.Object({ models: Type.Array(ClientSchema) })),
  },
  create: { method: 'POST', url: '/api/admin/clients', body: ClientBody, response: OneClient },
  update: { method: 'PUT', url: '/api/admin/clients/:id', params: IdParams, body: ClientBody, response: OneClient },
  delete: { method: 'DELETE', url: '/api/admin/clients/:id', params: IdParams, response: NoData },
} as const satisfies Record<string, RouteSpec>;
export type ClientsApi = typeof clientsApi;
