import type { PublicLead } from '@lead/contract/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EventKind } from '../../repositories/events.js';
import { fromSitePage } from '../../runtime/origin.js';
import type { LeadSignals } from '../../runtime/person.js';
import type { Pow } from '../../runtime/pow.js';
import { isBot } from '../../runtime/rate-limit.js';

/**
 * What a lead's request says about who sent it (runtime/person.ts judges): its signed page view
 * (of this site and visitor, under an hour old) in which its campaign's impression was counted,
 * its proof of work (checked here, spent by `spend` once the lead is otherwise good), its honeypot,
 * its fill time, its user agent and its page; and the page view's own id (its nonce) when it is one this server signed.
 */
export async function leadSignals(
  app: FastifyInstance,
  pow: Pow,
  request: FastifyRequest,
  lead: { body: PublicLead; siteId: number; siteHost: string; campaignId: number; now: Date },
): Promise<{ signals: LeadSignals; spend: () => Promise<boolean>; pageView: string | null }> {
  const { body, siteId, campaignId, now } = lead;
  let pageView: LeadSignals['pageView'] = 'none';
  let nonce: string | null = null;
  if (body.pv) {
    nonce = app.events.pageViews.verify(body.pv, siteId, body.visitor_id, now);
    const shown = nonce
      ? await app.db
          .selectFrom('page_view_events')
          .select('kind')
          .where('page_view', '=', nonce)
          .where('campaign_id', '=', campaignId)
          .where('kind', '=', EventKind.Impression)
          .executeTakeFirst()
      : undefined;
    pageView = !nonce ? 'bad' : shown ? 'ok' : 'not_shown';
  }
  const checked = body.pow ? await pow.check(body.pow, siteId, now) : null;
  const signals: LeadSignals = {
    pageView,
    pow: checked?.status ?? 'none',
    honeypot: body.hp,
    fillMs: body.fill_ms,
    challengeAgeMs: checked?.status === 'ok' ? now.getTime() - checked.issued : null,
    botAgent: isBot(request.headers['user-agent']),
    fromSitePage: fromSitePage(request.headers, lead.siteHost, app.demoPartners),
  };
  return {
    signals,
    pageView: nonce,
    spend: async () => (checked?.status === 'ok' ? pow.spend(body.pow!, checked.issued) : true),
  };
}
