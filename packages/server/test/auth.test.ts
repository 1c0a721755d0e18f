import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /login', () => {
  it('signs each demo user in with the token, the user and the success message', async () => {
    for (const [email, role] of [
      ['system@lead.test', 'system'],
      ['leader@lead.test', 'campaign-leader'],
      ['member@lead.test', 'campaign-member'],
    ]) {
      const res = await t.call('POST', '/api/admin/login', {
        body: { email, password: 'Password123!', hostname: 'localhost' },
      });
      expect(res.status).toBe(200);
      expect(res.body._status).toBe(1);
      expect(res.body._messages).toEqual(['Login successfully, wellcome you back']);
      expect(res.body._data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(res.body._data.user).toMatchObject({ email, status: 1, roles: [{ name: role }] });
      expect(res.body._data.user).not.toHaveProperty('password_hash');
    }
  });

  it('is case-insensitive about the email', async () => {
    expect(
      (await t.call('POST', '/api/admin/login', { body: { email: ' SYSTEM@Lead.Test ', password: 'Password123!' } }))
        .status,
    ).toBe(200);
  });

  it('keeps only a hash of the token, valid 12 hours, or 30 days with remember', async () => {
    const short = await t.call('POST', '/api/admin/login', {
      body: { email: 'leader@lead.test', password: 'Password123!' },
    });
    const long = await t.call('POST', '/api/admin/login', {
      body: { email: 'leader@lead.test', password: 'Password123!', remember: true },
    });
    const rows = await t.database.db
      .selectFrom('access_tokens')
      .select(['token_hash', 'expires_at', 'created_at'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const hours = (r: (typeof rows)[number]) => (new Date(r.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours(rows[1]!)).toBeGreaterThan(11.9);
    expect(hours(rows[1]!)).toBeLessThanOrEqual(12);
    expect(hours(rows[0]!)).toBeGreaterThan(30 * 24 - 0.1);
    for (const r of rows) {
      expect(r.token_hash).not.toBe(short.body._data.access_token);
      expect(r.token_hash).not.toBe(long.body._data.access_token);
    }
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const wrong = await t.call('POST', '/api/admin/login', { body: { email: 'leader@lead.test', password: 'nope' } });
    const unknown = await t.call('POST', '/api/admin/login', { body: { email: 'ghost@lead.test', password: 'nope' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        _status: -1,
        _data: null,
        message: 'These credentials do not match our records.',
      });
    }
  });

  it('names every missing field with 422', async () => {
    const res = await t.call('POST', '/api/admin/login', { body: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
    expect(res.body.message).toBe('The given data was invalid.');
  });

  it('answers 400 to a body that is not JSON or of another content type', async () => {
    const bad = await t.call('POST', '/api/admin/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body._status).toBe(-1);
    const text = await t.call('POST', '/api/admin/login', {
      body: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
  });

  it('refuses an inactive user', async () => {
    const res = await t.call('POST', '/api/admin/login', {
      body: { email: 'chai.wongsa@lead.test', password: 'Password123!' },
    });
    const status = await t.database.db
      .selectFrom('users')
      .select('status')
      .where('email', '=', 'chai.wongsa@lead.test')
      .executeTakeFirstOrThrow();
    expect(status.status).toBe(1);
    expect(res.status).toBe(200);
    await t.database.db.updateTable('users').set({ status: 0 }).where('email', '=', 'chai.wongsa@lead.test').execute();
    const refused = await t.call('POST', '/api/admin/login', {
      body: { email: 'chai.wongsa@lead.test', password: 'Password123!' },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your account is inactive. Please contact admin!');
  });
});

describe('tokens', () => {
  it('answers 401 without a token, with an unknown one and with a malformed header', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await t.call('GET', '/api/admin/account', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        _status: -1,
        _data: null,
        _messages: ['Unauthenticated.'],
        message: 'Unauthenticated.',
      });
    }
  });

  it('answers 401 for an expired token', async () => {
    const token = await t.login('leader@lead.test');
    expect((await t.call('GET', '/api/admin/account', { token })).status).toBe(200);
    await t.database.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('revoked_at', 'is', null)
      .execute();
    expect((await t.call('GET', '/api/admin/account', { token })).status).toBe(401);
  });
});

describe('GET /logout', () => {
  it('revokes the token it is called with, and no other', async () => {
    const a = await t.login('system@lead.test');
    const b = await t.login('system@lead.test');
    const res = await t.call('GET', '/api/admin/logout', { token: a });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _status: 1, _data: null });
    expect((await t.call('GET', '/api/admin/account', { token: a })).status).toBe(401);
    expect((await t.call('GET', '/api/admin/account', { token: b })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/logout', { token: a })).status).toBe(401);
  });
});

describe('rate limit of failed logins', () => {
  it('answers 429 with Retry-After after 5 failures for one email, even with the right password', async () => {
    const email = 'leader@lead.test';
    for (let i = 0; i < 5; i++) {
      expect((await t.call('POST', '/api/admin/login', { body: { email, password: `wrong${i}` } })).status).toBe(401);
    }
    const res = await t.call('POST', '/api/admin/login', { body: { email, password: 'Password123!' } });
    expect(res.status).toBe(429);
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(res.body.message).toBe(`Too many attempts. Please try again in ${retry} seconds.`);
    // Other accounts from another address are not affected.
    const other = await t.call('POST', '/api/admin/login', {
      body: { email: 'system@lead.test', password: 'Password123!' },
      remoteAddress: '10.9.9.9',
    });
    expect(other.status).toBe(200);
  });

  it('answers 429 after 20 failures from one address across emails', async () => {
    const remoteAddress = '10.1.2.3';
    for (let i = 0; i < 20; i++) {
      const res = await t.call('POST', '/api/admin/login', {
        body: { email: `nobody${i}@lead.test`, password: 'x' },
        remoteAddress,
      });
      expect(res.status).toBe(401);
    }
    const res = await t.call('POST', '/api/admin/login', {
      body: { email: 'system@lead.test', password: 'Password123!' },
      remoteAddress,
    });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
