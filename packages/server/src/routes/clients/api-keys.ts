import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, verdictsApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { recordHistory } from '../../repositories/history.js';

/**
 * A client's API keys (docs/api/verdicts.md): admins who hold every site of the client list,
 * create and revoke them. A key is shown once, in the answer that creates it.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    wirePath(verdictsApi.listKeys, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(verdictsApi.listKeys), config: { access: 'admin', wire: true } },
    async (request) => {
      const client = await app.clients.findChangeable(request.user, request.params.id);
      return ok({ models: await app.verdicts.keys(client.id) });
    },
  );

  app.post(
    wirePath(verdictsApi.createKey, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(verdictsApi.createKey), config: { access: 'admin', wire: true } },
    async (request) => {
      const client = await app.clients.findChangeable(request.user, request.params.id);
      const name = request.body.name.trim();
      if (!name) throw HttpError.validation({ name: ['Name the key, e.g. after the system that uses it.'] });
      const created = await app.db.transaction().execute(async (trx) => {
        const created = await app.verdicts.createKey(client.id, name, request.user.id, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: client.site_ids[0] ?? null,
          icon: 'create',
          text: html`Created API key <b>${name}</b> (${created.model.prefix}…) of client <b>${client.name}</b>.`,
        });
        return created;
      });
      return ok(created, 'API key created. Copy it now: it is not shown again.');
    },
  );

  app.delete(
    wirePath(verdictsApi.revokeKey, 'DELETE', ADMIN_PREFIX),
    { schema: wireSchema(verdictsApi.revokeKey), config: { access: 'admin', wire: true } },
    async (request) => {
      const client = await app.clients.findChangeable(request.user, request.params.id);
      await app.db.transaction().execute(async (trx) => {
        const key = await app.verdicts.revokeKey(client.id, request.params.keyId, trx);
        if (!key) throw notFound('This API key does not exist or is already revoked.');
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: client.site_ids[0] ?? null,
          icon: 'delete',
          text: html`Revoked API key <b>${key.name}</b> (${key.prefix}…) of client <b>${client.name}</b>.`,
        });
      });
      return ok(null, 'API key revoked.');
    },
  );
};

export default routes;
