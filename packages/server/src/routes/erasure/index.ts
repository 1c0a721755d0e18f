import { allMessages, erasureErrors, erasureNotInCountry } from '@lead/contract';
import { ADMIN_PREFIX, erasureApi } from '@lead/contract/api';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { AmbiguousNumber, NotInCountry } from '../../repositories/erasure.js';

/**
 * "Erase a person" (docs/privacy.md): admins only, within the campaigns of their sites. A dry run
 * says what would go and changes nothing; otherwise the person's leads are erased and System
 * history says so (never with the e-mail or number). A national number that is a different
 * number, each with leads, in different countries of the caller's sites is answered 400, naming
 * them, and changes nothing: the caller chooses the country or types the country code.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { erase } = erasureApi;
  app.post(
    wirePath(erase, 'POST', ADMIN_PREFIX),
    { config: { access: 'admin', wire: true }, schema: wireSchema(erase) },
    async (request) => {
      const errors = erasureErrors(request.body);
      if (errors) throw HttpError.validation(errors, allMessages(errors)[0]);
      const dryRun = request.body.dry_run ?? false;
      const person = {
        email: request.body.email ?? null,
        phone: request.body.phone ?? null,
        country: request.body.country || null,
      };
      let result;
      try {
        result = await app.erasure.erase(request.user, person, dryRun);
      } catch (error) {
        if (error instanceof AmbiguousNumber) throw new HttpError(400, error.message, { country: [error.message] });
        if (error instanceof NotInCountry)
          throw HttpError.validation(
            { phone: [erasureNotInCountry(error.country)] },
            erasureNotInCountry(error.country),
          );
        throw error;
      }
      const message = dryRun
        ? `Found ${result.leads} ${result.leads === 1 ? 'lead' : 'leads'} in ${result.campaigns} ${result.campaigns === 1 ? 'campaign' : 'campaigns'}.`
        : `Erased ${result.leads} ${result.leads === 1 ? 'lead' : 'leads'} in ${result.campaigns} ${result.campaigns === 1 ? 'campaign' : 'campaigns'}.`;
      return ok(result, message);
    },
  );
};

export default routes;
