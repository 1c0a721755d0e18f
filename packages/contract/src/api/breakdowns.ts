/**
 * A campaign's breakdown (docs/api/campaigns.md, "Breakdown"): its figures by device, page, source,
 * referrer or variant over a range of days, as JSON for the detail page (the first `limit` rows in
 * the order asked, the rest folded into one "other" row), or as the CSV file staff download (every
 * row). The rows come from rollups (docs/decisions/0008-breakdown-rollups.md); the figures of
 * each row follow the contract's rules (`breakdownFigures`).
 */
import { Type, type Static } from 'typebox';
import { BREAKDOWN_DIMENSIONS, BREAKDOWN_SORTS, MAX_BREAKDOWN_ROWS } from '../rules/breakdowns.js';
import { IdList, IdParams, Nullable, OneOf, responses } from './common.js';
import type { RouteSpec } from './route.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** The CSV file's query: which dimension, which days (the server's, both included), which order. */
export const BreakdownQuery = Type.Object({
  /** The dimension the rows are of. */
  by: OneOf(BREAKDOWN_DIMENSIONS),
  /** The first day (`YYYY-MM-DD`); absent: from the first day with figures. */
  from: Type.Optional(Day),
  /** The last day (`YYYY-MM-DD`), included; absent: up to today. */
  to: Type.Optional(Day),
  /** What the rows are sorted by; `impressions` unless given. */
  sort: Type.Optional(OneOf(BREAKDOWN_SORTS)),
  /** `desc` unless given (`asc` for `sort=value`). */
  order: Type.Optional(OneOf(['asc', 'desc'] as const)),
});
export type BreakdownQueryWire = Static<typeof BreakdownQuery>;

/** The JSON form's: the same, and how many rows to answer. */
export const BreakdownRowsQuery = Type.Object({
  ...BreakdownQuery.properties,
  /** The rows answered, the first in the order asked (BREAKDOWN_ROWS, 100, unless given); the rest are `other`. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_BREAKDOWN_ROWS })),
});
export type BreakdownRowsQueryWire = Static<typeof BreakdownRowsQuery>;

/** One row: a value of the dimension and its figures over the days asked. */
export const BreakdownRowSchema = Type.Object({
  /** The value: `mobile` or `desktop`, a page path, a source, a referrer's host, a variant's id; empty: unknown (direct, or not sent). */
  value: Type.String(),
  /** What the admin shows for the value: the variant's name, `(unknown)`, `(direct)`, else the value. */
  label: Type.String(),
  impressions: Type.Integer(),
  /** Every lead, duplicates included. */
  leads: Type.Integer(),
  duplicates: Type.Integer(),
  /** Rejections the client was credited for (not billable). */
  credited: Type.Integer(),
  /** Leads the client accepted (its verdicts). */
  accepted: Type.Integer(),
  /** Leads less duplicates and credited rejections. */
  billable_leads: Type.Integer(),
  /** Leads per impression, in per cent (2 decimals). */
  conversion_rate: Type.Number(),
  /** Accepted leads per lead, in per cent (2 decimals). */
  accepted_rate: Type.Number(),
});
export type BreakdownRow = Static<typeof BreakdownRowSchema>;

/** A row's figures without its value: the total's, and the other row's. */
const BreakdownFiguresSchema = Type.Omit(BreakdownRowSchema, ['value', 'label']);

/** The rows past the limit, summed: how many values they are, and their figures. */
export const BreakdownOtherSchema = Type.Object({
  /** How many values (rows) it folds; at least 1. */
  values: Type.Integer({ minimum: 1 }),
  ...BreakdownFiguresSchema.properties,
});
export type BreakdownOther = Static<typeof BreakdownOtherSchema>;

/** GET /campaign/{id}/breakdown: the first rows in the order asked, the rest summed, and the total of all. */
export const BreakdownSchema = Type.Object({
  by: OneOf(BREAKDOWN_DIMENSIONS),
  /** At most `limit` rows, sorted as asked. */
  rows: Type.Array(BreakdownRowSchema),
  /** The sum of the rows past `limit`; null when there are none. */
  other: Nullable(BreakdownOtherSchema),
  /** The sum of every row, `other`'s included (the campaign's figures over the days). */
  total: BreakdownFiguresSchema,
});
export type BreakdownWire = Static<typeof BreakdownSchema>;

/** The Report view's forms: the campaigns chosen (their ids, each with its variants when it is a test), and the same queries. */
export const ReportBreakdownQuery = Type.Object({ ids: IdList, ...BreakdownRowsQuery.properties });
export const ReportBreakdownExportQuery = Type.Object({ ids: IdList, ...BreakdownQuery.properties });

export const breakdownsApi = {
  breakdown: {
    method: 'GET',
    url: '/api/admin/campaign/:id/breakdown',
    params: IdParams,
    querystring: BreakdownRowsQuery,
    response: responses(BreakdownSchema),
  },
  /** Every row, in the same order, as a CSV file (UTF-8 with a BOM); refusals are the error envelope. */
  breakdownExport: {
    method: 'GET',
    url: '/api/admin/campaign/:id/breakdown/export',
    params: IdParams,
    querystring: BreakdownQuery,
  },
  /** The Report view's: the figures of several campaigns together; by variant, one row per campaign. */
  report: {
    method: 'GET',
    url: '/api/admin/campaign/breakdown',
    querystring: ReportBreakdownQuery,
    response: responses(BreakdownSchema),
  },
  reportExport: {
    method: 'GET',
    url: '/api/admin/campaign/breakdown/export',
    querystring: ReportBreakdownExportQuery,
  },
} as const satisfies Record<string, RouteSpec>;
export type BreakdownsApi = typeof breakdownsApi;
