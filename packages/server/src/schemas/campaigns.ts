import { REPORT_FIGURES } from '@lead/contract';
import { Type } from 'typebox';
import { Nullable } from './common.js';

const Any = Type.Unknown();
const Rule = Type.Object({ rule: Type.String(), value: Any });

const rowFields = {
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  image: Nullable(Type.String()),
  site: Type.Object({ id: Type.Integer(), name: Type.String(), label: Type.String(), flag: Type.String(), nation: Type.String() }),
  client: Type.Object({ id: Type.Integer(), name: Type.String() }),
  creator: Nullable(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() })),
  status: Type.Integer(),
  formatted_status: Type.String(),
  type: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  is_testing_running: Type.Boolean(),
  is_schedule: Type.Boolean(),
  device_types: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), is_disabled: Type.Boolean() })),
  display_type: Type.Integer(),
  started_at: Nullable(Type.String()),
  ended_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  rules: Type.Array(Rule),
  ...Object.fromEntries(REPORT_FIGURES.map((x) => [x.key, Type.Number()])),
  conversion_rate: Type.Number(),
};

export const ListRow = Type.Object({ ...rowFields, variants: Type.Optional(Type.Array(Type.Object(rowFields))) });

export const CampaignList = Type.Object({
  models: Type.Array(ListRow),
  pagination: Type.Object({ items_per_page: Type.Integer(), current: Type.Integer(), total_items: Type.Integer() }),
  total_items: Type.Integer(),
  total_impressions: Type.Number(),
  total_leads: Type.Number(),
  total_submits: Type.Number(),
  report_totals: Type.Optional(Type.Object(Object.fromEntries(REPORT_FIGURES.map((x) => [x.key, Type.Number()])))),
});

const Target = Type.Object({
  type: Type.String(),
  option: Type.String(),
  target: Type.String(),
  sub_target: Type.Array(Type.Object({ option: Type.String(), value: Type.String() })),
  is_import: Type.Optional(Type.Boolean()),
});

export const Detail = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  type: Type.Integer(),
  status: Type.Integer(),
  is_testing_running: Type.Boolean(),
  is_schedule: Type.Boolean(),
  display_type: Type.Integer(),
  device_types: Type.Array(Type.Integer()),
  rules: Type.Array(Rule),
  trigger_type: Type.String(),
  forms: Type.Array(Any),
  extra_fields: Type.Record(Type.String(), Any),
  is_target_import: Type.Boolean(),
  started_at: Nullable(Type.String()),
  ended_at: Nullable(Type.String()),
  forever: Type.Boolean(),
  targets: Type.Array(Target),
  site_id: Type.Integer(),
  client_id: Type.Integer(),
  kpis: Type.Object({ lead: Type.Optional(Type.Union([Type.Number(), Type.String()])), impression: Type.Optional(Type.Union([Type.Number(), Type.String()])) }),
  price: Type.Number(),
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
  client: Type.Object({ id: Type.Integer(), name: Type.String() }),
  total_impression: Type.Number(),
  total_lead: Type.Number(),
  total_click: Type.Number(),
  total_submit: Type.Number(),
  total_bounce: Type.Number(),
  total_visitor: Type.Number(),
  total_habit_exit: Type.Number(),
  total_intentional_exit: Type.Number(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const LeadRow = Type.Object({
  id: Type.Integer(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  created_at: Type.String(),
});

export const DayFigures = Type.Object({
  day: Type.String(),
  impressions: Type.Integer(),
  clicks: Type.Integer(),
  submits: Type.Integer(),
  leads: Type.Integer(),
});
