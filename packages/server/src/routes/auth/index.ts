import {
  Messages,
  REMEMBER_TOKEN_TTL_MS,
  TOKEN_TTL_MS,
  normalizeEmail,
  passwordResetErrors,
  resetEmailErrors,
} from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/crypto.js';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { recordHistory } from '../../repositories/history.js';
import { findCredentials, findUser } from '../../repositories/users.js';
import { User, responses } from '../../schemas/common.js';
import type { Limit } from '../../plugins/throttle.js';

const WINDOW_MS = 15 * 60 * 1000;
const loginLimits = (email: string, ip: string): Limit[] => [
  { bucket: 'login', key: `email:${email}`, max: 5, windowMs: WINDOW_MS },
  { bucket: 'login', key: `ip:${ip}`, max: 20, windowMs: WINDOW_MS },
];
const resetLimits = (email: string, ip: string): Limit[] => [
  { bucket: 'reset', key: `email:${email}`, max: 3, windowMs: WINDOW_MS },
  { bucket: 'reset', key: `ip:${ip}`, max: 10, windowMs: WINDOW_MS },
];

const routes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        body: Type.Object({
          email: Type.String({ minLength: 1, maxLength: 254 }),
          password: Type.String({ minLength: 1, maxLength: 1000 }),
          hostname: Type.Optional(Type.String({ maxLength: 253 })),
          remember: Type.Optional(Type.Boolean()),
        }),
        response: responses(Type.Object({ access_token: Type.String(), user: User })),
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const limits = loginLimits(email, request.ip);
      await app.throttle.assert(limits);
      const account = await findCredentials(app.db, email);
      const valid = await verifyPassword(request.body.password, account?.password_hash ?? null);
      if (!account || !valid) {
        await app.throttle.record(limits);
        throw unauthorized(Messages.loginFailed);
      }
      if (account.status !== 1) throw unauthorized('Your account is inactive. Please contact admin!');
      await app.throttle.clear('login', `email:${email}`);
      const { token, hash } = newToken();
      const ttl = request.body.remember ? REMEMBER_TOKEN_TTL_MS : TOKEN_TTL_MS;
      await app.db
        .insertInto('access_tokens')
        .values({ user_id: account.id, token_hash: hash, expires_at: new Date(Date.now() + ttl) })
        .execute();
      const user = (await findUser(app.db, account.id, timeZone))!;
      return ok({ access_token: token, user }, Messages.loginSuccess);
    },
  );

  app.get('/logout', { schema: { response: responses(Type.Null()) } }, async (request) => {
    await app.db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', request.user.tokenId).execute();
    return ok(null, Messages.loggedOut);
  });

  app.post(
    '/password/email',
    {
      config: { access: 'public' },
      schema: {
        body: Type.Object({ email: Type.String({ maxLength: 254 }) }),
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const errors = resetEmailErrors(request.body.email);
      if (errors) throw HttpError.validation(errors, Messages.emailNotValid);
      const email = normalizeEmail(request.body.email);
      const limits = resetLimits(email, request.ip);
      await app.throttle.assert(limits);
      await app.throttle.record(limits);
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'email', 'first_name'])
        .where(sql<string>`lower(email)`, '=', email)
        .where('status', '=', 1)
        .executeTakeFirst();
      // The same answer whether or not the account exists.
      if (user) await app.db.transaction().execute((trx) => app.passwordLinks.send(trx, user, 'reset'));
      return ok(null, Messages.emailSent);
    },
  );

  app.post(
    '/password/reset',
    {
      config: { access: 'public' },
      schema: {
        body: Type.Object({
          email: Type.String({ maxLength: 254 }),
          token: Type.String({ maxLength: 200 }),
          password: Type.String({ maxLength: 1000 }),
          password_confirmation: Type.String({ maxLength: 1000 }),
        }),
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const errors = passwordResetErrors(request.body);
      if (errors) throw HttpError.validation(errors);
      const email = normalizeEmail(request.body.email);
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('password_tokens as t')
          .innerJoin('users as u', 'u.id', 't.user_id')
          .select(['t.id', 'u.id as user_id', 'u.first_name', 'u.last_name', 'u.email'])
          .where('t.token_hash', '=', hashToken(request.body.token))
          .where('t.used_at', 'is', null)
          .where('t.expires_at', '>', new Date())
          .where(sql<string>`lower(u.email)`, '=', email)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw HttpError.validation({ token: [Messages.resetTokenInvalid] }, Messages.resetTokenInvalid);
        const now = new Date();
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', row.user_id).execute();
        // Every link of this user is spent, and every session signed out.
        await trx.updateTable('password_tokens').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
        await trx.updateTable('access_tokens').set({ revoked_at: now }).where('user_id', '=', row.user_id).where('revoked_at', 'is', null).execute();
        await recordHistory(trx, {
          userId: row.user_id,
          icon: 'password',
          text: html`<b>${row.first_name} ${row.last_name}</b> set a new password.`,
        });
      });
      return ok(null, Messages.resetSuccess);
    },
  );
};

export default routes;
