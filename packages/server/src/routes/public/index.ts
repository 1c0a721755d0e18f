/**
 * The public API of the runtime (`/api/public/`, docs/api/public.md): no token; a browser may
 * read the answers only from a page of the site's own host (CORS). Events and leads take
 * `navigator.sendBeacon` bodies (`text/plain` JSON) as well as `application/json`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { isSiteHost, originHost } from '../../runtime/origin.js';
import type { OtpProvider } from '../../runtime/otp.js';
import type { RuntimeSite } from '../../runtime/served.js';
import { powChallenges } from '../../runtime/pow.js';
import campaignRoutes from './campaigns.js';
import challengeRoutes from './challenge.js';
import eventRoutes from './events.js';
import leadRoutes from './leads.js';
import otpRoutes from './otp.js';
import previewRoutes from './preview.js';

export interface PublicOptions {
  /** `<site>.localhost` counts as the site (the demo partner pages). */
  demo: boolean;
  otpProvider: OtpProvider;
  /** The clock (page-view ids' age, the day of OTP caps); tests inject one. */
  now: () => Date;
  /** The server's zone: the day of the OTP caps. */
  timeZone: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site a public request names, refused (403) when the page's origin is another host's. */
    publicSite(request: FastifyRequest, reply: FastifyReply, siteId: number): Promise<RuntimeSite>;
    demoPartners: boolean;
    otpProvider: OtpProvider;
  }
}

export default async function publicRoutes(app: FastifyInstance, opts: PublicOptions) {
  // The admin API refuses text/plain; here it is what sendBeacon sends. Each route bounds its body (bodyLimit).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body must be JSON.'), undefined);
    }
  });

  app.decorate('demoPartners', opts.demo);
  app.decorate('otpProvider', opts.otpProvider);
  app.decorate('publicSite', async (request: FastifyRequest, reply: FastifyReply, siteId: number) => {
    const site = await app.served.site(siteId);
    if (!site) throw notFound(`There is no site ${siteId}.`);
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!isSiteHost(originHost(origin), site.host, opts.demo))
        throw forbidden(`Pages of ${originHost(origin) ?? 'this origin'} cannot use the campaigns of ${site.host}.`);
      void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    }
    // Loaded by partner pages on other origins. Helmet's page headers (CSP, frame options...) mean
    // nothing on JSON read by another site's script: these routes skip them and keep what applies.
    void reply.header('cross-origin-resource-policy', 'cross-origin').header('x-content-type-options', 'nosniff');
    return site;
  });

  // Preflight of a JSON POST: allowed for any origin here; the route itself checks the site's host.
  app.options('/*', { config: { access: 'public', securityHeaders: false } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .code(204)
      .send();
  });

  await app.register(campaignRoutes);
  await app.register(eventRoutes, { now: opts.now });
  const pow = await powChallenges(app.db);
  await app.register(challengeRoutes, { now: opts.now, pow });
  await app.register(leadRoutes, { now: opts.now, pow });
  await app.register(otpRoutes, { now: opts.now, timeZone: opts.timeZone });
  await app.register(previewRoutes);
}
