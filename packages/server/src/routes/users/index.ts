import { AccountStatus, Messages, normalizeEmail, userErrors, type UserPayload } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { ADMIN_PREFIX, usersApi, type UserBody } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, conflict, forbidden } from '../../lib/http-error.js';
import { parseIdList } from '../../lib/input.js';
import { assertHoldsAll } from '../../lib/scope.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { recordHistory } from '../../repositories/history.js';

/** Manage users (admins only). Who may see and change whom is the users repository's rule. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const payload = (body: Static<typeof UserBody>): UserPayload => ({ ...body, last_name: body.last_name ?? '' });
  const fieldErrors = (p: UserPayload) => {
    const errors = userErrors(p);
    if (errors) throw HttpError.validation(errors);
  };

  app.get(
    wirePath(usersApi.list, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(usersApi.list), config: { access: 'admin', wire: true } },
    async (request) => {
      const siteIds = parseIdList(request.query.site_ids);
      if (siteIds) assertHoldsAll(request.user, siteIds);
      const name = request.query.name?.trim();
      return ok({
        models: await app.users.list(request.user, { ...(name ? { name } : {}), ...(siteIds ? { siteIds } : {}) }),
      });
    },
  );

  /**
   * A new user and their invitation. A system user, who sees every account, is told when the
   * address already has one (409). Any other admin is answered the same whether or not it has, and
   * whatever sites hold it (issue #44): the invitation message and no model; for a taken address
   * nothing is created, its owner is mailed instead, and only System history (a system user) says so.
   */
  app.post(
    wirePath(usersApi.create, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(usersApi.create), config: { access: 'admin', wire: true } },
    async (request) => {
      const p = payload(request.body);
      fieldErrors(p);
      const email = normalizeEmail(p.email);
      const created = await app.db.transaction().execute(async (trx) => {
        await app.users.assertGrantable(request.user, p, trx);
        if (await app.users.emailTaken(p.email, trx)) {
          if (request.user.isSystem) throw conflict(Messages.emailTaken, { email: [Messages.emailTaken] });
          const who = html`<b>${request.user.first_name} ${request.user.last_name}</b> (${request.user.email})`;
          await recordHistory(trx, {
            userId: null,
            siteId: null,
            icon: 'create',
            text: html`${who} tried to add a user with ${email}, which already has an account; its owner was mailed.`,
          });
          return { id: null, mail: app.passwordLinks.accountExists(email) };
        }
        const id = await app.users.insert(request.body, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: p.site_ids[0] ?? null,
          icon: 'create',
          text: html`Created user <b>${p.first_name.trim()} ${p.last_name.trim()}</b> (${email}).`,
        });
        // The invitation is a set-password link through the reset flow, mailed once the user is committed.
        const mail = await app.passwordLinks.issue(trx, { id, email, first_name: p.first_name.trim() }, 'invite');
        return { id, mail };
      });
      app.mailer.enqueue(created.mail);
      const model = request.user.isSystem && created.id !== null ? (await app.users.find(created.id))! : null;
      return ok({ model }, Messages.invitationSent(email));
    },
  );

  app.put(
    wirePath(usersApi.update, 'PUT', ADMIN_PREFIX),
    { schema: wireSchema(usersApi.update), config: { access: 'admin', wire: true } },
    async (request) => {
      const before = await app.users.findChangeable(request.user, request.params.id);
      const p = payload(request.body);
      if (normalizeEmail(p.email) !== before.email.toLowerCase()) {
        throw HttpError.validation({ email: ['The email cannot be changed.'] });
      }
      fieldErrors(p);
      await app.db.transaction().execute(async (trx) => {
        await app.users.assertGrantable(request.user, p, trx);
        await app.users.update(before.id, request.body, trx);
        if (p.status !== AccountStatus.Active) await app.users.revokeSessions(before.id, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          siteId: p.site_ids[0] ?? null,
          icon: before.status !== p.status ? 'status' : 'update',
          text:
            before.status !== p.status
              ? html`${p.status === AccountStatus.Active ? 'Activated' : 'Deactivated'} user <b>${before.email}</b>.`
              : html`Updated user <b>${before.email}</b>.`,
        });
      });
      return ok({ model: (await app.users.find(before.id))! }, Messages.updated);
    },
  );

  app.delete(
    wirePath(usersApi.delete, 'DELETE', ADMIN_PREFIX),
    { schema: wireSchema(usersApi.delete), config: { access: 'admin', wire: true } },
    async (request) => {
      if (request.params.id === request.user.id) throw forbidden(Messages.cannotDeleteYourself);
      const user = await app.users.findChangeable(request.user, request.params.id);
      await app.db.transaction().execute(async (trx) => {
        await app.users.delete(user.id, trx);
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
