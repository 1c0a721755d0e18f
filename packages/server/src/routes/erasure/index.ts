import { allMessages, erasureErrors } from '@lead/contract';
import { ADMIN_PREFIX, erasureApi } from '@lead/contract/api';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';

/**
 * "Erase a person" (docs/privacy.md): admins only, within the campaigns of their sites. A dry run
 * says what would go and changes nothing; otherwise the person's leads are erased and System
 * history says so (never with the e-mail or number).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { erase } = erasureApi;
  app.post(wirePath(erase, 'POST', ADMIN_PREFIX), { config: { access: 'admin', wire: true }, schema: wireSchema(erase) }, async (request) => {
    const errors = erasureErrors(request.body);
    if (errors) throw HttpError.validation(errors, allMessages(errors)[0]);
    const dryRun = request.body.dry_run ?? false;
    const result = await app.erasure.erase(request.user, { email: request.body.email ?? null, phone: request.body.phone ?? null }, dryRun);
    const message = dryRun
      ? `Found ${result.leads} ${result.leads === 1 ? 'lead' : 'leads'} in ${result.campaigns} ${result.campaigns === 1 ? 'campaign' : 'campaigns'}.`
      : `Erased ${result.leads} ${result.leads === 1 ? 'lead' : 'leads'} in ${result.campaigns} ${result.campaigns === 1 ? 'campaign' : 'campaigns'}.`;
    return ok(result, message);
  });
};

export default routes;
