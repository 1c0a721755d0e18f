/**
 * The public API's wire (docs/api/public.md): what partner pages send to `/api/public/` and what
 * they are answered. The pop-up (`popup/src/embed/popup.ts`) posts these bodies; the server
 * (`server/src/routes/public/`) registers these routes and checks each body with its schema.
 */
import { Type, type Static, type TLiteral, type TSchema } from 'typebox';
import type { FormBlock } from '../campaign.js';
import type { TriggerType } from '../constants.js';
import type { Layout } from '../rules/blocks.js';
import type { PictureLinks } from '../rules/pictures.js';
import type { PublicCampaigns } from '../runtime/public.js';
import {
  BACKDROP,
  BUTTON_FILLS,
  BUTTON_RADIUS,
  CLOSE_POSITIONS,
  FLOATING_EDGES,
  POPUP_FONT_IDS,
  POPUP_STYLE_VERSION,
  type PopupStyle,
} from '../style.js';
import { EVENT_TYPES, MAX_EVENTS_PER_BATCH, MAX_FIELD_INDEX, RUNTIME_LANGS } from '../runtime/public.js';
import {
  AUDIENCE_FIELDS,
  AUDIENCE_OPS,
  AUDIENCE_VISITORS,
  MAX_AUDIENCE_VALUE,
  MAX_MIN_PAGES,
  MAX_SITE_CAP,
  type Audience,
} from '../runtime/audience.js';
import { MAX_HOST_LENGTH, MAX_SOURCE_LENGTH } from '../runtime/source.js';
import { MAX_PAGE_PATH } from '../rules/breakdowns.js';
import { ErrorEnvelope, Nullable } from './common.js';
import type { RouteSpec } from './route.js';

/** Where the public API is served. */
export const PUBLIC_PREFIX = '/api/public';

/** One literal per value of a constant list, as a tuple (so that `Static<>` names each value). */
const literals = <const T extends readonly string[]>(values: T) =>
  values.map((v) => Type.Literal(v)) as unknown as { -readonly [K in keyof T]: TLiteral<T[K]> };

const SiteId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const CampaignCode = Type.String({ minLength: 1, maxLength: 64 });

/** The random id the pop-up keeps per browser (local storage): what per-visitor limits count. */
export const VisitorId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });

/** A signed page-view id: `<nonce>.<issued, seconds base 36>.<signature>`. */
export const PAGE_VIEW_PATTERN = '^[A-Za-z0-9_-]{16}\\.[0-9a-z]{1,9}\\.[A-Za-z0-9_-]{22}$';

export const PublicEventSchema = Type.Object({
  code: CampaignCode,
  type: Type.Union(literals(EVENT_TYPES)),
  /** When it happened, epoch milliseconds. */
  at: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }),
  /** For a close: how long the pop-up had been open, in milliseconds (habit or intentional exit). */
  open_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400_000 })),
  /**
   * For a start or leave (and only for them): the form block's index in the campaign's `forms`, the field
   * first or last reached. Never what was typed.
   */
  field: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_FIELD_INDEX })),
});
export type PublicEvent = Static<typeof PublicEventSchema>;

/** A campaign tag or click id: printable text, no control characters. */
const SourceValue = Type.String({
  minLength: 1,
  maxLength: MAX_SOURCE_LENGTH,
  pattern: '^[^\\u0000-\\u001f\\u007f]+$',
});

/**
 * Where the visit came from (`readSource` in @lead/contract): the referring site's host (never its
 * address) and the landing address's campaign tags and click ids, each optional.
 */
export const VisitSourceSchema = Type.Object(
  {
    referrer_host: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_HOST_LENGTH, pattern: '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$' }),
    ),
    utm_source: Type.Optional(SourceValue),
    utm_medium: Type.Optional(SourceValue),
    utm_campaign: Type.Optional(SourceValue),
    utm_term: Type.Optional(SourceValue),
    utm_content: Type.Optional(SourceValue),
    gclid: Type.Optional(SourceValue),
    fbclid: Type.Optional(SourceValue),
    ttclid: Type.Optional(SourceValue),
  },
  { additionalProperties: false },
);

/** POST /api/public/events: a batch of one page view's events. */
export const PublicEventBatchSchema = Type.Object({
  site_id: SiteId,
  visitor_id: VisitorId,
  /** The page view's signed id, from the answer to its first batch (which holds its impression). */
  pv: Type.Optional(Type.String({ pattern: PAGE_VIEW_PATTERN })),
  /** With the batch that opens the page view: where its visit came from, kept with the page view and its lead. */
  source: Type.Optional(VisitSourceSchema),
  /** With the batch that opens the page view: the page's path (its article, `pagePath`), for the breakdowns. */
  page: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_PAGE_PATH, pattern: '^[^\\u0000-\\u001f\\u007f]+$' })),
  /** With the batch that opens the page view: the device, by the same width rule as targeting. */
  device: Type.Optional(Type.Union(literals(['mobile', 'desktop'] as const))),
  events: Type.Array(PublicEventSchema, { minItems: 1, maxItems: MAX_EVENTS_PER_BATCH }),
});
export type PublicEventBatch = Static<typeof PublicEventBatchSchema>;

/** The answer to a batch: how many events were taken, and for a page view's first batch its signed id. */
export const EventsAnswer = Type.Object({
  _status: Type.Literal(1),
  accepted: Type.Integer(),
  pv: Type.Optional(Type.String()),
});

const Answer = Type.Union([
  Type.String({ maxLength: 1000 }),
  Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 }),
]);

const Hex64 = Type.String({ pattern: '^[0-9a-f]{64}$' });

/** A proof-of-work challenge (ALTCHA's v1 format): the SHA-256 of `salt` and a number up to `maxnumber`, and its HMAC. */
export const PowChallengeSchema = Type.Object({
  algorithm: Type.Literal('SHA-256'),
  challenge: Hex64,
  maxnumber: Type.Integer(),
  salt: Type.String(),
  signature: Hex64,
});

/** The challenge solved: the number found, sent with the lead. */
export const PowSolutionSchema = Type.Object({
  algorithm: Type.Literal('SHA-256'),
  challenge: Hex64,
  number: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  salt: Type.String({ minLength: 1, maxLength: 200 }),
  signature: Hex64,
});

/** GET /api/public/sites/{id}/challenge: a new challenge for a form that opens on the site. */
export const ChallengeAnswer = Type.Object({ _status: Type.Literal(1), pow: PowChallengeSchema });

/** POST /api/public/leads: a form's answers, by field key. */
export const PublicLeadSchema = Type.Object({
  site_id: SiteId,
  code: CampaignCode,
  visitor_id: VisitorId,
  page_url: Type.String({ minLength: 1, maxLength: 2048 }),
  fields: Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }), Answer, { maxProperties: 50 }),
  /** For a form with an OTP block: the code the visitor received. */
  otp: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
  /** The campaign revision the form was drawn from (the served campaign's `revision`): what the lead's consent record is built from. */
  revision_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  /** The signed id of the page view in which the pop-up showed (its impression's answer): a lead without one is not billable. */
  pv: Type.Optional(Type.String({ pattern: PAGE_VIEW_PATTERN })),
  /** The form's proof of work: the challenge fetched when it opened, with the number found (`runtime/pow.ts`). */
  pow: Type.Optional(PowSolutionSchema),
  /** Milliseconds from the form's opening to this send, as the pop-up measured them. */
  fill_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400_000 })),
  /** The form's hidden honeypot field: a person leaves it empty. */
  hp: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type PublicLead = Static<typeof PublicLeadSchema>;

/** POST /api/public/otp: the number a form's OTP block sends a code to. */
export const PublicOtpSchema = Type.Object({
  site_id: SiteId,
  code: CampaignCode,
  visitor_id: VisitorId,
  phone: Type.String({ minLength: 1, maxLength: 32 }),
});
export type PublicOtp = Static<typeof PublicOtpSchema>;

/** The answer to a code sent: the message the form shows and how long the code lives, in seconds. */
export const OtpAnswer = Type.Object({ _status: Type.Literal(1), message: Type.String(), expires_in: Type.Integer() });

const Done = Type.Object({ _status: Type.Literal(1) });

/** A request shed while the process is overloaded (server plugins/overload.ts): 503 with Retry-After. */
export const BusyAnswer = Type.Object({ _status: Type.Literal(-1), message: Type.String() });
/** The refusals of a route that sheds load: the error envelope, and at 503 also the shed answer. */
const Refusals = { '4xx': ErrorEnvelope, 503: Type.Union([ErrorEnvelope, BusyAnswer]), '5xx': ErrorEnvelope } as const;

/** `schema` on the wire, `T` in TypeScript: for the contract's named codes and shapes the schema checks more loosely. */
const As = <T>(schema: TSchema) => Type.Unsafe<T>(schema);
const Match = Type.Union([Type.Literal('start_with'), Type.Literal('exact_match')]);
const Picture = Nullable(Type.String());
const PictureLinkSchema = Type.Object({ url: Type.String(), newtab: Type.Boolean() });

const Colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });

/**
 * A campaign's style (`extra_fields.popupStyle` as saved, with every setting; `style` of a served
 * campaign, its defaults filled in). The save checks it with `popupStyleErrors` (`style.ts`), which
 * also lets a setting be left out (it takes its default).
 */
export const PopupStyleSchema = As<PopupStyle>(
  Type.Object({
    v: Type.Literal(POPUP_STYLE_VERSION),
    brand: Colour,
    text: Colour,
    background: Colour,
    font: Type.Union(literals(POPUP_FONT_IDS as unknown as readonly [string, ...string[]])),
    buttonShape: Type.Object({
      radius: Type.Integer({ minimum: BUTTON_RADIUS.min, maximum: BUTTON_RADIUS.max }),
      fill: Type.Union(literals(BUTTON_FILLS)),
    }),
    backdrop: Type.Integer({ minimum: BACKDROP.min, maximum: BACKDROP.max }),
    closePosition: Type.Union(literals(CLOSE_POSITIONS)),
    edge: Type.Union(literals(FLOATING_EDGES)),
  }),
);

/** A campaign's audience as served (`Audience`, runtime/audience.ts; checked at save by `audienceError`). */
const AudienceSchema = As<Audience>(
  Type.Object({
    v: Type.Literal(1),
    sources: Type.Array(
      Type.Object({
        field: Type.Union(literals(AUDIENCE_FIELDS)),
        op: Type.Union(literals(AUDIENCE_OPS)),
        value: Type.String({ minLength: 1, maxLength: MAX_AUDIENCE_VALUE }),
      }),
    ),
    visitor: Type.Union(literals(AUDIENCE_VISITORS)),
    minPages: Type.Integer({ minimum: 1, maximum: MAX_MIN_PAGES }),
    percent: Type.Integer({ minimum: 1, maximum: 100 }),
  }),
);
const CapLimit = Type.Integer({ minimum: 1, maximum: MAX_SITE_CAP });

/** One campaign as the loader gets it (`PublicCampaign`, runtime/public.ts). */
export const PublicCampaignSchema = Type.Object({
  code: Type.String(),
  test: Type.Optional(Type.String()),
  layout: As<Layout>(Type.String()),
  devices: Type.Array(Type.Union([Type.Literal('mobile'), Type.Literal('desktop')])),
  trigger: Type.Object({
    type: As<TriggerType>(Type.String()),
    seconds: Type.Optional(Type.Number()),
    percent: Type.Optional(Type.Number()),
  }),
  links: Type.Array(
    Type.Object({
      option: Match,
      target: Type.String(),
      exclude: Type.Array(Type.Object({ option: Match, value: Type.String() })),
    }),
  ),
  tags: Type.Array(Type.String()),
  from: Type.Optional(Type.Number()),
  to: Type.Optional(Type.Number()),
  hours: Type.Optional(Type.Object({ start: Type.String(), end: Type.String() })),
  frequency: Type.Object({
    days: Type.Number(),
    campaignExit: Type.Number(),
    siteExit: Type.Number(),
    againAfterSubmit: Type.Boolean(),
    againAfterExit: Type.Boolean(),
  }),
  forms: As<FormBlock[]>(Type.Array(Type.Unknown())),
  thankYou: As<FormBlock[]>(Type.Array(Type.Unknown())),
  showThankYou: Type.Boolean(),
  images: Type.Object({
    mobile: Picture,
    desktop: Picture,
    background: Picture,
    overlayMobile: Type.Optional(Picture),
    overlayDesktop: Type.Optional(Picture),
    thankYou: Type.Optional(Picture),
  }),
  imageLinks: Type.Optional(
    As<PictureLinks>(
      Type.Object({
        mobile: Type.Optional(PictureLinkSchema),
        desktop: Type.Optional(PictureLinkSchema),
        background: Type.Optional(PictureLinkSchema),
        overlayMobile: Type.Optional(PictureLinkSchema),
        overlayDesktop: Type.Optional(PictureLinkSchema),
        thankYou: Type.Optional(PictureLinkSchema),
      }),
    ),
  ),
  inlinePosition: Type.String(),
  style: Type.Optional(PopupStyleSchema),
  audience: Type.Optional(AudienceSchema),
  /** The campaign revision these forms are (its newest save): the pop-up sends it back with a lead. */
  revision: Type.Optional(Type.Integer()),
});

/** The two GETs' answer (`PublicCampaigns`): the site and the campaigns the loader may show on it. */
export const PublicCampaignsSchema = Type.Object({
  site: Type.Object({
    id: Type.Integer(),
    lang: Type.Union(literals(RUNTIME_LANGS)),
    timeZone: Type.String(),
    /** The site's cap on pop-ups per visitor, each limit only when set. */
    cap: Type.Optional(Type.Object({ visit: Type.Optional(CapLimit), day: Type.Optional(CapLimit) })),
  }),
  campaigns: Type.Array(PublicCampaignSchema),
});

/**
 * The public API's routes. The two GETs answer `PublicCampaigns` (`runtime/public.ts`); the
 * campaigns' answer is written once per cache fill and sent as it is (not serialised with the
 * schema), and the tests' answer check reads it back against the schema all the same.
 */
export const publicApi = {
  campaigns: {
    method: 'GET',
    url: '/api/public/sites/:siteId/campaigns',
    params: Type.Object({ siteId: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) }),
    response: { 200: PublicCampaignsSchema, ...Refusals },
  },
  preview: {
    method: 'GET',
    url: '/api/public/preview/:token',
    params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }),
    response: { 200: PublicCampaignsSchema },
  },
  challenge: {
    method: 'GET',
    url: '/api/public/sites/:siteId/challenge',
    params: Type.Object({ siteId: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) }),
    response: { 200: ChallengeAnswer, ...Refusals },
  },
  events: {
    method: 'POST',
    url: '/api/public/events',
    body: PublicEventBatchSchema,
    response: { 202: EventsAnswer, ...Refusals },
  },
  leads: { method: 'POST', url: '/api/public/leads', body: PublicLeadSchema, response: { 200: Done, ...Refusals } },
  otp: { method: 'POST', url: '/api/public/otp', body: PublicOtpSchema, response: { 200: OtpAnswer, ...Refusals } },
} as const satisfies Record<string, RouteSpec>;

export type PublicApi = typeof publicApi;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** The GETs' schema and the runtime's `PublicCampaigns` describe one answer: a field in one and not the other fails the typecheck. */
export type PublicCampaignsMatch = Assert<Same<Static<typeof PublicCampaignsSchema>, PublicCampaigns>>;
