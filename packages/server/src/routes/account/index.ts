import { Messages, accountErrors, passwordChangeErrors } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { hashPassword, verifyPassword, type ScryptParams } from '../../lib/crypto.js';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError } from '../../lib/http-error.js';
import { recordHistory } from '../../repositories/history.js';
import { Nullable, User, responses } from '../../schemas/common.js';
import { FileUrl, Name } from '../../schemas/fields.js';

const routes: FastifyPluginAsyncTypebox<{ passwordHash: ScryptParams }> = async (app, { passwordHash }) => {
  app.get('/account', { schema: { response: responses(Type.Object({ model: User })) } }, async (request) => {
    return ok({ model: (await app.users.find(request.user.id))! });
  });

  app.put(
    '/account',
    {
      schema: {
        body: Type.Object({ first_name: Name, last_name: Type.Optional(Name), avatar: Type.Optional(Nullable(FileUrl)) }),
        response: responses(Type.Object({ model: User })),
      },
    },
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
    '/account/password',
    {
      schema: {
        body: Type.Object({
          current_password: Type.String({ maxLength: 1000 }),
          password: Type.String({ maxLength: 1000 }),
          password_confirmation: Type.String({ maxLength: 1000 }),
        }),
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const errors = passwordChangeErrors(request.body);
      if (errors) throw HttpError.validation(errors);
      const password_hash = await app.users.passwordHash(request.user.id);
      if (!(await verifyPassword(request.body.current_password, password_hash, passwordHash))) {
        throw HttpError.validation({ current_password: [Messages.currentPasswordWrong] }, Messages.currentPasswordWrong);
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
