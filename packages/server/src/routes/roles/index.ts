import { SYSTEM_ROLE } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { Role, responses } from '../../schemas/common.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/roles',
    { config: { access: 'admin' }, schema: { response: responses(Type.Object({ models: Type.Array(Role) })) } },
    // The roles the caller may grant: the system role only to a system user.
    async (request) => ok({ models: (await app.sites.roles()).filter((r) => request.user.isSystem || r.name !== SYSTEM_ROLE) }),
  );
};

export default routes;
