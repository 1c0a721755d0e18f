import { HISTORY_PAGE_SIZE, Messages } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, historyApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { wirePath, wireSchema } from '../../lib/wire.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    wirePath(historyApi.list, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(historyApi.list), config: { wire: true } },
    async (request) => {
      const page = request.query.page ?? 1;
      const { entries, more } = await app.history.page(request.user, page, HISTORY_PAGE_SIZE);
      return ok({
        history: entries,
        message: entries.length === 0 ? Messages.noHistory : '',
        prev_page: page > 1 ? page - 1 : null,
        next_page: more ? page + 1 : null,
        // The pages known without counting them all (docs/api.md, History): up to this one, and the next when there is one.
        total_pages: entries.length === 0 ? 0 : more ? page + 1 : page,
      });
    },
  );
};

export default routes;
