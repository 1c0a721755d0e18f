import { Messages, clientErrors } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, clientsApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError } from '../../lib/http-error.js';
import { parseIdList } from '../../lib/input.js';
import { assertHoldsAll } from '../../lib/scope.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { recordHistory } from '../../repositories/history.js';

/** Clients: listed for everyone on their sites, managed by admins (the clients repository says who may change which). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    wirePath(clientsApi.list, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(clientsApi.list), config: { wire: true } },
    async (request) => {
      const requested = parseIdList(request.query.site_ids);
      if (requested) assertHoldsAll(request.user, requested);
      const models = await app.clients.list({
        siteIds: requested ?? request.user.siteIds,
        ...(request.query.name?.trim() ? { name: request.query.name.trim() } : {}),
        ...(request.query.assigned === '1' ? { assignedTo: request.user.id } : {}),
      });
      return { ...ok({ models }), ...(models.length === 0 ? { _messages: [Messages.noClients] } : {}) };
    },
  );

  app.post(
    wirePath(clientsApi.create, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(clientsApi.create), config: { access: 'admin', wire: true } },
    async (request) => {
      const errors = clientErrors(request.body);
      if (errors) throw HttpError.validation(errors);
      assertHoldsAll(request.user, request.body.site_ids);
      const id = await app.db.transaction().execute(async (trx) => {
        await app.clients.assertManager(request.body.manager_id!, trx);
        const id = await app.clients.insert(request.body, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: request.body.site_ids[0] ?? null,
          icon: 'create',
          text: html`Created client <b>${request.body.name.trim()}</b>.`,
        });
        return id;
      });
      return ok({ model: (await app.clients.find(id))! }, Messages.clientCreated);
    },
  );

  app.put(
    wirePath(clientsApi.update, 'PUT', ADMIN_PREFIX),
    { schema: wireSchema(clientsApi.update), config: { access: 'admin', wire: true } },
    async (request) => {
      const before = await app.clients.findChangeable(request.user, request.params.id);
      const errors = clientErrors(request.body);
      if (errors) throw HttpError.validation(errors);
      assertHoldsAll(request.user, request.body.site_ids);
      await app.db.transaction().execute(async (trx) => {
        await app.clients.assertManager(request.body.manager_id!, trx);
        await app.clients.update(before.id, request.body, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: request.body.site_ids[0] ?? null,
          icon: 'update',
          text: html`Updated client <b>${request.body.name.trim()}</b>.`,
        });
      });
      return ok({ model: (await app.clients.find(before.id))! }, Messages.updated);
    },
  );

  app.delete(
    wirePath(clientsApi.delete, 'DELETE', ADMIN_PREFIX),
    { schema: wireSchema(clientsApi.delete), config: { access: 'admin', wire: true } },
    async (request) => {
      const client = await app.clients.findChangeable(request.user, request.params.id);
      await app.db.transaction().execute(async (trx) => {
        await app.clients.delete(client.id, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: client.site_ids[0] ?? null,
          icon: 'delete',
          text: html`Deleted client <b>${client.name}</b>.`,
        });
      });
      return ok(null, Messages.clientDeleted);
    },
  );
};

export default routes;
