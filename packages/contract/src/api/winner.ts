/**
 * "Which campaign wins this page" (issue #42): for a site, a page (its URL and `lead:tags`) and a
 * device, now, the campaign a fresh visitor sees and why each candidate was or was not chosen, by
 * the runtime's own choice function (`runtime/winner.ts`).
 */
import { Type, type Static } from 'typebox';
import { MAX_HOST_LENGTH, MAX_SOURCE_LENGTH } from '../runtime/source.js';
import { WINNER_REASONS } from '../runtime/winner.js';
import { IdParams, MAX_INT, Nullable, OneOf, responses } from './common.js';
import type { RouteSpec } from './route.js';

export const WinnerQuery = Type.Object({
  url: Type.String({ maxLength: 2000 }),
  device: OneOf(['desktop', 'mobile'] as const),
  /** The page's `lead:tags`, a comma list. */
  tags: Type.Optional(Type.String({ maxLength: 1000 })),
  /** A campaign always listed among the candidates, whether it targets the page or not (the builder's own). */
  campaign: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INT })),
  // The visitor (all optional: a new visitor's first page, from nowhere, nothing seen yet).
  /** Where the visit came from: the campaign tags of its landing address and the referring site's host. */
  utm_source: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SOURCE_LENGTH })),
  utm_medium: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SOURCE_LENGTH })),
  utm_campaign: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SOURCE_LENGTH })),
  utm_term: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SOURCE_LENGTH })),
  utm_content: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SOURCE_LENGTH })),
  referrer_host: Type.Optional(
    Type.String({ minLength: 1, maxLength: MAX_HOST_LENGTH, pattern: '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$' }),
  ),
  /** A new visitor (by default) or one who has been on the site before. */
  visitor: Type.Optional(OneOf(['new', 'returning'] as const)),
  /** Pages read in this visit, this one included (1 by default). */
  pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  /** Pop-ups the visitor has seen in this visit, and today (this visit's included), for the site's cap. */
  shown_visit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  shown_day: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
});

export const WinnerCandidateSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  status: Type.Integer(),
  reason: OneOf(WINNER_REASONS),
  message: Type.String(),
});
export type WinnerCandidate = Static<typeof WinnerCandidateSchema>;

export const WinnerSchema = Type.Object({
  url: Type.String(),
  device: OneOf(['desktop', 'mobile'] as const),
  /** When the answer holds: the server's time, as the wire writes dates. */
  at: Type.String(),
  /** The campaign a fresh visitor sees (null: none). */
  winner: Nullable(WinnerCandidateSchema),
  /**
   * The campaigns that target the page, running or not, and the one asked for, each with its
   * verdict: the winner first, then those that would show but lose, then the rest, in the site's
   * order (the campaigns not running last).
   */
  candidates: Type.Array(WinnerCandidateSchema),
});
export type Winner = Static<typeof WinnerSchema>;

export const winnerApi = {
  winner: {
    method: 'GET',
    url: '/api/admin/sites/:id/winner',
    params: IdParams,
    querystring: WinnerQuery,
    response: responses(WinnerSchema),
  },
} as const satisfies Record<string, RouteSpec>;
export type WinnerApi = typeof winnerApi;
