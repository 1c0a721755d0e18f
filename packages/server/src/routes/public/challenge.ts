import { PUBLIC_PREFIX, publicApi } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';
import { wireRoute } from '../../lib/wire.js';
import type { Pow } from '../../runtime/pow.js';
import { addressKey, RateLimiter } from '../../runtime/rate-limit.js';

/** Challenges one address may take a minute: one per form opened, as many as the page views it may open. */
export const CHALLENGES_PER_ADDRESS = 60;

/**
 * GET /sites/{siteId}/challenge: a new proof-of-work challenge for a form that opens on the site
 * (runtime/pow.ts). Never cached: each form solves its own.
 */
export default async function challengeRoutes(app: FastifyInstance, opts: { now: () => Date; pow: Pow }) {
  const perIp = new RateLimiter(CHALLENGES_PER_ADDRESS, 60_000);
  app.route({
    ...wireRoute(publicApi.challenge, PUBLIC_PREFIX),
    config: { access: 'public', securityHeaders: false, shed: true, wire: true },
    handler: async (request, reply) => {
      const siteId = Number(check(publicApi.challenge.params, request.params).siteId);
      const site = await app.publicSite(request, reply, siteId);
      const wait = perIp.hit(addressKey(request.ip));
      if (wait) throw tooManyRequests(wait);
      void reply.header('cache-control', 'no-store');
      return { _status: 1 as const, pow: await opts.pow.issue(site.id, opts.now()) };
    },
  });
}
