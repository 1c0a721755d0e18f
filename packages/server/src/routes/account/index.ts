import { Messages, accountErrors, passwordChangeErrors } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, accountApi } from '@lead/contract/api';
import { hashPassword, verifyPassword, type ScryptParams } from '../../lib/crypto.js';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { recordHistory } from '../../repositories/history.js';

const routes: FastifyPluginAsyncTypebox<{ passwordHash: ScryptParams }> = async (app, { passwordHash }) => {
  app.get(
    wirePath(accountApi.get, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(accountApi.get), config: { wire: true } },
    async (request) => {
      return ok({ model: (await app.users.find(request.user.id))! });
    },
  );

  app.put(
    wirePath(accountApi.update, 'PUT', ADMIN_PREFIX),
    { schema: wireSchema(accountApi.update), config: { wire: true } },
    async (request) => {
      const body = { ...request.body, last_name: request.body.last_name ?? '' };
      const errors = accountErrors(body);
      if (errors) throw HttpError.validation(errors);
      await app.db.transaction().execute(async (trx) => {
        await app.users.updateDetails(request.user.id, body, trx);
        await recordHistory(trx, {
          userId: request.user.id,
          icon: 'update',
          text: html`<b>${body.first_name} ${body.last_name}</b> updated their personal details.`,
        });
      });
      return ok({ model: (await app.users.find(request.user.id))! }, Messages.saved);
    },
  );

  app.put(
    wirePath(accountApi.password, 'PUT', ADMIN_PREFIX),
    { schema: wireSchema(accountApi.password), config: { wire: true } },
    async (request) => {
      const errors = passwordChangeErrors(request.body);
      if (errors) throw HttpError.validation(errors);
      const password_hash = await app.users.passwordHash(request.user.id);
      if (!(await verifyPassword(request.body.current_password, password_hash, passwordHash))) {
        throw HttpError.validation(
          { current_password: [Messages.currentPasswordWrong] },
          Messages.currentPasswordWrong,
        );
      }
      const hash = await hashPassword(request.body.password, passwordHash);
      await app.db.transaction().execute(async (trx) => {
        await app.users.setPasswordHash(request.user.id, hash, trx);
        // Outstanding reset and invitation links are spent and other sessions end; this one stays signed in.
        await app.users.spendLinksAndSessions(request.user.id, trx, request.user.tokenId);
        await recordHistory(trx, {
          userId: request.user.id,
          icon: 'password',
          text: html`<b>${request.user.first_name} ${request.user.last_name}</b> changed their password.`,
        });
      });
      return ok(null, Messages.updateDetailsSuccessful);
    },
  );
};

export default routes;
