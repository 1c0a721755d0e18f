import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, sitesApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { notFound } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { recordHistory } from '../../repositories/history.js';
import { articlePage } from '../partner/pages.js';
import winner from './winner.js';

const routes: FastifyPluginAsyncTypebox<{ now: () => Date; timeZone: string; demo: boolean }> = async (app, opts) => {
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

  /**
   * The site's article page at `path` as the demo partner site serves it (routes/partner), without
   * the embed's script: the builder's canvas draws the pop-up on it. Null without the demo.
   */
  app.get(
    wirePath(sitesApi.page, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(sitesApi.page), config: { wire: true } },
    async (request) => {
      const site = await app.sites.find(request.params.id);
      if (!site) throw notFound();
      app.assertSites(request.user, [site.id]);
      if (!opts.demo) return ok({ html: null });
      const row = await app.db
        .selectFrom('sites')
        .select(['label', 'description'])
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow();
      const page = { id: site.id, host: site.name, label: row.label, description: row.description };
      return ok({ html: articlePage(page, request.query.path ?? '/health-news/', [], null) });
    },
  );

  /** The site's cap on pop-ups per visitor per visit and per day (0: none); the served campaigns are read again. */
  const capOf = async (id: number) => {
    const row = await app.db
      .selectFrom('sites')
      .select(['popup_cap_visit', 'popup_cap_day'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { visit: row.popup_cap_visit ?? 0, day: row.popup_cap_day ?? 0 };
  };
  app.get(
    wirePath(sitesApi.cap, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(sitesApi.cap), config: { wire: true } },
    async (request) => {
      const site = await app.sites.find(request.params.id);
      if (!site) throw notFound();
      app.assertSites(request.user, [site.id]);
      return ok({ cap: await capOf(site.id) });
    },
  );
  app.put(
    wirePath(sitesApi.setCap, 'PUT', ADMIN_PREFIX),
    { schema: wireSchema(sitesApi.setCap), config: { access: 'admin', wire: true } },
    async (request) => {
      const site = await app.sites.find(request.params.id);
      if (!site) throw notFound();
      app.assertSites(request.user, [site.id]);
      const { visit, day } = request.body;
      const limit = (n: number, per: string) => (n ? `${n} per ${per}` : `no limit per ${per}`);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sites')
          .set({ popup_cap_visit: visit || null, popup_cap_day: day || null })
          .where('id', '=', site.id)
          .execute();
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: site.id,
          icon: 'update',
          text: html`Set the pop-up cap of <b>${site.name}</b>: ${limit(visit, 'visit')}, ${limit(day, 'day')}.`,
        });
      });
      app.served.invalidate();
      return ok({ cap: await capOf(site.id) }, "The site's cap on pop-ups was saved.");
    },
  );

  await app.register(winner, opts);
};

export default routes;
