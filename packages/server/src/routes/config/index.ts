import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { responses } from '../../schemas/common.js';

/**
 * GET /config (public): what the admin needs to know of this server before anyone signs in.
 * `time_zone` is the server's (TZ): wire dates are its wall time, and "today" is its day.
 * `retention_months` is how long leads' personal data is kept for a client that sets no period (RETENTION_MONTHS).
 */
const routes: FastifyPluginAsyncTypebox<{ timeZone: string; retentionMonths: number }> = async (app, opts) => {
  app.get(
    '/config',
    { config: { access: 'public' }, schema: { response: responses(Type.Object({ time_zone: Type.String(), retention_months: Type.Integer() })) } },
    async (_request, reply) => {
      // It changes only with a restart: browsers may keep it for a while.
      void reply.header('Cache-Control', 'public, max-age=300');
      return ok({ time_zone: opts.timeZone, retention_months: opts.retentionMonths });
    },
  );
};

export default routes;
