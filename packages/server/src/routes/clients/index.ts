import { Messages, clientErrors } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, forbidden, notFound } from '../../lib/http-error.js';
import { findClient, insertClient, listClients, updateClient } from '../../repositories/clients.js';
import { recordHistory } from '../../repositories/history.js';
import type { Executor } from '../../db/types.js';
import { Client, ClientBody, NameAndSitesQuery } from '../../schemas/accounts.js';
import { IdParams, parseIdList, responses } from '../../schemas/common.js';

const routes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  const one = responses(Type.Object({ model: Client }));

  /** The manager must be an existing user; 422 names the field otherwise. */
  async function assertManager(db: Executor, managerId: number) {
    const exists = await db.selectFrom('users').select('id').where('id', '=', managerId).executeTakeFirst();
    if (!exists) throw HttpError.validation({ manager_id: ['The selected account manager is invalid.'] });
  }

  /** A client the caller may see: it exists (404) and shares a site with them (403). */
  async function visibleClient(id: number, siteIds: number[]) {
    const client = await findClient(app.db, id, timeZone);
    if (!client) throw notFound();
    if (!client.site_ids.some((s) => siteIds.includes(s))) throw forbidden(Messages.siteForbidden);
    return client;
  }

  app.get(
    '/clients',
    {
      schema: {
        querystring: Type.Intersect([NameAndSitesQuery, Type.Object({ assigned: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('')])) })]),
        response: responses(Type.Object({ models: Type.Array(Client) })),
      },
    },
    async (request) => {
      const requested = parseIdList(request.query.site_ids);
      if (requested) app.assertSites(request.user, requested);
      const models = await listClients(
        app.db,
        {
          siteIds: requested ?? request.user.siteIds,
          ...(request.query.name?.trim() ? { name: request.query.name.trim() } : {}),
          ...(request.query.assigned === '1' ? { assignedTo: request.user.id } : {}),
        },
        timeZone,
      );
      return { ...ok({ models }), ...(models.length === 0 ? { _messages: [Messages.noClients] } : {}) };
    },
  );

  app.post('/clients', { config: { access: 'admin' }, schema: { body: ClientBody, response: one } }, async (request) => {
    const errors = clientErrors(request.body);
    if (errors) throw HttpError.validation(errors);
    app.assertSites(request.user, request.body.site_ids);
    const id = await app.db.transaction().execute(async (trx) => {
      await assertManager(trx, request.body.manager_id!);
      const id = await insertClient(trx, request.body);
      await recordHistory(trx, {
        userId: request.user.id,
        siteId: request.body.site_ids[0] ?? null,
        icon: 'create',
        text: html`Created client <b>${request.body.name.trim()}</b>.`,
      });
      return id;
    });
    return ok({ model: (await findClient(app.db, id, timeZone))! }, Messages.clientCreated);
  });

  app.put(
    '/clients/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, body: ClientBody, response: one } },
    async (request) => {
      const before = await visibleClient(request.params.id, request.user.siteIds);
      const errors = clientErrors(request.body);
      if (errors) throw HttpError.validation(errors);
      app.assertSites(request.user, request.body.site_ids);
      await app.db.transaction().execute(async (trx) => {
        await assertManager(trx, request.body.manager_id!);
        await updateClient(trx, before.id, request.body);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: request.body.site_ids[0] ?? null,
          icon: 'update',
          text: html`Updated client <b>${request.body.name.trim()}</b>.`,
        });
      });
      return ok({ model: (await findClient(app.db, before.id, timeZone))! }, Messages.updated);
    },
  );

  app.delete(
    '/clients/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      const client = await visibleClient(request.params.id, request.user.siteIds);
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('clients').where('id', '=', client.id).execute();
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
