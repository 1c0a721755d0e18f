/**
 * "Erase a person" (docs/api/accounts.md, docs/privacy.md): `POST /api/admin/leads/erasure` finds,
 * and unless `dry_run` erases, the leads of one person (by e-mail or phone number) in every
 * campaign the caller may see. `leads` and `campaigns` count them; `by_campaign` says where.
 */
import { Type, type Static } from 'typebox';
import type { RouteSpec } from './route.js';
import { responses } from './common.js';

export const ErasureBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 254 })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
  dry_run: Type.Optional(Type.Boolean()),
});
export type ErasureRequest = Static<typeof ErasureBody>;

export const ErasureCampaign = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  site: Type.String(),
  /** Leads of the person in this campaign (found, or erased). */
  leads: Type.Integer(),
});

export const ErasureResult = Type.Object({
  leads: Type.Integer(),
  campaigns: Type.Integer(),
  by_campaign: Type.Array(ErasureCampaign),
  dry_run: Type.Boolean(),
});
export type ErasureAnswer = Static<typeof ErasureResult>;

export const erasureApi = {
  erase: { method: 'POST', url: '/api/admin/leads/erasure', body: ErasureBody, response: responses(ErasureResult) },
} as const satisfies Record<string, RouteSpec>;

export type ErasureApi = typeof erasureApi;
