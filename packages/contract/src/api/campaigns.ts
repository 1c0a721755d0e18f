/**
 * The campaign answers of the admin API (docs/api/campaigns.md): the list's rows and the detail, as
 * schemas the server serialises with, and their types (`Static<>`) the admin reads. A field added
 * here (and to the repository's query) reaches both: there is no other copy to forget.
 */
import { Type, type Static, type TNumber, type TSchema } from 'typebox';
import {
  REPORT_FIGURES,
  type CampaignKpis,
  type CampaignRule,
  type CampaignTarget,
  type ExtraFields,
  type FormBlock,
  type ReportFigure,
} from '../campaign.js';
import type { CampaignStatus, CampaignType, DeviceType, DisplayType } from '../constants.js';
import { MAX_PAGE_SIZE } from '../constants.js';
import { CAMPAIGN_SEARCH_BY, CAMPAIGN_SORTS } from '../list-query.js';
import { IdList, IdParams, IntList, Nullable, OneOf, responses } from './common.js';
import { LeadRow } from './campaign-leads.js';
import type { RouteSpec } from './route.js';

/** `schema` on the wire, `T` in TypeScript: for the contract's named codes and shapes the schema checks more loosely. */
const As = <T>(schema: TSchema) => Type.Unsafe<T>(schema);

const Rule = Type.Object({ rule: Type.String(), value: Type.Unknown() });
const Rules = As<CampaignRule[]>(Type.Array(Rule));
const Status = As<CampaignStatus>(Type.Integer());
const Kind = As<CampaignType>(Type.Integer());
const Display = As<DisplayType>(Type.Integer());
/** Every report figure (running totals), one number each. */
const figures = Object.fromEntries(REPORT_FIGURES.map((x) => [x.key, Type.Number()])) as {
  [K in ReportFigure]: TNumber;
};

const rowFields = {
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  image: Nullable(Type.String()),
  site: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    label: Type.String(),
    flag: Type.String(),
    nation: Type.String(),
  }),
  client: Type.Object({ id: Type.Integer(), name: Type.String() }),
  creator: Nullable(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() })),
  status: Status,
  formatted_status: Type.String(),
  type: Kind,
  parent_id: Nullable(Type.Integer()),
  is_testing_running: Type.Boolean(),
  is_schedule: Type.Boolean(),
  device_types: Type.Array(
    Type.Object({ id: As<DeviceType>(Type.Integer()), name: Type.String(), is_disabled: Type.Boolean() }),
  ),
  display_type: Display,
  started_at: Nullable(Type.String()),
  ended_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  rules: Rules,
  ...figures,
  conversion_rate: Type.Number(),
  /** The leads goal (kpis.lead), null without one; the price per lead and the client's currency: the Report view's goal and spend. */
  lead_goal: Nullable(Type.Number()),
  price: Type.Number(),
  currency: Type.String(),
};

/** A row of the campaign list; an A/B test's row carries its variants' rows. */
export const ListRow = Type.Object({ ...rowFields, variants: Type.Optional(Type.Array(Type.Object(rowFields))) });
export type CampaignListRow = Static<typeof ListRow>;

export const PaginationSchema = Type.Object({
  items_per_page: Type.Integer(),
  current: Type.Integer(),
  total_items: Type.Integer(),
});
export type Pagination = Static<typeof PaginationSchema>;

/** GET /campaign: a page of rows and the totals over every match. */
export const CampaignListSchema = Type.Object({
  models: Type.Array(ListRow),
  pagination: PaginationSchema,
  total_items: Type.Integer(),
  total_impressions: Type.Number(),
  total_leads: Type.Number(),
  total_submits: Type.Number(),
  /** Every report figure summed over all matching campaigns; only when the list asks (`report_totals=1`). */
  report_totals: Type.Optional(Type.Object(figures)),
});
export type CampaignList = Static<typeof CampaignListSchema>;

export const Target = Type.Object({
  type: Type.String(),
  option: Type.String(),
  target: Type.String(),
  sub_target: Type.Array(Type.Object({ option: Type.String(), value: Type.String() })),
  is_import: Type.Optional(Type.Boolean()),
});

/** A campaign as the detail and the builder read it (GET /campaign/{id}; the answer to a save). */
export const Detail = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  type: Kind,
  status: Status,
  is_testing_running: Type.Boolean(),
  is_schedule: Type.Boolean(),
  display_type: Display,
  device_types: As<DeviceType[]>(Type.Array(Type.Integer())),
  rules: Rules,
  trigger_type: Type.String(),
  forms: As<FormBlock[]>(Type.Array(Type.Unknown())),
  extra_fields: As<ExtraFields>(Type.Record(Type.String(), Type.Unknown())),
  is_target_import: Type.Boolean(),
  started_at: Nullable(Type.String()),
  ended_at: Nullable(Type.String()),
  forever: Type.Boolean(),
  targets: As<CampaignTarget[]>(Type.Array(Target)),
  site_id: Type.Integer(),
  client_id: Type.Integer(),
  kpis: As<CampaignKpis>(
    Type.Object({
      lead: Type.Optional(Type.Union([Type.Number(), Type.String()])),
      impression: Type.Optional(Type.Union([Type.Number(), Type.String()])),
    }),
  ),
  price: Type.Number(),
  /** 'Stop when the goal is reached': the billable lead that reaches kpis.lead pauses the campaign. */
  stop_at_goal: Type.Boolean(),
  image: Nullable(Type.String()),
  image_desktop: Nullable(Type.String()),
  thank_you_image: Nullable(Type.String()),
  image_background: Nullable(Type.String()),
  image_overlay_desktop: Nullable(Type.String()),
  image_overlay_mobile: Nullable(Type.String()),
  is_sponsor: Type.Boolean(),
  sponsor_ids: Type.Array(Type.Integer()),
  is_expired: Type.Boolean(),
  site: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** `currency`: the client's (ISO 4217), which spend is shown in. */
  client: Type.Object({ id: Type.Integer(), name: Type.String(), currency: Type.String() }),
  total_impression: Type.Number(),
  /** Every lead, duplicates included; billable leads are total_lead − total_duplicate − total_credited. */
  total_lead: Type.Number(),
  total_duplicate: Type.Number(),
  /** The client's verdicts (docs/api/verdicts.md): accepted, rejected, and rejections credited. */
  total_accepted: Type.Number(),
  total_rejected: Type.Number(),
  total_credited: Type.Number(),
  total_click: Type.Number(),
  total_submit: Type.Number(),
  total_bounce: Type.Number(),
  total_visitor: Type.Number(),
  total_habit_exit: Type.Number(),
  total_intentional_exit: Type.Number(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type CampaignDetail = Static<typeof Detail>;

/** Empty parameters are ignored (docs/api/campaigns.md), so each one may also be ''. */
const Opt = <T extends TSchema>(s: T) => Type.Optional(Type.Union([s, Type.Literal('')]));
const WireDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$' });

/** The contract's CampaignListParams (@lead/contract list-query.ts) as a schema; a test holds the two to the same names. */
export const ListQuery = Type.Object(
  {
    keyword: Opt(Type.String({ maxLength: 255 })),
    search_by: Opt(OneOf(CAMPAIGN_SEARCH_BY)),
    site_id: Opt(IdList),
    client_id: Opt(IdList),
    sort_by: Opt(OneOf(CAMPAIGN_SORTS)),
    sort_order: Opt(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    display_type: Opt(IdList),
    device_type: Opt(IdList),
    is_sponsor: Opt(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    status: Opt(IntList),
    from_created_at: Opt(WireDate),
    to_created_at: Opt(WireDate),
    from_updated_at: Opt(WireDate),
    to_updated_at: Opt(WireDate),
    from_performance_date: Opt(WireDate),
    to_performance_date: Opt(WireDate),
    page: Opt(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    items_per_page: Opt(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
    report_totals: Opt(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  },
  {
    // The sidebar's site_id_with_clients[SITE]=CLIENTS and client_id_with_sites[CLIENT]=SITES; any other key is refused.
    patternProperties: {
      '^(site_id_with_clients|client_id_with_sites)\\[\\d{1,10}\\]$': Type.Union([
        Type.String({ maxLength: 2000 }),
        Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 100 }),
      ]),
    },
  },
);

const Block = Type.Object({
  name: Type.String({ maxLength: 50 }),
  id: Type.Union([Type.String({ maxLength: 100 }), Type.Number()]),
  data: Type.Object({
    // A field's key, or an Image block's picture (an address).
    value: Type.Optional(Type.String({ maxLength: 2000 })),
    placeholder: Type.Optional(Type.String({ maxLength: 5000 })),
    required: Type.Optional(Type.Boolean()),
    singleSubmission: Type.Optional(Type.Boolean()),
    newtab: Type.Optional(Type.Boolean()),
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    align: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
    listQuestion: Type.Optional(
      Type.Array(
        Type.Object({ value: Type.String({ maxLength: 255 }), placeholder: Type.String({ maxLength: 1000 }) }),
        { maxItems: 100 },
      ),
    ),
    valueHTML: Type.Optional(Type.String({ maxLength: 20000 })),
  }),
});

const Option = Type.Union([Type.Literal('start_with'), Type.Literal('exact_match')]);
const TargetSchema = Type.Object({
  type: Type.Union([Type.Literal('links'), Type.Literal('tags')]),
  option: Option,
  target: Type.String({ maxLength: 2000 }),
  sub_target: Type.Optional(
    Type.Array(Type.Object({ option: Option, value: Type.String({ maxLength: 2000 }) }), { maxItems: 200 }),
  ),
  is_import: Type.Optional(Type.Boolean()),
});

// A picture's address: checked by the contract's isSafeUrl (campaignSaveErrors), which names the picture.
const Image = Type.Optional(Nullable(Type.String({ maxLength: 2000 })));
const NumberLike = Type.Union([Type.Number(), Type.String({ maxLength: 50 })]);

/** The builder's whole payload (POST and PUT /campaign): its shape here, its rules in campaignSaveErrors (`rules/campaign.ts`). */
export const CampaignBody = Type.Object({
  name: Type.String({ maxLength: 255 }),
  display_type: As<DisplayType>(Type.Integer({ minimum: 1, maximum: 12 })),
  device_types: As<DeviceType[]>(Type.Array(Type.Union([Type.Literal(1), Type.Literal(2)]), { maxItems: 2 })),
  status: Type.Optional(As<CampaignStatus>(Type.Integer())),
  rules: As<CampaignRule[]>(
    Type.Array(Type.Object({ rule: Type.String({ maxLength: 100 }), value: Type.Unknown() }), { maxItems: 50 }),
  ),
  trigger_type: As<string>(
    Type.Union(
      ['on_landing', 'on_scroll', 'exit_intent', 'on_click', 'hover', 'custom', 'idle'].map((t) => Type.Literal(t)),
    ),
  ),
  forms: As<FormBlock[]>(Type.Array(Block, { maxItems: 100 })),
  extra_fields: As<ExtraFields>(Type.Record(Type.String(), Type.Unknown())),
  is_target_import: Type.Optional(Type.Boolean()),
  started_at: Type.Optional(Nullable(Type.String({ maxLength: 19 }))),
  ended_at: Type.Optional(Nullable(Type.String({ maxLength: 19 }))),
  forever: Type.Optional(Type.Boolean()),
  targets: As<CampaignTarget[]>(Type.Array(TargetSchema, { maxItems: 5000 })),
  site_id: Type.Integer({ minimum: 1 }),
  client_id: Type.Integer({ minimum: 1 }),
  kpis: Type.Optional(
    As<CampaignKpis>(Type.Object({ lead: Type.Optional(NumberLike), impression: Type.Optional(NumberLike) })),
  ),
  price: Type.Optional(NumberLike),
  stop_at_goal: Type.Optional(Type.Boolean()),
  image: Image,
  image_desktop: Image,
  thank_you_image: Image,
  image_background: Image,
  image_overlay_desktop: Image,
  image_overlay_mobile: Image,
  is_sponsor: Type.Optional(Type.Boolean()),
  sponsor_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })),
});
export type CampaignPayload = Static<typeof CampaignBody>;

/** A saved campaign's answer: the campaign as the detail reads it. */
const Saved = responses(Type.Object({ model: Detail }));

/**
 * The campaign list, the detail, create and update. The other campaign routes have their own
 * tables: campaign-actions.ts, campaign-targets.ts, campaign-leads.ts.
 */
export const campaignsApi = {
  list: { method: 'GET', url: '/api/admin/campaign', querystring: ListQuery, response: responses(CampaignListSchema) },
  detail: {
    method: 'GET',
    url: '/api/admin/campaign/:id',
    params: IdParams,
    response: responses(Type.Object({ campaign: Detail, lead: Type.Array(LeadRow) })),
  },
  create: { method: 'POST', url: '/api/admin/campaign', body: CampaignBody, response: Saved },
  update: {
    method: 'PUT',
    url: '/api/admin/campaign/:id',
    params: IdParams,
    querystring: Type.Object({ _status: Type.Optional(Type.String()), _name: Type.Optional(Type.String()) }),
    // The whole payload (CampaignBody), or with ?_status / ?_name just that field: checked by the route.
    body: Type.Record(Type.String(), Type.Unknown()),
    response: Saved,
  },
} as const satisfies Record<string, RouteSpec>;

export type CampaignsApi = typeof campaignsApi;
