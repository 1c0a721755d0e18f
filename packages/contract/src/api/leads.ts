/**
 * The Leads page (issue #43): the leads of every campaign the caller may see, filtered by client,
 * site, campaign, day range, delivery state and duplicate, a page at a time by cursor, newest
 * first; how many match (the admin's "Export N leads?"); and those same leads as a file.
 */
import { Type, type Static } from 'typebox';
import { IdList, Nullable, OneOf, responses } from './common.js';
import { LEAD_EXPORT_FORMATS } from './campaign-leads.js';
import type { RouteSpec } from './route.js';

/**
 * A lead's delivery state as one word: `none` when it was queued for no destination, else the
 * worst of its deliveries (failed, then retrying, then pending; delivered when every one was).
 */
export const LEAD_DELIVERY_STATES = ['none', 'pending', 'delivered', 'retrying', 'failed'] as const;
export type LeadDeliveryState = (typeof LEAD_DELIVERY_STATES)[number];

/** The most leads one page of the Leads page carries; 50 when the caller names no limit. */
export const MAX_LEADS_PAGE_SIZE = 200;
export const LEADS_PAGE_SIZE = 50;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const Empty = Type.Literal('');
/** A comma list of delivery states (`failed,retrying`). */
const DeliveryList = Type.String({
  pattern: `^(${LEAD_DELIVERY_STATES.join('|')})(,(${LEAD_DELIVERY_STATES.join('|')}))*$`,
  maxLength: 200,
});

/**
 * The filters every Leads route takes, each optional (an empty value is no filter): `client_ids`,
 * `site_ids`, `campaign_ids` (comma lists; a campaign brings its A/B variants), `from`/`to`
 * (`YYYY-MM-DD`, days of the server's time zone, both included), `delivery` (comma list of
 * states), `duplicate` (`1` only duplicates, `0` none).
 */
const filterFields = {
  client_ids: Type.Optional(Type.Union([IdList, Empty])),
  site_ids: Type.Optional(Type.Union([IdList, Empty])),
  campaign_ids: Type.Optional(Type.Union([IdList, Empty])),
  from: Type.Optional(Type.Union([Day, Empty])),
  to: Type.Optional(Type.Union([Day, Empty])),
  delivery: Type.Optional(Type.Union([DeliveryList, Empty])),
  duplicate: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Empty])),
};
export const LeadFiltersQuery = Type.Object(filterFields);
export type LeadFilters = Static<typeof LeadFiltersQuery>;

/** A page's cursor: opaque, from `next_cursor` / `prev_cursor`. */
const Cursor = Type.String({ maxLength: 100 });

/** A lead as the Leads page shows it. */
export const LeadsPageRow = Type.Object({
  id: Type.Integer(),
  /** Wire date-time, the server's time zone. */
  created_at: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  /** As the visitor typed it. */
  phone: Nullable(Type.String()),
  /** The same number in E.164, read in the site's country; null for none. */
  phone_e164: Nullable(Type.String()),
  duplicate: Type.Boolean(),
  delivery: OneOf(LEAD_DELIVERY_STATES),
  campaign: Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() }),
  site: Type.Object({ id: Type.Integer(), name: Type.String() }),
  client: Type.Object({ id: Type.Integer(), name: Type.String() }),
});
export type LeadsPageLead = Static<typeof LeadsPageRow>;

export const leadsApi = {
  /**
   * A page of matching leads, newest first. `before` (a `next_cursor`) reads the older page,
   * `after` (a `prev_cursor`) the newer one; each cursor is null at its end.
   */
  list: {
    method: 'GET',
    url: '/api/admin/leads',
    querystring: Type.Object({
      ...filterFields,
      before: Type.Optional(Cursor),
      after: Type.Optional(Cursor),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LEADS_PAGE_SIZE })),
    }),
    response: responses(
      Type.Object({
        models: Type.Array(LeadsPageRow),
        next_cursor: Nullable(Type.String()),
        prev_cursor: Nullable(Type.String()),
      }),
    ),
  },
  /** How many leads match: what an export of the same filters holds. */
  count: {
    method: 'GET',
    url: '/api/admin/leads/count',
    querystring: LeadFiltersQuery,
    response: responses(Type.Object({ count: Type.Integer() })),
  },
  /**
   * The matching leads as a file, oldest first, streamed as the campaign lead export is (CSV, or
   * NDJSON rows for the admin's XLSX writer): no answer schema, its refusals the error envelope.
   */
  export: {
    method: 'GET',
    url: '/api/admin/leads/export',
    querystring: Type.Object({ ...filterFields, format: Type.Optional(OneOf(LEAD_EXPORT_FORMATS)) }),
  },
} as const satisfies Record<string, RouteSpec>;
export type LeadsApi = typeof leadsApi;
