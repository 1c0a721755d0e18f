import { PUBLIC_PREFIX, publicApi } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../lib/crypto.js';
import { notFound } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';
import { wireRoute } from '../../lib/wire.js';

/** GET /preview/{token}: the one campaign a staff preview link shows, as the loader gets campaigns; never cached. */
export default async function previewRoutes(app: FastifyInstance) {
  app.route({
    ...wireRoute(publicApi.preview, PUBLIC_PREFIX),
    config: { access: 'public', securityHeaders: false, wire: true },
    handler: async (request, reply) => {
      const { token } = check(publicApi.preview.params, request.params);
      const answer = await app.served.preview(hashToken(token));
      if (!answer) throw notFound('This preview link has expired. Open it again from the builder.');
      await app.publicSite(request, reply, answer.site.id);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
}
