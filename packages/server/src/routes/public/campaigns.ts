import { createHash } from 'node:crypto';
import { PUBLIC_PREFIX, publicApi } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import { check } from '../../lib/validate.js';
import { wireRoute } from '../../lib/wire.js';

/** GET /sites/{siteId}/campaigns: what the loader needs, cached in memory, with ETag and Cache-Control. */
export default async function campaignRoutes(app: FastifyInstance) {
  app.route({
    ...wireRoute(publicApi.campaigns, PUBLIC_PREFIX),
    config: { access: 'public', securityHeaders: false, shed: true, wire: true },
    handler: async (request, reply) => {
      // The answer (and its CORS headers) depends on the Origin and the encoding: a shared cache must
      // key on both, also for an answer to a request without Origin and for a refusal.
      void reply.header('vary', 'Origin, Accept-Encoding');
      const siteId = Number(check(publicApi.campaigns.params, request.params).siteId);
      const site = await app.publicSite(request, reply, siteId);
      const served = (await app.served.campaigns(site.id))!;
      // Compressed once when the site's campaigns were read, not on every request.
      const accept = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
      // One ETag per encoding and origin: a cache revalidating with the ETags of every copy it holds
      // (RFC 9111 4.3.1) gets confirmed only the copy of this encoding and these CORS headers.
      const origin = request.headers.origin;
      const etag = `${served.etag.slice(0, -1)}-${encoding ?? 'identity'}${origin ? `-${createHash('sha1').update(origin).digest('base64url').slice(0, 8)}` : ''}"`;
      // A saved campaign shows within 60 s: 30 s in a browser or CDN, and the server's copy is dropped on every save.
      void reply
        .header('cache-control', 'public, max-age=30, stale-while-revalidate=30')
        .header('etag', etag)
        .header('vary', 'Origin, Accept-Encoding');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      void reply.type('application/json; charset=utf-8');
      if (encoding === 'br') return reply.header('content-encoding', 'br').send(served.br);
      if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(served.gzip);
      return reply.send(served.body);
    },
  });
}

/** If-None-Match: a list of entity tags, weak or strong (compared weakly, RFC 9110 13.1.2), or `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
