import { Messages, accountErrors, passwordChangeErrors } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError } from '../../lib/http-error.js';
import { recordHistory } from '../../repositories/history.js';
import { findUser } from '../../repositories/users.js';
import { Nullable, User, responses } from '../../schemas/common.js';
import { FileUrl, Name } from '../../schemas/fields.js';

const routes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  app.get('/account', { schema: { response: responses(Type.Object({ model: User })) } }, async (request) => {
    return ok({ model: (await findUser(app.db, request.user.id, timeZone))! });
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
        await trx
          .updateTable('users')
          .set({
            first_name: body.first_name.trim(),
            last_name: body.last_name.trim(),
            ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
            updated_at: new Date(),
          })
          .where('id', '=', request.user.id)
          .execute();
        await recordHistory(trx, {
          userId: request.user.id,
          icon: 'update',
          text: html`<b>${body.first_name} ${body.last_name}</b> updated their personal details.`,
        });
      });
      return ok({ model: (await findUser(app.db, request.user.id, timeZone))! }, Messages.saved);
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
      const { password_hash } = await app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', request.user.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(request.body.current_password, password_hash))) {
        throw HttpError.validation({ current_password: [Messages.currentPasswordWrong] }, Messages.currentPasswordWrong);
      }
      const hash = await hashPassword(request.body.password);
      await app.db.transaction().execute(async (trx) => {
        const now = new Date();
        await trx.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', request.user.id).execute();
        // Other sessions end; this one stays signed in.
        await trx
          .updateTable('access_tokens')
          .set({ revoked_at: now })
          .where('user_id', '=', request.user.id)
          .where('id', '!=', request.user.tokenId)
          .where('revoked_at', 'is', null)
          .execute();
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
