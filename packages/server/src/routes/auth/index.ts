import {
  AccountStatus,
  Messages,
  normalizeEmail,
  passwordResetErrors,
  REMEMBER_TOKEN_TTL_MS,
  resetEmailErrors,
  TOKEN_TTL_MS,
} from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, authApi } from '@lead/contract/api';
import { hashPassword, hashToken, needsRehash, newToken, verifyPassword, type ScryptParams } from '../../lib/crypto.js';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { recordHistory } from '../../repositories/history.js';
import type { Limit } from '../../plugins/throttle.js';

const WINDOW_MS = 15 * 60 * 1000;
const loginLimits = (email: string, ip: string): Limit[] => [
  { bucket: 'login', key: `email:${email}`, max: 5, windowMs: WINDOW_MS },
  { bucket: 'login', key: `ip:${ip}`, max: 20, windowMs: WINDOW_MS },
];
/** Asking for a reset mail. */
const resetRequestLimits = (email: string, ip: string): Limit[] => [
  { bucket: 'reset', key: `email:${email}`, max: 3, windowMs: WINDOW_MS },
  { bucket: 'reset', key: `ip:${ip}`, max: 10, windowMs: WINDOW_MS },
];
/** Trying a reset token: guessing one is as throttled as guessing a password. */
const resetLimits = (email: string, ip: string): Limit[] => [
  { bucket: 'reset-try', key: `email:${email}`, max: 5, windowMs: WINDOW_MS },
  { bucket: 'reset-try', key: `ip:${ip}`, max: 20, windowMs: WINDOW_MS },
];

const routes: FastifyPluginAsyncTypebox<{ passwordHash: ScryptParams }> = async (app, { passwordHash }) => {
  app.post(
    wirePath(authApi.login, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(authApi.login), config: { access: 'public', wire: true } },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      // Counted before the slow hash, so that parallel guesses cannot pass the limit.
      const attempt = await app.throttle.hit(loginLimits(email, request.ip));
      const account = await app.users.credentials(email);
      const valid = await verifyPassword(request.body.password, account?.password_hash ?? null, passwordHash);
      if (!account || !valid) throw unauthorized(Messages.loginFailed);
      if (account.status !== AccountStatus.Active)
        throw unauthorized('Your account is inactive. Please contact admin!');
      await attempt.forgive();
      await app.throttle.clear('login', `email:${email}`);
      // A hash made with other parameters than the configured ones is replaced now that the password is known.
      if (account.password_hash && needsRehash(account.password_hash, passwordHash)) {
        await app.users.setPasswordHash(account.id, await hashPassword(request.body.password, passwordHash));
      }
      const { token, hash } = newToken();
      await app.users.startSession(account.id, hash, request.body.remember ? REMEMBER_TOKEN_TTL_MS : TOKEN_TTL_MS);
      const user = (await app.users.find(account.id))!;
      return ok({ access_token: token, user }, Messages.loginSuccess);
    },
  );

  app.get(
    wirePath(authApi.logout, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(authApi.logout), config: { wire: true } },
    async (request) => {
      await app.users.endSession(request.user.tokenId);
      return ok(null, Messages.loggedOut);
    },
  );

  app.post(
    wirePath(authApi.passwordEmail, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(authApi.passwordEmail), config: { access: 'public', wire: true } },
    async (request) => {
      const errors = resetEmailErrors(request.body.email);
      if (errors) throw HttpError.validation(errors, Messages.emailNotValid);
      const email = normalizeEmail(request.body.email);
      await app.throttle.hit(resetRequestLimits(email, request.ip));
      // The same answer, in the same time, whether or not the account exists: the
      // mail is queued after the commit and sent after the answer has gone.
      const user = await app.users.activeByEmail(email);
      if (user) {
        const mail = await app.db.transaction().execute((trx) => app.passwordLinks.issue(trx, user, 'reset'));
        app.mailer.enqueue(mail);
      }
      return ok(null, Messages.emailSent);
    },
  );

  app.post(
    wirePath(authApi.passwordReset, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(authApi.passwordReset), config: { access: 'public', wire: true } },
    async (request) => {
      const errors = passwordResetErrors(request.body);
      if (errors) throw HttpError.validation(errors);
      const email = normalizeEmail(request.body.email);
      await app.throttle.hit(resetLimits(email, request.ip));
      const tokenHash = hashToken(request.body.token);
      const invalid = () => HttpError.validation({ token: [Messages.resetTokenInvalid] }, Messages.resetTokenInvalid);
      // The token is checked before any hashing, so that a wrong one costs no scrypt.
      if (!(await app.users.passwordToken(tokenHash, email))) throw invalid();
      const newHash = await hashPassword(request.body.password, passwordHash);
      await app.db.transaction().execute(async (trx) => {
        const row = await app.users.passwordToken(tokenHash, email, trx, true);
        if (!row) throw invalid();
        await app.users.setPasswordHash(row.user_id, newHash, trx);
        // Every link of this user is spent, and every session signed out.
        await app.users.spendLinksAndSessions(row.user_id, trx);
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
