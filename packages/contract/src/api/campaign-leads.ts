/**
 * A campaign's leads and figures (docs/api/campaigns.md): the lead table's older pages,
 * the daily figures (the detail's chart, and the daily XLSX the admin writes from them), and the
 * lead export. The export's answer is a file (CSV, or the NDJSON rows the admin's XLSX writer
 * reads), so it declares its query and no answer: its refusals are the error envelope every
 * route has (`ErrorEnvelope`).
 */
import { Type, type Static } from 'typebox';
import { IdList, IdParams, Nullable, OneOf, responses } from './common.js';
import { LeadConsent } from './consent.js';
import { LeadDeliverySchema } from './deliveries.js';
import type { RouteSpec } from './route.js';

/** A lead as staff read it (the detail's `lead`, the lead table's pages). */
export const LeadRow = Type.Object({
  id: Type.Integer(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  /** As the visitor typed it. */
  phone: Nullable(Type.String()),
  /** The same number in E.164, read in the site's country (issue #31); null for none, or an older lead typed in a national form. */
  phone_e164: Nullable(Type.String()),
  /** The same person (phone or e-mail) gave a billable lead within the client's duplicate window: not billable. */
  duplicate: Type.Boolean(),
  created_at: Type.String(),
  /** Its consent record's hash and revision (issue #31); null for a lead stored before records were kept. */
  consent: LeadConsent,
  /** The lead's delivery to each destination it was queued for (issue #30), by destination id. */
  deliveries: Type.Array(LeadDeliverySchema),
});
export type Lead = Static<typeof LeadRow>;

/** One day of a campaign's figures (GET /campaign/{id}/figures). */
export const DayFiguresSchema = Type.Object({
  /** `YYYY-MM-DD`, in the server's time zone. */
  day: Type.String(),
  impressions: Type.Integer(),
  clicks: Type.Integer(),
  submits: Type.Integer(),
  /** Every lead of the day, duplicates included. */
  leads: Type.Integer(),
  duplicates: Type.Integer(),
  /** The client's verdicts on the day's leads; `credited` rejections are not billable. */
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  credited: Type.Integer(),
});
export type DayFigures = Static<typeof DayFiguresSchema>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** The most leads one page of the lead table carries. */
export const MAX_LEADS_PAGE = 5000;

/** The lead export's formats: `csv`, the file staff download; `ndjson`, a header line `{columns, total}` and one JSON array of strings per lead. */
export const LEAD_EXPORT_FORMATS = ['csv', 'ndjson'] as const;

export const campaignLeadsApi = {
  /** The leads older than `before_id`, newest first (the detail carries the first page); `next_before_id` null after the last. */
  leads: {
    method: 'GET',
    url: '/api/admin/campaign/:id/leads',
    params: IdParams,
    querystring: Type.Object({
      before_id: Type.Optional(Type.Integer({ minimum: 1 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LEADS_PAGE })),
    }),
    response: responses(
      Type.Object({ models: Type.Array(LeadRow), next_before_id: Nullable(Type.Integer()), total: Type.Integer() }),
    ),
  },
  /** The days of `from`…`to` (inclusive, `YYYY-MM-DD`) that have figures; a day without any is absent. */
  figures: {
    method: 'GET',
    url: '/api/admin/campaign/:id/figures',
    params: IdParams,
    querystring: Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }),
    response: responses(Type.Object({ models: Type.Array(DayFiguresSchema) })),
  },
  /**
   * The leads of the campaigns `ids` (comma list; one campaign, an A/B test with its variants,
   * or a selection) as a file, streamed: no answer schema (CSV or NDJSON, `format`), its
   * refusals the error envelope. `from`/`to` (`YYYY-MM-DD`, the server's days, both included)
   * keep the leads created within those days: the campaign list's performance range.
   */
  export: {
    method: 'GET',
    url: '/api/admin/campaign/leads/export',
    querystring: Type.Object({
      ids: IdList,
      format: Type.Optional(OneOf(LEAD_EXPORT_FORMATS)),
      from: Type.Optional(Day),
      to: Type.Optional(Day),
    }),
  },
} as const satisfies Record<string, RouteSpec>;
export type CampaignLeadsApi = typeof campaignLeadsApi;
