/**
 * Lead delivery (docs/api/delivery.md): a client's destinations (signed webhooks and
 * scheduled files by e-mail), the attempts log, replay, and a lead's delivery state per
 * destination. The schemas here are the wire; the rules (which fields each kind needs) are
 * `destinationErrors` (rules/destinations.ts).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { IdParams, MAX_INT, Nullable, responses } from './common.js';
import type { RouteSpec } from './route.js';

export const DESTINATION_KINDS = ['webhook', 'email'] as const;
export const DESTINATION_FORMATS = ['csv', 'xlsx'] as const;
export const DESTINATION_SCHEDULES = ['hourly', 'daily'] as const;
/** active: delivering; paused: failing continuously (an admin resumes it by saving it); disabled: its receiver answered 410 Gone. */
export const DESTINATION_STATES = ['active', 'paused', 'disabled'] as const;
/** A lead's delivery to one destination. */
export const DELIVERY_STATES = ['pending', 'delivered', 'retrying', 'failed'] as const;
/** The most recipients of a scheduled file, and of campaigns chosen for one destination. */
export const MAX_RECIPIENTS = 20;
export const MAX_DESTINATION_CAMPAIGNS = 1000;

const Kind = Type.Union([Type.Literal('webhook'), Type.Literal('email')]);
const Format = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]);
const Schedule = Type.Union([Type.Literal('hourly'), Type.Literal('daily')]);
const DestState = Type.Union([Type.Literal('active'), Type.Literal('paused'), Type.Literal('disabled')]);
const DeliveryState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('delivered'),
  Type.Literal('retrying'),
  Type.Literal('failed'),
]);
/**
 * Null or `schema`, null tried first: the server coerces types (`coerceTypes`), and tried second
 * a null would become 0, '' or [null] under the other branch.
 */
const OrNull = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);
const Id = Type.Integer({ minimum: 1, maximum: MAX_INT });

/** What an admin saves (POST and PUT); which fields each kind needs is checked by destinationErrors. */
export const DestinationInputSchema = Type.Object({
  name: Type.String({ maxLength: 255 }),
  enabled: Type.Boolean(),
  kind: Kind,
  /** null: every campaign of the client, now and later. */
  campaign_ids: OrNull(Type.Array(Id, { maxItems: MAX_DESTINATION_CAMPAIGNS })),
  url: Type.Optional(OrNull(Type.String({ maxLength: 2000 }))),
  format: Type.Optional(OrNull(Format)),
  schedule: Type.Optional(OrNull(Schedule)),
  /** The daily file's hour, in the time zone of the client's site. */
  hour: Type.Optional(OrNull(Type.Integer({ minimum: 0, maximum: 23 }))),
  recipients: Type.Optional(OrNull(Type.Array(Type.String({ maxLength: 254 }), { maxItems: MAX_RECIPIENTS }))),
});
export type DestinationInput = Static<typeof DestinationInputSchema>;

/** A destination as staff read it: never its secret. */
export const DestinationSchema = Type.Object({
  id: Type.Integer(),
  client_id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  kind: Kind,
  campaign_ids: Nullable(Type.Array(Type.Integer())),
  url: Nullable(Type.String()),
  format: Nullable(Format),
  schedule: Nullable(Schedule),
  hour: Nullable(Type.Integer()),
  recipients: Nullable(Type.Array(Type.String())),
  state: DestState,
  last_success_at: Nullable(Type.String()),
  last_failure_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Destination = Static<typeof DestinationSchema>;

/** One attempt to deliver (a webhook POST or a file sent); `error` holds the first 500 bytes of a failed answer, or why there was none. */
export const AttemptSchema = Type.Object({
  id: Type.Integer(),
  lead_id: Nullable(Type.Integer()),
  at: Type.String(),
  status: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  duration_ms: Type.Integer(),
  next_attempt_at: Nullable(Type.String()),
  /** `lead.test` for a test event; null for a lead's delivery or a file. */
  event: Nullable(Type.String()),
  /** What was sent, in a few lines: method, URL, `webhook-id` and event type (never a lead's body; a test event's sample body, cut). */
  request: Nullable(Type.String()),
  /** A test event's answer, whatever its status (first 500 bytes); a lead's answer is kept only when it failed, in `error`. */
  answer: Nullable(Type.String()),
});
export type Attempt = Static<typeof AttemptSchema>;

/** A lead's delivery to one destination, as the campaign's lead table shows it. */
export const LeadDeliverySchema = Type.Object({
  destination_id: Type.Integer(),
  state: DeliveryState,
  attempts: Type.Integer(),
  last_status: Nullable(Type.Integer()),
  /** What the last failed attempt got: the first 500 bytes of the answer, or why there was none ('timed out'); null once delivered. */
  last_error: Nullable(Type.String()),
  next_attempt_at: Nullable(Type.String()),
});
export type LeadDelivery = Static<typeof LeadDeliverySchema>;

const WireDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$' });

/**
 * Send leads again to one destination: the leads named, or those of a campaign and/or a time
 * range (`from`/`to` in the server's time zone, `to` inclusive), only the failed ones when
 * `failed_only`. Each lead keeps its `webhook-id`.
 */
export const ReplayInputSchema = Type.Object({
  destination_id: Id,
  lead_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 5000 })),
  campaign_id: Type.Optional(Id),
  from: Type.Optional(WireDay),
  to: Type.Optional(WireDay),
  failed_only: Type.Optional(Type.Boolean()),
});
export type ReplayInput = Static<typeof ReplayInputSchema>;

export const DestinationParams = Type.Object({ id: Id, destId: Id });
const One = Type.Object({ model: DestinationSchema });

export const deliveriesApi = {
  list: {
    method: 'GET',
    url: '/api/admin/clients/:id/destinations',
    params: IdParams,
    response: responses(Type.Object({ models: Type.Array(DestinationSchema) })),
  },
  create: {
    method: 'POST',
    url: '/api/admin/clients/:id/destinations',
    params: IdParams,
    body: DestinationInputSchema,
    /** `secret`: a webhook's, shown here once. */
    response: responses(Type.Object({ model: DestinationSchema, secret: Type.Optional(Type.String()) })),
  },
  update: {
    method: 'PUT',
    url: '/api/admin/clients/:id/destinations/:destId',
    params: DestinationParams,
    body: DestinationInputSchema,
    response: responses(One),
  },
  remove: {
    method: 'DELETE',
    url: '/api/admin/clients/:id/destinations/:destId',
    params: DestinationParams,
    response: responses(Type.Null()),
  },
  rotateSecret: {
    method: 'POST',
    url: '/api/admin/clients/:id/destinations/:destId/secret',
    params: DestinationParams,
    response: responses(Type.Object({ secret: Type.String() })),
  },
  attempts: {
    method: 'GET',
    url: '/api/admin/clients/:id/destinations/:destId/attempts',
    params: DestinationParams,
    querystring: Type.Object({
      before_id: Type.Optional(Type.Integer({ minimum: 1 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    }),
    response: responses(Type.Object({ models: Type.Array(AttemptSchema), next_before_id: Nullable(Type.Integer()) })),
  },
  /** Sends a signed `lead.test` event (`LeadTestV1`) to a webhook now, and answers the attempt recorded. */
  sendTest: {
    method: 'POST',
    url: '/api/admin/clients/:id/destinations/:destId/test',
    params: DestinationParams,
    response: responses(Type.Object({ model: AttemptSchema })),
  },
  replay: {
    method: 'POST',
    url: '/api/admin/deliveries/replay',
    body: ReplayInputSchema,
    response: responses(Type.Object({ queued: Type.Integer() })),
  },
} as const satisfies Record<string, RouteSpec>;

export type DeliveriesApi = typeof deliveriesApi;
