/**
 * "Erase a person" (docs/api/accounts.md, docs/privacy.md): `POST /api/admin/leads/erasure` finds,
 * and unless `dry_run` erases, the leads of one person (by e-mail or phone number) in every
 * campaign the caller may see. `leads` and `campaigns` count them; `by_campaign` says where.
 * `country` (one of the sites' countries) reads a national number; without it a national number
 * is read in each site's country and must mean one number only (400 naming them otherwise).
 */
import { Type, type Static } from 'typebox';
import type { RouteSpec } from './route.js';
import { Nullable, responses } from './common.js';

export const ErasureBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 254 })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
  country: Type.Optional(Type.String({ maxLength: 3 })),
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
  /** The number (E.164) the phone was taken to be; null without a phone, or when a national form matched nothing. */
  phone_e164: Nullable(Type.String()),
  dry_run: Type.Boolean(),
});
export type ErasureAnswer = Static<typeof ErasureResult>;

export const erasureApi = {
  erase: { method: 'POST', url: '/api/admin/leads/erasure', body: ErasureBody, response: responses(ErasureResult) },
} as const satisfies Record<string, RouteSpec>;

export type ErasureApi = typeof erasureApi;
