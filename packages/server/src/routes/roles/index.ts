import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { Role, responses } from '../../schemas/common.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/roles',
    { config: { access: 'admin' }, schema: { response: responses(Type.Object({ models: Type.Array(Role) })) } },
    async () => ok({ models: await app.sites.roles() }),
  );
};

export default routes;
