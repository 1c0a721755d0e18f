import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { hashToken } from '../../lib/crypto.js';
import { notFound } from '../../lib/http-error.js';
import { check } from '../../lib/validate.js';

const Params = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) });

/** GET /preview/{token}: the one campaign a staff preview link shows, as the loader gets campaigns; never cached. */
export default async function previewRoutes(app: FastifyInstance) {
  app.get('/preview/:token', { config: { access: 'public', securityHeaders: false } }, async (request, reply) => {
    const { token } = check(Params, request.params);
    const answer = await app.served.preview(hashToken(token));
    if (!answer) throw notFound('This preview link has expired. Open it again from the builder.');
    await app.publicSite(request, reply, answer.site.id);
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
