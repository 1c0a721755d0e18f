import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/http-error.js';
import { IdParams, responses } from '../../schemas/common.js';

const Site = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  label: Type.String(),
  flag: Type.String(),
  description: Type.String(),
  country_id: Type.String(),
  clients: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), site_ids: Type.Array(Type.Integer()) })),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** Only the caller's sites, each with the clients on it. */
  app.get('/sites', { schema: { response: responses(Type.Object({ models: Type.Array(Site) })) } }, async (request) => {
    return ok({ models: await app.sites.withClients(request.user.siteIds) });
  });

  app.get(
    '/sites/:id/sponsors',
    {
      schema: {
        params: IdParams,
        response: responses(Type.Object({ models: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) })),
      },
    },
    async (request) => {
      const site = await app.sites.find(request.params.id);
      if (!site) throw notFound();
      app.assertSites(request.user, [site.id]);
      return ok({ models: await app.sponsors.forSite(site) });
    },
  );
};

export default routes;
