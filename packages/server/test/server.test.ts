import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { seed } from '../src/seed/index.js';
import { freshDatabase, testPasswordHash as passwordHash } from './database.js';
import { startTestApp, type TestApp } from './helpers.js';

describe('configuration', () => {
  it('has the defaults of api.md', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: null,
      timeZone: 'Asia/Ho_Chi_Minh',
      demo: true,
      smtpUrl: null,
      publicUrl: 'http://localhost:8080',
    });
    expect(c.dataDir).toMatch(/[/\\]data$/);
  });

  it('fails loudly on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must be a postgres:// URL');
    expect(() => loadConfig({ TZ: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO: '0' })).toThrow('DEMO=0 needs ADMIN_EMAIL and ADMIN_PASSWORD');
  });
});

describe('migrations and seed', () => {
  it('apply once; a second run applies nothing and seeds nothing', async () => {
    // Migrated from nothing by freshDatabase; the second run applies nothing.
    const { database, dispose } = await freshDatabase({ fromScratch: true });
    try {
      expect(await migrate(database)).toEqual([]);
      // A small demo: its users and sites are what this test reads; campaigns and leads add time only.
      const demo = { demo: true, campaigns: 2, bigLeadCampaign: 0, passwordHash };
      expect(await seed(database, demo)).toBe(true);
      expect(await seed(database, demo)).toBe(false);
      const users = await database.db.selectFrom('users').select('email').execute();
      expect(users.map((u) => u.email)).toEqual(
        expect.arrayContaining(['system@lead.test', 'leader@lead.test', 'member@lead.test']),
      );
      const member = await database.db
        .selectFrom('user_sites')
        .innerJoin('users', 'users.id', 'user_sites.user_id')
        .select('site_id')
        .where('email', '=', 'member@lead.test')
        .orderBy('site_id')
        .execute();
      expect(member.map((r) => r.site_id)).toEqual([1, 2]);
      expect((await database.db.selectFrom('sites').select('id').execute()).length).toBe(12);
    } finally {
      await dispose();
    }
  });

  it('DEMO=0 creates only the first admin, on every site', async () => {
    const { database, dispose } = await freshDatabase({ fromScratch: true });
    try {
      await seed(database, { demo: false, adminEmail: 'Boss@Lead.test', adminPassword: 'Secret123!', passwordHash });
      const users = await database.db
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select(['email', 'roles.name'])
        .execute();
      expect(users).toEqual([{ email: 'boss@lead.test', name: 'system' }]);
      expect((await database.db.selectFrom('clients').select('id').execute()).length).toBe(0);
      expect((await database.db.selectFrom('user_sites').select('site_id').execute()).length).toBe(12);
    } finally {
      await dispose();
    }
  });
});

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
  });
  afterAll(() => t.close());

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.call('GET', '/api/admin/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ _status: -1, _data: null, _messages: ['Not found.'], message: 'Not found.' });
  });

  it("answers an unexpected failure with 500 'Something wrong!' and no stack or SQL", async () => {
    const token = await t.login('admin@lead.test');
    await t.database.db.schema.alterTable('history').renameTo('history_gone').execute();
    try {
      const res = await t.call('GET', '/api/admin/history', { token });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        _status: -1,
        _data: null,
        _messages: ['Something wrong!'],
        message: 'Something wrong!',
      });
      expect(res.raw).not.toMatch(/history_gone|relation|at .*\.ts/);
    } finally {
      await t.database.db.schema.alterTable('history_gone').renameTo('history').execute();
    }
  });

  it('redirects / to /admin/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/');
  });
});
