import { Messages, normalizeEmail, userErrors, type UserPayload } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, conflict, forbidden, notFound } from '../../lib/http-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { recordHistory } from '../../repositories/history.js';
import { emailTaken, findUser, insertUser, listUsers, updateUser } from '../../repositories/users.js';
import { unique } from '../../repositories/common.js';
import type { Executor } from '../../db/types.js';
import { NameAndSitesQuery, UserBody } from '../../schemas/accounts.js';
import { IdParams, User, parseIdList, responses } from '../../schemas/common.js';

const routes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  const one = responses(Type.Object({ model: User }));

  const payload = (body: Static<typeof UserBody>): UserPayload => ({ ...body, last_name: body.last_name ?? '' });

  /** Rules of spec 5 (contract), then what only the database knows: the role and clients exist. */
  async function validate(db: Executor, p: UserPayload, caller: AuthUser) {
    const errors = userErrors(p);
    if (errors) throw HttpError.validation(errors);
    app.assertSites(caller, p.site_ids);
    const role = await db.selectFrom('roles').select('id').where('id', '=', p.role_ids[0]!).executeTakeFirst();
    const clientIds = unique(p.client_ids);
    const clients = await db.selectFrom('clients').select('id').where('id', 'in', clientIds).execute();
    const bad: Record<string, string[]> = {};
    if (!role) bad.role_ids = ['The selected role is invalid.'];
    if (clients.length !== clientIds.length) bad.client_ids = ['The selected clients are invalid.'];
    if (Object.keys(bad).length) throw HttpError.validation(bad);
  }

  app.get(
    '/users',
    { config: { access: 'admin' }, schema: { querystring: NameAndSitesQuery, response: responses(Type.Object({ models: Type.Array(User) })) } },
    async (request) => {
      const siteIds = parseIdList(request.query.site_ids);
      if (siteIds) app.assertSites(request.user, siteIds);
      const models = await listUsers(
        app.db,
        { excludeId: request.user.id, ...(request.query.name?.trim() ? { name: request.query.name.trim() } : {}), ...(siteIds ? { siteIds } : {}) },
        timeZone,
      );
      return ok({ models });
    },
  );

  app.post('/users', { config: { access: 'admin' }, schema: { body: UserBody, response: one } }, async (request) => {
    const p = payload(request.body);
    const id = await app.db.transaction().execute(async (trx) => {
      await validate(trx, p, request.user);
      if (await emailTaken(trx, p.email)) throw conflict(Messages.emailTaken, { email: [Messages.emailTaken] });
      const id = await insertUser(trx, p);
      await recordHistory(trx, {
        userId: request.user.id,
        siteId: p.site_ids[0] ?? null,
        icon: 'create',
        text: html`Created user <b>${p.first_name.trim()} ${p.last_name.trim()}</b> (${normalizeEmail(p.email)}).`,
      });
      // The invitation is a set-password link through the reset flow; if the mail fails, nothing is kept.
      await app.passwordLinks.send(trx, { id, email: normalizeEmail(p.email), first_name: p.first_name.trim() }, 'invite');
      return id;
    });
    return ok({ model: (await findUser(app.db, id, timeZone))! }, Messages.invitationSent(normalizeEmail(p.email)));
  });

  app.put('/users/:id', { config: { access: 'admin' }, schema: { params: IdParams, body: UserBody, response: one } }, async (request) => {
    const before = await findUser(app.db, request.params.id, timeZone);
    if (!before) throw notFound();
    const p = payload(request.body);
    if (normalizeEmail(p.email) !== before.email.toLowerCase()) {
      throw HttpError.validation({ email: ['The email cannot be changed.'] });
    }
    await app.db.transaction().execute(async (trx) => {
      await validate(trx, p, request.user);
      await updateUser(trx, before.id, p);
      if (p.status !== 1) {
        await trx.updateTable('access_tokens').set({ revoked_at: new Date() }).where('user_id', '=', before.id).where('revoked_at', 'is', null).execute();
      }
      await recordHistory(trx, {
        userId: request.user.id,
        siteId: p.site_ids[0] ?? null,
        icon: before.status !== p.status ? 'status' : 'update',
        text:
          before.status !== p.status
            ? html`${p.status === 1 ? 'Activated' : 'Deactivated'} user <b>${before.email}</b>.`
            : html`Updated user <b>${before.email}</b>.`,
      });
    });
    return ok({ model: (await findUser(app.db, before.id, timeZone))! }, Messages.updated);
  });

  app.delete(
    '/users/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, response: responses(Type.Null()) } },
    async (request) => {
      if (request.params.id === request.user.id) throw forbidden(Messages.cannotDeleteYourself);
      const user = await findUser(app.db, request.params.id, timeZone);
      if (!user) throw notFound();
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('id', '=', user.id).execute();
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: user.sites[0]?.id ?? null,
          icon: 'delete',
          text: html`Deleted user <b>${user.first_name} ${user.last_name}</b> (${user.email}).`,
        });
      });
      return ok(null, Messages.userDeleted);
    },
  );
};

export default routes;
