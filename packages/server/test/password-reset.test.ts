import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const requestReset = (email: string, ip = '10.0.0.1') =>
  t.call('POST', '/api/admin/password/email', { body: { email }, remoteAddress: ip });
const reset = (body: Record<string, string>) => t.call('POST', '/api/admin/password/reset', { body });

describe('POST /password/email', () => {
  it("answers 'Email is not valid' for an invalid email and sends nothing", async () => {
    for (const email of ['', 'nope', 'a@b', 'a b@c.d']) {
      const res = await requestReset(email);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Email is not valid');
      expect(res.body.errors).toEqual({ email: ['Email is not valid'] });
    }
    expect(await t.outbox()).toHaveLength(0);
  });

  it("answers 'Email was sent' for an unknown email too, without sending", async () => {
    const res = await requestReset('ghost@lead.test');
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['Email was sent']);
    expect(await t.outbox()).toHaveLength(0);
  });

  it('mails a reset link to a known user, with the token and the email in it', async () => {
    const res = await requestReset('member@lead.test');
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['Email was sent']);
    const mails = await t.outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: member@lead.test');
    expect(mails[0]).toContain('Subject: Reset your Lead password');
    expect(mails[0]).toContain('http://lead.test/admin/#/reset-password/');
    expect(linkIn(mails[0]!).email).toBe('member@lead.test');
  });

  it('answers 429 with Retry-After after 3 requests for one email', async () => {
    for (let i = 0; i < 3; i++) expect((await requestReset('leader@lead.test', '10.0.0.2')).status).toBe(200);
    const res = await requestReset('leader@lead.test', '10.0.0.3');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /password/reset', () => {
  it('validates the passwords with field messages', async () => {
    const mismatch = await reset({
      email: 'member@lead.test',
      token: 'abc',
      password: 'Newpass123!',
      password_confirmation: 'Other123!',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password: ['The password confirmation does not match.'] });
    const short = await reset({
      email: 'member@lead.test',
      token: 'abc',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.body.errors).toEqual({ password: ['The password must be at least 8 characters.'] });
    const missing = await reset({ email: 'bad', token: '', password: '', password_confirmation: '' });
    expect(missing.body.errors).toEqual({
      email: ['Email is not valid'],
      token: ['The token field is required.'],
      password: ['The password field is required.'],
    });
  });

  it('refuses an unknown token, or a token given with another email, and changes nothing', async () => {
    const mails = await t.outbox();
    const { token } = linkIn(mails[0]!);
    for (const body of [
      {
        email: 'member@lead.test',
        token: 'x'.repeat(43),
        password: 'Newpass123!',
        password_confirmation: 'Newpass123!',
      },
      { email: 'leader@lead.test', token, password: 'Newpass123!', password_confirmation: 'Newpass123!' },
    ]) {
      const res = await reset(body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('This password reset token is invalid.');
    }
    expect(
      (await t.call('POST', '/api/admin/login', { body: { email: 'member@lead.test', password: 'Password123!' } }))
        .status,
    ).toBe(200);
  });

  it("sets the new password ('Reset password success!'), signs out every session, and spends the link", async () => {
    const session = await t.login('member@lead.test');
    const { token, email } = linkIn((await t.outbox())[0]!);
    const res = await reset({ email, token, password: 'Newpass123!', password_confirmation: 'Newpass123!' });
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['Reset password success!']);
    expect((await t.call('GET', '/api/admin/account', { token: session })).status).toBe(401);
    expect((await t.call('POST', '/api/admin/login', { body: { email, password: 'Password123!' } })).status).toBe(401);
    expect((await t.call('POST', '/api/admin/login', { body: { email, password: 'Newpass123!' } })).status).toBe(200);
    const again = await reset({ email, token, password: 'Another123!', password_confirmation: 'Another123!' });
    expect(again.status).toBe(422);
  });

  it('refuses a link older than 60 minutes', async () => {
    await requestReset('system@lead.test', '10.0.0.9');
    const mails = await t.outbox();
    const { token, email } = linkIn(mails[mails.length - 1]!);
    await t.database.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('used_at', 'is', null)
      .execute();
    const res = await reset({ email, token, password: 'Newpass123!', password_confirmation: 'Newpass123!' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This password reset token is invalid.');
  });

  it('stores reset tokens only as hashes, valid for 60 minutes', async () => {
    await requestReset('system@lead.test', '10.0.0.10');
    const mails = await t.outbox();
    const { token } = linkIn(mails[mails.length - 1]!);
    const row = await t.database.db
      .selectFrom('password_tokens')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    const minutes = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);
  });
});
