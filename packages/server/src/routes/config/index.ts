import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, configApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { wirePath, wireSchema } from '../../lib/wire.js';

/**
 * GET /config (public): what the admin needs to know of this server before anyone signs in.
 * `time_zone` is the server's (TZ): wire dates are its wall time, and "today" is its day.
 * `retention_months` is how long leads' personal data is kept for a client that sets no period (RETENTION_MONTHS).
 */
const routes: FastifyPluginAsyncTypebox<{ timeZone: string; retentionMonths: number }> = async (app, opts) => {
  app.get(
    wirePath(configApi.get, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(configApi.get), config: { access: 'public', wire: true } },
    async (_request, reply) => {
      // It changes only with a restart: browsers may keep it for a while.
      void reply.header('Cache-Control', 'public, max-age=300');
      return ok({ time_zone: opts.timeZone, retention_months: opts.retentionMonths });
    },
  );
};

export default routes;
