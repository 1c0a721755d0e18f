import { SYSTEM_ROLE } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, rolesApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { wirePath, wireSchema } from '../../lib/wire.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    wirePath(rolesApi.list, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(rolesApi.list), config: { access: 'admin', wire: true } },
    // The roles the caller may grant: the system role only to a system user.
    async (request) =>
      ok({ models: (await app.sites.roles()).filter((r) => request.user.isSystem || r.name !== SYSTEM_ROLE) }),
  );
};

export default routes;
