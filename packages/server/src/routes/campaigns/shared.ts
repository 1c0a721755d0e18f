import { ACTION_REFUSALS, canDo, type CampaignAction, type CampaignStatus, type CampaignType } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { conflict, notFound } from '../../lib/http-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { CampaignRow } from '../../repositories/campaigns.js';
import { Nullable } from '../../schemas/common.js';

/** A live campaign on one of the caller's sites (404, 403), that allows `action` (409 with the reason). */
export async function loadCampaign(app: FastifyInstance, user: AuthUser, id: number, action?: CampaignAction): Promise<CampaignRow> {
  const row = await app.campaigns.find(id);
  if (!row) throw notFound();
  app.assertSites(user, [row.site_id]);
  if (action && !canDo({ type: row.type as CampaignType, status: row.status as CampaignStatus, is_testing_running: row.is_testing_running }, action)) {
    throw conflict(ACTION_REFUSALS[action]);
  }
  return row;
}

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
      Type.Array(Type.Object({ value: Type.String({ maxLength: 255 }), placeholder: Type.String({ maxLength: 1000 }) }), { maxItems: 100 }),
    ),
    valueHTML: Type.Optional(Type.String({ maxLength: 20000 })),
  }),
});

const Option = Type.Union([Type.Literal('start_with'), Type.Literal('exact_match')]);
export const TargetSchema = Type.Object({
  type: Type.Union([Type.Literal('links'), Type.Literal('tags')]),
  option: Option,
  target: Type.String({ maxLength: 2000 }),
  sub_target: Type.Optional(Type.Array(Type.Object({ option: Option, value: Type.String({ maxLength: 2000 }) }), { maxItems: 200 })),
  is_import: Type.Optional(Type.Boolean()),
});

// A picture's address: checked by the contract's isSafeUrl (campaignSaveErrors), which names the picture.
const Image = Type.Optional(Nullable(Type.String({ maxLength: 2000 })));
const NumberLike = Type.Union([Type.Number(), Type.String({ maxLength: 50 })]);

/** The builder's whole payload: its shape here, its rules in the contract's campaignSaveErrors. */
export const CampaignBody = Type.Object({
  name: Type.String({ maxLength: 255 }),
  display_type: Type.Integer({ minimum: 1, maximum: 12 }),
  device_types: Type.Array(Type.Union([Type.Literal(1), Type.Literal(2)]), { maxItems: 2 }),
  status: Type.Optional(Type.Integer()),
  rules: Type.Array(Type.Object({ rule: Type.String({ maxLength: 100 }), value: Type.Unknown() }), { maxItems: 50 }),
  trigger_type: Type.Union(['on_landing', 'on_scroll', 'exit_intent', 'on_click', 'hover', 'custom', 'idle'].map((t) => Type.Literal(t))),
  forms: Type.Array(Block, { maxItems: 100 }),
  extra_fields: Type.Record(Type.String(), Type.Unknown()),
  is_target_import: Type.Optional(Type.Boolean()),
  started_at: Type.Optional(Nullable(Type.String({ maxLength: 19 }))),
  ended_at: Type.Optional(Nullable(Type.String({ maxLength: 19 }))),
  forever: Type.Optional(Type.Boolean()),
  targets: Type.Array(TargetSchema, { maxItems: 5000 }),
  site_id: Type.Integer({ minimum: 1 }),
  client_id: Type.Integer({ minimum: 1 }),
  kpis: Type.Optional(Type.Object({ lead: Type.Optional(NumberLike), impression: Type.Optional(NumberLike) })),
  price: Type.Optional(NumberLike),
  image: Image,
  image_desktop: Image,
  thank_you_image: Image,
  image_background: Image,
  image_overlay_desktop: Image,
  image_overlay_mobile: Image,
  is_sponsor: Type.Optional(Type.Boolean()),
  sponsor_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })),
});
