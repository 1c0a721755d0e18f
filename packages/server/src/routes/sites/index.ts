import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
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
  clients: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** Only the caller's sites (spec 6), each with the clients on it. */
  app.get('/sites', { schema: { response: responses(Type.Object({ models: Type.Array(Site) })) } }, async (request) => {
    const ids = request.user.siteIds.length ? request.user.siteIds : [-1];
    const models = await app.db
      .selectFrom('sites as s')
      .select((eb) => [
        's.id',
        's.name',
        's.label',
        's.flag',
        's.description',
        's.country_id',
        jsonArrayFrom(
          eb
            .selectFrom('client_sites as cs')
            .innerJoin('clients as c', 'c.id', 'cs.client_id')
            .whereRef('cs.site_id', '=', 's.id')
            .select(['c.id', 'c.name'])
            .orderBy('c.name')
            .orderBy('c.id'),
        ).as('clients'),
      ])
      .where('s.id', 'in', ids)
      .orderBy('s.id')
      .execute();
    return ok({ models });
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
      const site = await app.db.selectFrom('sites').select(['id', 'cms_base']).where('id', '=', request.params.id).executeTakeFirst();
      if (!site) throw notFound();
      app.assertSites(request.user, [site.id]);
      return ok({ models: await app.sponsors.forSite(site) });
    },
  );
};

export default routes;
