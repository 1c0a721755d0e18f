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
      const { before } = request.query;
      // `before` (keyset) wins over a page number; a keyset page has no number (docs/api/accounts.md, History).
      const page = before === undefined ? (request.query.page ?? 1) : null;
      const from = page === null ? { before: before! } : { page };
      const { entries, more } = await app.history.page(request.user, from, HISTORY_PAGE_SIZE);
      return ok({
        history: entries,
        message: entries.length === 0 ? Messages.noHistory : '',
        prev_page: page !== null && page > 1 ? page - 1 : null,
        next_page: page !== null && more ? page + 1 : null,
        // The pages known without counting them all (docs/api.md, History): up to this one, and the next when there is one.
        total_pages: page === null || entries.length === 0 ? 0 : more ? page + 1 : page,
        next_before: more ? entries.at(-1)!.id : null,
      });
    },
  );
};

export default routes;
