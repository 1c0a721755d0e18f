import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, campaignLeadsApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { loadCampaign } from './shared.js';

/** A page of the lead table when the caller names no limit. */
const LEADS_PAGE = 1000;

/** A campaign's lead table past the detail's first page, and its figures per day (`campaignLeadsApi`; the export is export.ts). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { leads, figures } = campaignLeadsApi;
  app.get(
    wirePath(leads, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(leads), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id);
      const limit = request.query.limit ?? LEADS_PAGE;
      const models = await app.campaigns.leads(row.id, limit, request.query.before_id);
      return ok({
        models,
        next_before_id: models.length === limit ? models[models.length - 1]!.id : null,
        total: Number(row.total_lead),
      });
    },
  );

  app.get(
    wirePath(figures, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(figures), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id);
      return ok({ models: await app.campaigns.figures(row.id, request.query.from, request.query.to) });
    },
  );
};

export default routes;
