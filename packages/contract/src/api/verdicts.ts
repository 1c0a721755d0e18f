/**
 * The clients' verdicts on their leads (issue #46; docs/api/verdicts.md): the client API that takes
 * them, with a client's API key, and the admin routes that create and revoke those keys.
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
} as const satisfies Record<string, RouteSpec>;
export type VerdictsApi = typeof verdictsApi;
