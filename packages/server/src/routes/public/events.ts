import {
  FIELD_EVENT_TYPES,
  HABIT_EXIT_MS,
  INPUT_BLOCKS,
  pagePath,
  type EventType,
  type PublicEvent,
} from '@lead/contract';
import { PUBLIC_PREFIX, publicApi } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import { HttpError, tooManyRequests } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';
import { wireRoute } from '../../lib/wire.js';
import { EventKind } from '../../repositories/events.js';
import { savePageViewSource } from '../../repositories/sources.js';
import { fromSitePage } from '../../runtime/origin.js';
import { addressKey, isBot, RateLimiter } from '../../runtime/rate-limit.js';
import type { PageViewEvent } from '../../runtime/events.js';

const KIND: Record<EventType, number> = {
  impression: EventKind.Impression,
  click: EventKind.Click,
  close: EventKind.Close,
  bounce: EventKind.Bounce,
  start: EventKind.Start,
  leave: EventKind.Leave,
};

/** A start or leave names its field, and no other event does: 422 otherwise, under the event's `field`. */
function checkFields(events: PublicEvent[]): void {
  const errors: Record<string, string[]> = {};
  events.forEach((e, i) => {
    const named = FIELD_EVENT_TYPES.includes(e.type);
    if (named !== (e.field !== undefined))
      errors[`events.${i}.field`] = [
        named ? 'A start or leave names its field.' : 'Only a start or leave names a field.',
      ];
  });
  if (Object.keys(errors).length) throw HttpError.validation(errors);
}

/**
 * The most page views (each at most one impression, click, close and bounce per campaign) one
 * address and one visitor may open a minute: the bounds docs/runtime-people.md states.
 */
export const PAGE_VIEWS_PER_ADDRESS = 60;
export const PAGE_VIEWS_PER_VISITOR = 10;
/** Biggest body the route reads (100 events of about 100 bytes each, and room). */
export const EVENTS_BODY_LIMIT = 16 * 1024;

/**
 * POST /events: a batch of one page view's events, written in one statement before the 202. A
 * batch without a page-view id that holds an impression opens a page view: its answer carries the
 * signed id (`pv`) the page's later batches send. Each page view counts each kind of event once
 * per campaign, and a click, close, bounce or form start only after its impression, a form left
 * unsent (`leave`) only after its start.
 */
export default async function eventRoutes(app: FastifyInstance, opts: { now: () => Date }) {
  const perIp = new RateLimiter(600, 60_000);
  const perVisitor = new RateLimiter(120, 60_000);
  const viewsPerIp = new RateLimiter(PAGE_VIEWS_PER_ADDRESS, 60_000);
  const viewsPerVisitor = new RateLimiter(PAGE_VIEWS_PER_VISITOR, 60_000);
  app.route({
    ...wireRoute(publicApi.events, PUBLIC_PREFIX),
    bodyLimit: EVENTS_BODY_LIMIT,
    config: { access: 'public', securityHeaders: false, shed: true, wire: true },
    handler: async (request, reply) => {
      const body = check(publicApi.events.body, request.body);
      checkFields(body.events);
      const site = await app.publicSite(request, reply, body.site_id);
      const address = addressKey(request.ip);
      const wait = Math.max(perIp.hit(address), perVisitor.hit(body.visitor_id));
      if (wait) throw tooManyRequests(wait);
      const events = new Map<string, PageViewEvent>();
      // The site's served campaigns read once for the whole batch.
      const served = await app.served.campaigns(site.id);
      for (const e of body.events) {
        const { id, campaign } = await app.served.campaign(site.id, e.code, served);
        const kind = KIND[e.type];
        // A field that is not one of the served form's fields (a form edited meanwhile) counts nothing.
        const block = e.field === undefined ? undefined : campaign.forms[e.field];
        if (e.field !== undefined && !(block && INPUT_BLOCKS.has(block.name))) continue;
        // One of each kind per campaign and page view; the first close says how long it was open.
        if (!events.has(`${id}:${kind}`))
          events.set(`${id}:${kind}`, {
            campaign_id: id,
            kind,
            habit: (e.open_ms ?? HABIT_EXIT_MS) < HABIT_EXIT_MS,
            ...(e.field === undefined ? {} : { field: e.field }),
          });
      }
      const now = opts.now();
      let minted: string | undefined;
      let pageView: string | null = null;
      if (body.pv) pageView = app.events.pageViews.verify(body.pv, site.id, body.visitor_id, now);
      else if (body.events.some((e) => e.type === 'impression')) {
        const slow = Math.max(viewsPerIp.hit(address), viewsPerVisitor.hit(body.visitor_id));
        if (slow) throw tooManyRequests(slow);
        minted = app.events.pageViews.mint(site.id, body.visitor_id, now);
        pageView = minted.split('.')[0]!;
      }
      // Bots, pages of nowhere and page views this server did not sign (or too old) get the same answer and count nothing.
      if (
        pageView &&
        !isBot(request.headers['user-agent']) &&
        fromSitePage(request.headers, site.host, app.demoPartners)
      ) {
        // The page view's source (where its visit came from): kept once, with the page view that opens here.
        // Without a database (an outage) the events still go to their queue; only the source is not kept.
        // Its place too (page and device): the breakdowns count its impressions there.
        if (minted && ((body.source && Object.keys(body.source).length) || body.page || body.device))
          await savePageViewSource(app.db, pageView, site.id, body.source ?? {}, {
            device: body.device ?? null,
            page_path: body.page ? pagePath(body.page) : null,
          }).catch((err: unknown) =>
            request.log.warn({ err }, 'page view source not kept: the database did not answer'),
          );
        const how = await app.events.record([...events.values()], body.visitor_id, pageView);
        if (how === 'written') app.metrics.eventsWritten.inc(events.size);
      }
      app.metrics.eventsAccepted.inc(body.events.length);
      return reply.code(202).send({ _status: 1, accepted: body.events.length, ...(minted ? { pv: minted } : {}) });
    },
  });
}
