import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, spamBinApi } from '@lead/contract/api';
import { CampaignType } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { AlreadySubmitted } from '../../repositories/leads.js';
import { AlreadyReleased } from '../../repositories/spam.js';
import type { CampaignRow } from '../../repositories/campaigns.js';
import { loadCampaign } from './shared.js';

/** A page of the spam bin when the caller names no limit. */
const SPAM_PAGE = 100;

/** The campaigns whose spam a campaign's bin shows: itself, and for an A/B test its live variants too. */
async function binOf(app: FastifyInstance, row: CampaignRow): Promise<number[]> {
  if (row.type !== CampaignType.AbTest) return [row.id];
  const variants = await app.db
    .selectFrom('campaigns')
    .select('id')
    .where('parent_id', '=', row.id)
    .where('deleted_at', 'is', null)
    .execute();
  return [row.id, ...variants.map((v) => Number(v.id))];
}

/** A campaign's spam bin (`spamBinApi`): its pages, for whoever sees the campaign; a release, for admins. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { list, release } = spamBinApi;
  app.get(
    wirePath(list, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(list), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id);
      const limit = request.query.limit ?? SPAM_PAGE;
      const ids = await binOf(app, row);
      const { models, total } = await app.spamBin.page(ids, limit, request.query.before_id);
      return ok({ models, next_before_id: models.length === limit ? models[models.length - 1]!.id : null, total });
    },
  );

  app.post(
    wirePath(release, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(release), config: { access: 'admin', wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id);
      try {
        const model = await app.spamBin.release(row.id, request.params.spamId, {
          id: request.user.id,
          siteId: row.site_id,
          campaign: row.name,
        });
        if (!model) throw notFound('This spam lead is not in the campaign’s spam bin.');
        return ok({ model }, 'The lead was released: it is delivered and billed.');
      } catch (error) {
        if (error instanceof AlreadyReleased) throw conflict('This spam lead was already released.');
        if (error instanceof AlreadySubmitted)
          throw conflict('This phone number has already sent the form: the lead cannot be released.');
        throw error;
      }
    },
  );
};

export default routes;
