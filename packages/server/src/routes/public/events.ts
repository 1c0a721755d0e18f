import { EVENT_TYPES, HABIT_EXIT_MS, MAX_EVENTS_PER_BATCH } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { tooManyRequests } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';
import { isBot, RateLimiter } from '../../runtime/rate-limit.js';
import type { EventCounts } from '../../runtime/store.js';
import { unavailable, unknownCampaign } from './index.js';

export const VisitorId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });

const Batch = Type.Object({
  site_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  visitor_id: VisitorId,
  events: Type.Array(
    Type.Object({
      code: Type.String({ minLength: 1, maxLength: 64 }),
      type: Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))),
      at: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }),
      open_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400_000 })),
    }),
    { minItems: 1, maxItems: MAX_EVENTS_PER_BATCH },
  ),
});

/** POST /events: a batch of one visitor's events, written in one statement before the 202. */
export default async function eventRoutes(app: FastifyInstance) {
  const perIp = new RateLimiter(600, 60_000);
  const perVisitor = new RateLimiter(120, 60_000);
  app.post('/events', { config: { access: 'public', securityHeaders: false } }, async (request, reply) => {
    const body = check(Batch, request.body);
    const site = await app.publicSite(request, reply, body.site_id);
    const wait = Math.max(perIp.hit(request.ip), perVisitor.hit(body.visitor_id));
    if (wait) throw tooManyRequests(wait);
    const served = (await app.runtime.served(site.id))!;
    const counts = new Map<number, EventCounts>();
    for (const e of body.events) {
      const id = served.ids.get(e.code);
      if (id === undefined) throw (await app.runtime.exists(site.id, e.code)) ? unavailable(e.code) : unknownCampaign(e.code);
      let c = counts.get(id);
      if (!c) counts.set(id, (c = { campaign_id: id, impressions: 0, clicks: 0, bounces: 0, habit_exits: 0, intentional_exits: 0 }));
      if (e.type === 'impression') c.impressions += 1;
      else if (e.type === 'click') c.clicks += 1;
      else if (e.type === 'bounce') c.bounces += 1;
      else if ((e.open_ms ?? HABIT_EXIT_MS) < HABIT_EXIT_MS) c.habit_exits += 1;
      else c.intentional_exits += 1;
    }
    // Bots see the same answer and count for nothing.
    if (!isBot(request.headers['user-agent'])) {
      const how = await app.runtime.recordEvents([...counts.values()], body.visitor_id);
      if (how === 'written') app.metrics.eventsWritten.inc(body.events.length);
    }
    app.metrics.eventsAccepted.inc(body.events.length);
    return reply.code(202).send({ _status: 1, accepted: body.events.length });
  });
}
