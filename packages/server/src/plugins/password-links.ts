import { INVITE_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newToken } from '../lib/crypto.js';
import { escapeHtml } from '../lib/html.js';
import type { Executor } from '../db/types.js';
import type { Mail } from './mailer.js';

export interface PasswordLinks {
  /**
   * Stores a single-use token (hashed) for `user`, in the caller's
   * transaction, and returns the mail with the set-password link: a reset (60
   * minutes) or a new user's invitation (7 days). The caller queues it with
   * `app.mailer.enqueue` once the transaction has committed.
   */
  issue(
    db: Executor,
    user: { id: number; email: string; first_name: string },
    purpose: 'reset' | 'invite',
  ): Promise<Mail>;
  /**
   * The mail to an address that already has an account, when a (non-system) admin adds a user
   * with it: its owner hears of it and can sign in; the admin is told no more than for a new
   * address (docs/security.md). No link in it that does anything.
   */
  accountExists(email: string): Mail;
}

declare module 'fastify' {
  interface FastifyInstance {
    passwordLinks: PasswordLinks;
  }
}

export default fp(async function passwordLinks(app: FastifyInstance, opts: { publicUrl: string }) {
  app.decorate('passwordLinks', {
    async issue(db, user, purpose) {
      const { token, hash } = newToken();
      const ttl = purpose === 'reset' ? RESET_TOKEN_TTL_MS : INVITE_TOKEN_TTL_MS;
      await db
        .insertInto('password_tokens')
        .values({ user_id: user.id, purpose, token_hash: hash, expires_at: new Date(Date.now() + ttl) })
        .execute();
      const link = `${opts.publicUrl}/admin/#/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
      const name = user.first_name || user.email;
      const [subject, lead, expiry] =
        purpose === 'reset'
          ? [
              'Reset your Lead password',
              'We received a request to reset your password.',
              'The link works once, within 60 minutes.',
            ]
          : [
              'You are invited to Lead',
              'An account was created for you on Lead. Choose a password to sign in.',
              'The link works once, within 7 days.',
            ];
      return {
        to: user.email,
        subject,
        text: `Hello ${name},\n\n${lead}\n\n${link}\n\n${expiry} If you did not expect this mail, ignore it.\n`,
        html: `<p>Hello ${escapeHtml(name)},</p><p>${lead}</p><p><a href="${escapeHtml(link)}">Set your password</a></p><p>${expiry} If you did not expect this mail, ignore it.</p>`,
      };
    },
    accountExists(email) {
      const signIn = `${opts.publicUrl}/admin/#/login`;
      const lead =
        'An administrator of Lead tried to create an account for this address, which already has one. Sign in with it; if you forgot its password, reset it from the sign-in page.';
      return {
        to: email,
        subject: 'You already have a Lead account',
        text: `Hello,\n\n${lead}\n\n${signIn}\n\nIf you did not expect this mail, ignore it.\n`,
        html: `<p>Hello,</p><p>${lead}</p><p><a href="${escapeHtml(signIn)}">Sign in to Lead</a></p><p>If you did not expect this mail, ignore it.</p>`,
      };
    },
  } satisfies PasswordLinks);
});
