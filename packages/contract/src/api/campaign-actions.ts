/**
 * The campaign actions of the admin API (docs/api/campaigns.md, "Actions"): duplicate, delete, the
 * A/B test's (create, start, stop, results, winner), activation on dates, and the preview link.
 * Each answers the campaign as the detail reads it, unless said otherwise.
 */
import { Type, type Static } from 'typebox';
import { Detail } from './campaigns.js';
import { IdParams, NoData, Nullable, responses } from './common.js';
import type { RouteSpec } from './route.js';

const OneCampaign = responses(Type.Object({ model: Detail }));
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** A variant as the A/B test's creation answers it. */
export const VariantSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  type: Type.Integer(),
  parent_id: Type.Integer(),
  status: Type.Integer(),
});

/** One arm as GET /campaign/{id}/variants/results sends it (the original first). */
export const AbArmSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  impressions: Type.Number(),
  leads: Type.Number(),
  /** Of its leads, those its client accepted (a verdict of `accepted`). */
  accepted: Type.Number(),
  /** Of the counted leads (`count`) per impression. */
  conversion_rate: Type.Number(),
  uplift: Nullable(Type.Object({ expected: Type.Number(), low: Type.Number(), high: Type.Number() })),
  chance_to_beat_control: Nullable(Type.Number()),
});
export type AbArmWire = Static<typeof AbArmSchema>;

/** GET /campaign/{id}/variants/results. */
export const AbResultsSchema = Type.Object({
  /** What the rates, uplifts and chances count: every lead, or the leads the client accepted. */
  count: Type.Union([Type.Literal('leads'), Type.Literal('accepted')]),
  arms: Type.Array(AbArmSchema),
  enough_data: Type.Boolean(),
  sample_ratio_p_value: Type.Number(),
  sample_ratio_mismatch: Type.Boolean(),
});
export type AbResultsWire = Static<typeof AbResultsSchema>;

export const campaignActionsApi = {
  clone: {
    method: 'POST',
    url: '/api/admin/campaign/:id/clone',
    params: IdParams,
    body: Type.Object({
      name: Type.String({ maxLength: 255 }),
      client_id: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    }),
    response: OneCampaign,
  },
  delete: { method: 'DELETE', url: '/api/admin/campaign/:id', params: IdParams, response: NoData },
  variants: {
    method: 'POST',
    url: '/api/admin/campaign/:id/variants',
    params: IdParams,
    body: Type.Object({ variant_names: Type.Array(Type.String({ maxLength: 255 }), { minItems: 2, maxItems: 20 }) }),
    response: responses(Type.Object({ models: Type.Array(VariantSummary) })),
  },
  startTest: {
    method: 'POST',
    url: '/api/admin/campaign/:id/variants/activation',
    params: IdParams,
    response: OneCampaign,
  },
  stopTest: {
    method: 'POST',
    url: '/api/admin/campaign/:id/variants/deactivation',
    params: IdParams,
    response: OneCampaign,
  },
  winner: {
    method: 'POST',
    url: '/api/admin/campaign/:id/variants/winner',
    params: IdParams,
    body: Type.Object({ winner_id: Type.Integer({ minimum: 1 }) }),
    response: OneCampaign,
  },
  results: {
    method: 'GET',
    url: '/api/admin/campaign/:id/variants/results',
    params: IdParams,
    querystring: Type.Object({
      from: Type.Optional(Day),
      to: Type.Optional(Day),
      /** `accepted`: the test read on the leads its client accepted; `leads` (the default) on every lead. */
      count: Type.Optional(Type.Union([Type.Literal('leads'), Type.Literal('accepted')])),
    }),
    response: responses(AbResultsSchema),
  },
  activation: {
    method: 'POST',
    url: '/api/admin/campaign/:id/activation',
    params: IdParams,
    // No end (null or absent): from the start on, ongoing (the builder's "start now" for an expired campaign).
    body: Type.Object({
      started_at: Type.String({ maxLength: 19 }),
      ended_at: Type.Optional(Type.Union([Type.String({ maxLength: 19 }), Type.Null()])),
    }),
    response: OneCampaign,
  },
  /** A signed link, valid 10 minutes, that opens the campaign on a partner page (staff only). */
  preview: {
    method: 'POST',
    url: '/api/admin/campaign/:id/preview',
    params: IdParams,
    response: responses(Type.Object({ url: Type.String(), expires_at: Type.String() })),
  },
} as const satisfies Record<string, RouteSpec>;
export type CampaignActionsApi = typeof campaignActionsApi;
