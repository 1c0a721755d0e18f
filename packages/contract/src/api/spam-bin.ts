/**
 * A campaign's spam bin (issue #44): the leads a person plausibly did not send (docs/runtime-people.md,
 * "Is it a person?"), kept with their reasons, neither delivered nor billed nor counted, until an
 * admin releases one: then it is stored, counted and delivered as any lead, and the release is in
 * the campaign's history.
 */
import { Type, type Static } from 'typebox';
import { IdParams, Nullable, OneOf, responses } from './common.js';
import type { RouteSpec } from './route.js';

/** Why a lead went to the spam bin: each reason's code, as stored, and what staff read. */
export const SPAM_REASONS = {
  no_page_view: 'No page view: it was not sent from a pop-up shown on a page',
  bad_page_view: 'Its page view was not signed by Lead, is another visitor’s or is over an hour old',
  not_shown: 'The campaign was not shown in its page view',
  no_pow: 'No proof of work: the form’s hidden challenge was not solved',
  bad_pow: 'Its proof of work is wrong or not Lead’s',
  expired_pow: 'Its proof of work is over an hour old',
  replayed_pow: 'Its proof of work was used by another lead',
  honeypot: 'The hidden field a person never sees was filled in',
  too_fast: 'Sent sooner after the form opened than a person types',
  bot_agent: 'Sent by a bot’s user agent (a crawler, a script or a headless browser)',
  no_site_page: 'Not sent from a page of the site (no Origin or Referer of it)',
} as const;
export type SpamReason = keyof typeof SPAM_REASONS;
export const SPAM_REASON_CODES = Object.keys(SPAM_REASONS) as SpamReason[];

/** A lead in the spam bin, as staff read it. */
export const SpamLeadRow = Type.Object({
  id: Type.Integer(),
  /** The campaign whose bin it is in: an A/B test's bin holds its variants' spam leads too. */
  campaign_id: Type.Integer(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  page_url: Type.String(),
  created_at: Type.String(),
  /** How likely a bot sent it, 0–100 (the sum of its reasons' weights): 50 or more is spam. */
  score: Type.Integer(),
  reasons: Type.Array(OneOf(SPAM_REASON_CODES)),
  /** When an admin released it, and the lead it became; null while it is in the bin. */
  released_at: Nullable(Type.String()),
  lead_id: Nullable(Type.Integer()),
});
export type SpamLead = Static<typeof SpamLeadRow>;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const SpamParams = Type.Object({ id: Id, spamId: Id });

/** The most spam leads one page carries. */
export const MAX_SPAM_PAGE = 500;

export const spamBinApi = {
  /**
   * The campaign's spam leads older than `before_id`, newest first; `next_before_id` null after the
   * last. An A/B test's bin is its arms' (the test and its live variants), each lead naming its arm
   * by `campaign_id`; `total` counts them all.
   */
  list: {
    method: 'GET',
    url: '/api/admin/campaign/:id/spam',
    params: IdParams,
    querystring: Type.Object({
      before_id: Type.Optional(Type.Integer({ minimum: 1 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SPAM_PAGE })),
    }),
    response: responses(
      Type.Object({ models: Type.Array(SpamLeadRow), next_before_id: Nullable(Type.Integer()), total: Type.Integer() }),
    ),
  },
  /** Admins only: the spam lead becomes a lead (stored, counted toward the goal, delivered, billed); 409 when it was released before. */
  release: {
    method: 'POST',
    url: '/api/admin/campaign/:id/spam/:spamId/release',
    params: SpamParams,
    response: responses(Type.Object({ model: SpamLeadRow })),
  },
} as const satisfies Record<string, RouteSpec>;

export type SpamBinApi = typeof spamBinApi;
