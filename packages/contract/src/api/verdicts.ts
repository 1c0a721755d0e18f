/**
 * The clients' verdicts on their leads (issue #46; docs/api/verdicts.md): the client API that takes
 * them, with a client's API key, the admin routes that create and revoke those keys, and the
 * signed link of each scheduled lead file's mail.
 */
import { Type, type Static } from 'typebox';
import { MAX_VERDICTS_PER_REQUEST } from '../rules/verdicts.js';
import { MAX_INT, Name, NoData, Nullable, OneOf, responses } from './common.js';
import type { RouteSpec } from './route.js';

/** Where the client API is served: what a client's own systems call, with an API key. */
export const CLIENT_API_PREFIX = '/api/client/v1';

export const VerdictItemSchema = Type.Object({
  lead_id: Type.Integer({ minimum: 1, maximum: MAX_INT }),
  verdict: OneOf(['accepted', 'rejected'] as const),
  /** With 'rejected': wrong_number, unreachable, not_interested, fake or duplicate. */
  reason: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
});
export type VerdictItem = Static<typeof VerdictItemSchema>;

export const VerdictsBody = Type.Object({
  verdicts: Type.Array(VerdictItemSchema, { minItems: 1, maxItems: MAX_VERDICTS_PER_REQUEST }),
});

export const VerdictResultSchema = Type.Object({
  lead_id: Type.Integer(),
  /** recorded; unchanged (the same verdict again); window_closed (a verdict given is final after the window); not_found (no lead of this client). */
  result: OneOf(['recorded', 'unchanged', 'window_closed', 'not_found'] as const),
  /** Whether the lead is credited: a rejection within the window of a lead the client pays for. */
  credited: Type.Boolean(),
});
export type VerdictResult = Static<typeof VerdictResultSchema>;

export const ApiKeySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The key's first characters, which name it ("lk_3f9a2c1d"). */
  prefix: Type.String(),
  created_at: Type.String(),
  last_used_at: Nullable(Type.String()),
  revoked_at: Nullable(Type.String()),
});
export type ApiKey = Static<typeof ApiKeySchema>;

const ClientIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_INT }) });
const KeyParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_INT }),
  keyId: Type.Integer({ minimum: 1, maximum: MAX_INT }),
});

/** A lead file's verdict link: `v1.{file}.{client}.{expiry}.{signature}` (server/src/lib/verdict-links.ts). */
export const VERDICT_LINK_PATTERN = '^v1\\.[0-9]{1,19}\\.[0-9]{1,10}\\.[0-9]{1,12}\\.[A-Za-z0-9_-]{43}$';
const LinkParams = Type.Object({ token: Type.String({ maxLength: 120, pattern: VERDICT_LINK_PATTERN }) });

/** A lead of a file, as its verdict link shows it: no more of the person than the file carries. */
export const LinkLeadSchema = Type.Object({
  id: Type.Integer(),
  /** When it was captured, the server's wall time as in the file. */
  created_at: Type.String(),
  campaign: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  verdict: Nullable(OneOf(['accepted', 'rejected'] as const)),
  reason: Nullable(Type.String()),
  credited: Type.Boolean(),
});
export type LinkLead = Static<typeof LinkLeadSchema>;

export const LeadFileVerdictsSchema = Type.Object({
  client_name: Type.String(),
  /** When the file was sent (null: not yet). */
  sent_at: Nullable(Type.String()),
  /** When the link stops working: the file's making plus the client's window. */
  expires_at: Type.String(),
  window_days: Type.Integer(),
  leads: Type.Array(LinkLeadSchema),
});
export type LeadFileVerdicts = Static<typeof LeadFileVerdictsSchema>;

export const verdictsApi = {
  /** The client API: verdicts on the client's leads (Authorization: Bearer <key>). */
  record: {
    method: 'POST',
    url: '/api/client/v1/verdicts',
    body: VerdictsBody,
    response: responses(Type.Object({ results: Type.Array(VerdictResultSchema) })),
  },
  listKeys: {
    method: 'GET',
    url: '/api/admin/clients/:id/api-keys',
    params: ClientIdParams,
    response: responses(Type.Object({ models: Type.Array(ApiKeySchema) })),
  },
  /** The key itself is in this answer only: it is kept hashed. */
  createKey: {
    method: 'POST',
    url: '/api/admin/clients/:id/api-keys',
    params: ClientIdParams,
    body: Type.Object({ name: Name }),
    response: responses(Type.Object({ model: ApiKeySchema, key: Type.String() })),
  },
  revokeKey: {
    method: 'DELETE',
    url: '/api/admin/clients/:id/api-keys/:keyId',
    params: KeyParams,
    response: NoData,
  },
  /** A lead file's verdict link (no account): the file's leads and the verdicts given on them. */
  readLink: {
    method: 'GET',
    url: '/api/client/v1/lead-files/:token',
    params: LinkParams,
    response: responses(LeadFileVerdictsSchema),
  },
  /** Verdicts through a lead file's link: the same rules as `record`, on that file's leads only. */
  recordLink: {
    method: 'POST',
    url: '/api/client/v1/lead-files/:token/verdicts',
    params: LinkParams,
    body: VerdictsBody,
    response: responses(Type.Object({ results: Type.Array(VerdictResultSchema) })),
  },
} as const satisfies Record<string, RouteSpec>;
export type VerdictsApi = typeof verdictsApi;
