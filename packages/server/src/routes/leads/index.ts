import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, LEADS_PAGE_SIZE, leadsApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import leadsExport from './export.js';
import { CURSOR_ERROR, decodeCursor, encodeCursor, resolveFilters } from './filters.js';

/**
 * The Leads page (issue #43): leads across campaigns, any signed-in user within their sites (as
 * a campaign's lead table), a page at a time by cursor, how many match, and their file (export.ts).
 */
const routes: FastifyPluginAsyncTypebox<{ timeZone: string; adminUrl: string }> = async (app, opts) => {
  const { list, count } = leadsApi;

  app.get(
    wirePath(list, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(list), config: { wire: true } },
    async (request) => {
      const q = request.query;
      if (q.before && q.after) throw HttpError.validation({ after: [CURSOR_ERROR] }, CURSOR_ERROR);
      const search = resolveFilters(app, request.user, q, opts.timeZone);
      const limit = q.limit ?? LEADS_PAGE_SIZE;
      const { models, older, newer } = await app.leadSearch.page(
        search,
        limit,
        decodeCursor(q.before, 'before'),
        decodeCursor(q.after, 'after'),
      );
      return ok({
        models: models.map(({ cursor: _, ...lead }) => lead),
        next_cursor: older ? encodeCursor(models.at(-1)!.cursor) : null,
        prev_cursor: newer ? encodeCursor(models[0]!.cursor) : null,
      });
    },
  );

  app.get(
    wirePath(count, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(count), config: { wire: true } },
    async (request) => {
      const search = resolveFilters(app, request.user, request.query, opts.timeZone);
      return ok({ count: await app.leadSearch.count(search) });
    },
  );

  await app.register(leadsExport, opts);
};

export default routes;
