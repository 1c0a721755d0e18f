import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CLIENT_API_PREFIX, verdictsApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { unauthorized } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import type { KeyOwner } from '../../repositories/verdicts.js';
import { checkedVerdicts } from './items.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client whose API key signed this client-API request. */
    keyOwner: KeyOwner;
  }
}

/** Requests per key per minute: a busy client's own systems send verdicts in batches of up to 500. */
export const CLIENT_API_RATE = { max: 120, windowMs: 60_000 };

/**
 * The client API (docs/api/verdicts.md): a client's own systems, with one of the client's API
 * keys as a bearer token, send their verdicts on the client's leads.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.decorateRequest('keyOwner', null as unknown as KeyOwner);
  app.addHook('onRequest', async (request) => {
    const match = /^Bearer (lk_[A-Za-z0-9_-]{43})$/.exec(request.headers.authorization ?? '');
    const owner = match ? await app.verdicts.owner(match[1]!) : null;
    if (!owner) throw unauthorized('Send one of the client’s API keys: Authorization: Bearer lk_…');
    await app.throttle.hit([{ bucket: 'client-api', key: String(owner.keyId), ...CLIENT_API_RATE }]);
    request.keyOwner = owner;
  });

  app.post(
    wirePath(verdictsApi.record, 'POST', CLIENT_API_PREFIX),
    { schema: wireSchema(verdictsApi.record), config: { access: 'public', wire: true } },
    async (request) => {
      const items = checkedVerdicts(request.body.verdicts);
      return ok({ results: await app.verdicts.record(request.keyOwner, items) });
    },
  );
};

export default routes;
