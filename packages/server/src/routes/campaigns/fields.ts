import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, formFieldsApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { formFieldFigures } from '../../repositories/form-fields.js';
import { loadCampaign } from './shared.js';

/** Where visitors give up (`formFieldsApi`, docs/decisions/0009): per form field, starts and unsent leaves, for whoever sees the campaign. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { fields } = formFieldsApi;
  app.get(
    wirePath(fields, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(fields), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id);
      return ok(await formFieldFigures(app.db, row.id));
    },
  );
};

export default routes;
