import { scryptSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { linkIn, startTestApp, type TestApp } from './helpers.js';

/** Findings of the hardening review, each with the test that proves its control. */

let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  t = await startTestApp({ logStream: { write: (line: string) => void logs.push(line) } });
});
afterAll(() => t.close());

const login = (
  email: string,
  password: string,
  opts: { remoteAddress?: string; headers?: Record<string, string> } = {},
) => t.call('POST', '/api/admin/login', { body: { email, password }, ...opts });

describe('mass assignment', () => {
  it('refuses a field a route does not take (password_hash on POST /users) and creates nobody', async () => {
    const token = await t.login('system@lead.test');
    const users = await t.count('users');
    const res = await t.call('POST', '/api/admin/users', {
      token,
      body: {
        first_name: 'Eve',
        email: 'eve@lead.test',
        status: 1,
        role_ids: [3],
        site_ids: [1],
        client_ids: [1],
        password_hash: 'scrypt$2$1$1$AAAA$AAAA',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ request: ['The field password_hash is not allowed.'] });
    expect(await t.count('users')).toBe(users);
  });
});

describe('throttles that hold', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says which proxies to believe', async () => {
    const remoteAddress = '10.20.0.1';
    for (let i = 0; i < 20; i++) {
      const res = await login(`spoof${i}@lead.test`, 'x', {
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const res = await login('spoof99@lead.test', 'x', {
      remoteAddress,
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(res.status).toBe(429);
  });

  it('with TRUST_PROXY set to one hop, counts the address the proxy forwards', async () => {
    const proxied = await startTestApp({ config: { trustProxy: 1 } });
    try {
      const call = (xff: string, email: string) =>
        proxied.call('POST', '/api/admin/login', {
          body: { email, password: 'x' },
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': xff },
        });
      for (let i = 0; i < 20; i++) expect((await call('203.0.113.1', `a${i}@lead.test`)).status).toBe(401);
      expect((await call('203.0.113.1', 'a99@lead.test')).status).toBe(429);
      expect((await call('203.0.113.2', 'b@lead.test')).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('lets at most 5 of 15 parallel guesses at one account through, before any hash', async () => {
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        login('leader@lead.test', `guess${i}`, { remoteAddress: `10.30.0.${i + 1}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('throttles reset tokens per account: the sixth wrong token is 429', async () => {
    const body = { email: 'member@lead.test', password: 'Password123!', password_confirmation: 'Password123!' };
    for (let i = 0; i < 5; i++) {
      const res = await t.call('POST', '/api/admin/password/reset', {
        body: { ...body, token: `wrong-token-${i}-${'x'.repeat(30)}` },
        remoteAddress: `10.40.0.${i + 1}`,
      });
      expect(res.status).toBe(422);
    }
    const res = await t.call('POST', '/api/admin/password/reset', {
      body: { ...body, token: 'x'.repeat(43) },
      remoteAddress: '10.40.0.9',
    });
    expect(res.status).toBe(429);
  });
});

describe('password links', () => {
  it('a password change spends every outstanding reset link', async () => {
    await t.call('POST', '/api/admin/password/email', {
      body: { email: 'an.nguyen@lead.test' },
      remoteAddress: '10.50.0.1',
    });
    const mail = (await t.outbox()).find((m) => m.includes('an.nguyen@lead.test'))!;
    const { token } = linkIn(mail);
    const session = await t.login('an.nguyen@lead.test');
    const change = await t.call('PUT', '/api/admin/account/password', {
      token: session,
      body: { current_password: 'Password123!', password: 'NewPassword1!', password_confirmation: 'NewPassword1!' },
    });
    expect(change.status).toBe(200);
    const reset = await t.call('POST', '/api/admin/password/reset', {
      body: { email: 'an.nguyen@lead.test', token, password: 'Hijacked123!', password_confirmation: 'Hijacked123!' },
      remoteAddress: '10.50.0.2',
    });
    expect(reset.status).toBe(422);
    expect(reset.body.message).toBe('This password reset token is invalid.');
    expect((await login('an.nguyen@lead.test', 'NewPassword1!', { remoteAddress: '10.50.0.3' })).status).toBe(200);
  });

  it('never writes a live token to the log', async () => {
    await t.call('POST', '/api/admin/password/email', {
      body: { email: 'budi.santoso@lead.test' },
      remoteAddress: '10.50.0.4',
    });
    const mail = (await t.outbox()).find((m) => m.includes('budi.santoso@lead.test'))!;
    const { token } = linkIn(mail);
    expect(logs.join('\n')).toContain('mail written to the outbox');
    expect(logs.join('\n')).not.toContain(token);
  });
});

describe('passwords at rest', () => {
  const salt = Buffer.from('0123456789abcdef');
  /** A hash of `password` made with N=2^14 (older, cheaper parameters than production's). */
  const olderHash = (password: string) =>
    [
      'scrypt',
      2 ** 14,
      8,
      1,
      salt.toString('base64url'),
      scryptSync(password, salt, 64, { N: 2 ** 14, r: 8, p: 1 }).toString('base64url'),
    ].join('$');
  const storedHash = async (app: TestApp, email: string) =>
    (
      await app.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('replaces a hash made with other parameters by one with the configured parameters at the next sign-in', async () => {
    await t.database.db
      .updateTable('users')
      .set({ password_hash: olderHash('OldHash123!') })
      .where('email', '=', 'chai.wongsa@lead.test')
      .execute();
    expect((await login('chai.wongsa@lead.test', 'OldHash123!', { remoteAddress: '10.60.0.1' })).status).toBe(200);
    const { N, r, p } = t.config.passwordHash;
    expect(await storedHash(t, 'chai.wongsa@lead.test')).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`));
    expect((await login('chai.wongsa@lead.test', 'OldHash123!', { remoteAddress: '10.60.0.2' })).status).toBe(200);
  });

  it("stores OWASP's parameters (N=2^17, r=8, p=1) with the default configuration", async () => {
    // The production cost, where it is under test: an app of its own with the default setting.
    const owasp = await startTestApp({ config: { passwordHash: loadConfig({}).passwordHash } });
    try {
      await owasp.database.db
        .updateTable('users')
        .set({ password_hash: olderHash('OldHash123!') })
        .where('email', '=', 'dewi.lestari@lead.test')
        .execute();
      expect(
        (
          await owasp.call('POST', '/api/admin/login', {
            body: { email: 'dewi.lestari@lead.test', password: 'OldHash123!' },
          })
        ).status,
      ).toBe(200);
      expect(await storedHash(owasp, 'dewi.lestari@lead.test')).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(
        (
          await owasp.call('POST', '/api/admin/login', {
            body: { email: 'dewi.lestari@lead.test', password: 'OldHash123!' },
          })
        ).status,
      ).toBe(200);
    } finally {
      await owasp.close();
    }
  });
});

describe('a slow mail server', () => {
  it('holds no request: the reset answer goes before the mail, for a known and an unknown email alike', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => void gate.then(() => (received.push(data), done())));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const slow = await startTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` },
    });
    try {
      const known = await slow.call('POST', '/api/admin/password/email', { body: { email: 'leader@lead.test' } });
      const unknown = await slow.call('POST', '/api/admin/password/email', { body: { email: 'ghost@lead.test' } });
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.body).toEqual(unknown.body);
      // Both answered while the mail server still held the mail.
      expect(received).toHaveLength(0);
      // Another request is served meanwhile (PGlite has one connection: nothing holds it).
      expect((await slow.call('GET', '/api/admin/account')).status).toBe(401);
      release();
      await slow.app.mailer.idle();
      expect(received).toHaveLength(1);
    } finally {
      release();
      await slow.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('safe defaults', () => {
  it('turns the demo data on in production only when DEMO=1 says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/demo data is off unless DEMO=1/);
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'x' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({}).demo).toBe(true);
  });

  it("hashes passwords with OWASP's scrypt parameters unless SCRYPT_COST says otherwise, and never with less in production", () => {
    const owasp = { N: 2 ** 17, r: 8, p: 1 };
    expect(loadConfig({}).passwordHash).toEqual(owasp);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).passwordHash).toEqual(owasp);
    expect(loadConfig({ NODE_ENV: 'test', SCRYPT_COST: '1024' }).passwordHash).toEqual({ ...owasp, N: 1024 });
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1', SCRYPT_COST: '262144' }).passwordHash).toEqual({
      ...owasp,
      N: 2 ** 18,
    });
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: '1', SCRYPT_COST: '1024' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: 'production', DEMO: '1', SCRYPT_COST: '65536' })).toThrow(
      /SCRYPT_COST=65536 is below OWASP's 131072/,
    );
    for (const bad of ['1000', 'fast', '0', '524288'])
      expect(() => loadConfig({ SCRYPT_COST: bad })).toThrow(/SCRYPT_COST must be a power of two/);
  });

  it('reads TRUST_PROXY as off, a hop count or proxy addresses, and refuses "trust everyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/99' })).toThrow(/TRUST_PROXY/);
  });
});
