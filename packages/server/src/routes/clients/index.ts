import { Messages, clientErrors } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError } from '../../lib/http-error.js';
import { assertHoldsAll } from '../../lib/scope.js';
import { recordHistory } from '../../repositories/history.js';
import { Client, ClientBody, NameAndSitesQuery } from '../../schemas/accounts.js';
import { IdParams, parseIdList, responses } from '../../schemas/common.js';

/** Clients: listed for everyone on their sites, managed by admins (the clients repository says who may change which). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const one = responses(Type.Object({ model: Client }));

  app.get(
    '/clients',
    {
      schema: {
        querystring: Type.Object({
          ...NameAndSitesQuery.properties,
          assigned: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('')])),
        }),
        response: responses(Type.Object({ models: Type.Array(Client) })),
      },
    },
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

  app.post('/clients', { config: { access: 'admin' }, schema: { body: ClientBody, response: one } }, async (request) => {
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
  });

  app.put('/clients/:id', { config: { access: 'admin' }, schema: { params: IdParams, body: ClientBody, response: one } }, async (request) => {
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
  });

  app.delete('/clients/:id', { config: { access: 'admin' }, schema: { params: IdParams, response: responses(Type.Null()) } }, async (request) => {
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
  });
};

export default routes;
