import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, sitesApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import winner from './winner.js';

const routes: FastifyPluginAsyncTypebox<{ now: () => Date; timeZone: string }> = async (app, opts) => {
  /** Only the caller's sites, each with the clients on it. */
  app.get(
    wirePath(sitesApi.list, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(sitesApi.list), config: { wire: true } },
    async (request) => {
      return ok({ models: await app.sites.withClients(request.user.siteIds) });
    },
  );

  app.get(
    wirePath(sitesApi.sponsors, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(sitesApi.sponsors), config: { wire: true } },
    async (request) => {
      const site = await app.sites.find(request.params.id);
      if (!site) throw notFound();
      app.assertSites(request.user, [site.id]);
      return ok({ models: await app.sponsors.forSite(site) });
    },
  );

  await app.register(winner, opts);
};

export default routes;
