import { HISTORY_PAGE_SIZE, Messages } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { Nullable, responses } from '../../schemas/common.js';

const Entry = Type.Object({
  id: Type.Integer(),
  icon: Type.String(),
  user: Nullable(Type.Object({ first_name: Type.String(), last_name: Type.String() })),
  text: Type.String(),
  created_at: Type.String(),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/history',
    {
      schema: {
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })) }),
        response: responses(
          Type.Object({
            history: Type.Array(Entry),
            message: Type.String(),
            prev_page: Nullable(Type.Integer()),
            next_page: Nullable(Type.Integer()),
            total_pages: Type.Integer(),
          }),
        ),
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const { entries, total } = await app.history.page(request.user, page, HISTORY_PAGE_SIZE);
      const totalPages = Math.ceil(total / HISTORY_PAGE_SIZE);
      return ok({
        history: entries,
        message: entries.length === 0 ? Messages.noHistory : '',
        prev_page: page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null,
        next_page: page < totalPages ? page + 1 : null,
        total_pages: totalPages,
      });
    },
  );
};

export default routes;
