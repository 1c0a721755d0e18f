import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { check } from '../../lib/validate.js';

const Params = Type.Object({ siteId: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) });

/** GET /sites/{siteId}/campaigns: what the loader needs, cached in memory, with ETag and Cache-Control. */
export default async function campaignRoutes(app: FastifyInstance) {
  app.get('/sites/:siteId/campaigns', { config: { access: 'public', securityHeaders: false } }, async (request, reply) => {
    const siteId = Number(check(Params, request.params).siteId);
    const site = await app.publicSite(request, reply, siteId);
    const served = (await app.runtime.served(site.id))!;
    // A saved campaign shows within 60 s: 30 s in a browser or CDN, and the server's copy is dropped on every save.
    void reply
      .header('cache-control', 'public, max-age=30, stale-while-revalidate=30')
      .header('etag', served.etag)
      .header('vary', request.headers.origin === undefined ? 'Accept-Encoding' : 'Origin, Accept-Encoding');
    if (request.headers['if-none-match'] === served.etag) return reply.code(304).send();
    void reply.type('application/json; charset=utf-8');
    // Compressed once when the site's campaigns were read, not on every request.
    const accept = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(served.br);
    if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(served.gzip);
    return reply.send(served.body);
  });
}
