import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let roles: Record<string, number>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('system@lead.test');
  roles = Object.fromEntries(
    (await t.call('GET', '/api/admin/roles', { token: admin })).body._data.models.map(
      (r: { name: string; id: number }) => [r.name, r.id],
    ),
  );
});
afterAll(() => t.close());

const payload = (over: Record<string, unknown> = {}) => ({
  first_name: 'Nora',
  last_name: 'New',
  email: 'nora@lead.test',
  avatar: null,
  status: 1,
  role_ids: [roles['campaign-member']],
  site_ids: [1],
  client_ids: [1],
  ...over,
});

describe('GET /roles', () => {
  it('lists the three roles for admins and is 403 for members', async () => {
    const res = await t.call('GET', '/api/admin/roles', { token: admin });
    expect(res.body._data.models.map((r: { name: string }) => r.name)).toEqual([
      'system',
      'campaign-leader',
      'campaign-member',
    ]);
    expect(Object.keys(res.body._data.models[0]).sort()).toEqual(['description', 'display_name', 'id', 'name']);
    expect((await t.call('GET', '/api/admin/roles', { token: await t.login('member@lead.test') })).status).toBe(403);
  });
});

describe('GET /users', () => {
  it('lists users without the caller, searchable by name and site', async () => {
    const res = await t.call('GET', '/api/admin/users', { token: admin });
    expect(res.status).toBe(200);
    const emails = res.body._data.models.map((u: { email: string }) => u.email);
    expect(emails).not.toContain('system@lead.test');
    expect(emails).toContain('leader@lead.test');
    const byName = await t.call('GET', '/api/admin/users?name=minh', { token: admin });
    expect(byName.body._data.models.map((u: { email: string }) => u.email)).toEqual(['member@lead.test']);
    const bySite = await t.call('GET', '/api/admin/users?site_ids=2', { token: admin });
    for (const u of bySite.body._data.models) expect(u.sites.map((s: { id: number }) => s.id)).toContain(2);
  });

  it('is for admins only', async () => {
    expect((await t.call('GET', '/api/admin/users', { token: await t.login('member@lead.test') })).status).toBe(403);
  });
});

describe('POST /users', () => {
  it('creates a user and mails an invitation whose link sets a password', async () => {
    const res = await t.call('POST', '/api/admin/users', { token: admin, body: payload() });
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['An invitation was sent to nora@lead.test.']);
    expect(res.body._data.model).toMatchObject({
      email: 'nora@lead.test',
      status: 1,
      roles: [{ name: 'campaign-member' }],
      sites: [{ id: 1, hostname: 'bacsi-online.vn' }],
      client_ids: [1],
    });
    const mails = await t.outbox();
    const invite = mails[mails.length - 1]!;
    expect(invite).toContain('To: nora@lead.test');
    expect(invite).toContain('Subject: You are invited to Lead');
    const { token, email } = linkIn(invite);
    const set = await t.call('POST', '/api/admin/password/reset', {
      body: { email, token, password: 'Welcome123!', password_confirmation: 'Welcome123!' },
    });
    expect(set.status).toBe(200);
    expect((await t.call('POST', '/api/admin/login', { body: { email, password: 'Welcome123!' } })).status).toBe(200);
  });

  it('is valid only with email, first name, one role, a site and a client', async () => {
    const res = await t.call('POST', '/api/admin/users', {
      token: admin,
      body: payload({ email: '', first_name: '', role_ids: [], site_ids: [], client_ids: [] }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['The email field is required.'],
      first_name: ['The first name field is required.'],
      role_ids: ['Please choose one role.'],
      site_ids: ['The sites must have at least 1 item.'],
      client_ids: ['The clients must have at least 1 item.'],
    });
    const badEmail = await t.call('POST', '/api/admin/users', { token: admin, body: payload({ email: 'nope' }) });
    expect(badEmail.body.errors).toEqual({ email: ['The email must be a valid email address.'] });
    const types = await t.call('POST', '/api/admin/users', {
      token: admin,
      body: payload({ status: 'yes', site_ids: 'all' }),
    });
    expect(types.status).toBe(422);
    expect(Object.keys(types.body.errors!).sort()).toEqual(['site_ids.0', 'status']);
  });

  it('answers 409 for an email that exists, in any case, and leaves nothing behind', async () => {
    const [users, mails] = [await t.count('users'), (await t.outbox()).length];
    const res = await t.call('POST', '/api/admin/users', {
      token: admin,
      body: payload({ email: 'Leader@Lead.test' }),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The email has already been taken.');
    expect(await t.count('users')).toBe(users);
    expect((await t.outbox()).length).toBe(mails);
  });

  it('leaves nothing behind for an unknown role or client', async () => {
    const [users, links, history] = [await t.count('users'), await t.count('user_sites'), await t.count('history')];
    const res = await t.call('POST', '/api/admin/users', {
      token: admin,
      body: payload({ email: 'x@lead.test', role_ids: [99], client_ids: [1, 999] }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      role_ids: ['The selected role is invalid.'],
      client_ids: ['The selected clients are invalid.'],
    });
    expect([await t.count('users'), await t.count('user_sites'), await t.count('history')]).toEqual([
      users,
      links,
      history,
    ]);
  });

  it('answers 403 when an admin assigns a site they do not have', async () => {
    await t.call('POST', '/api/admin/users', {
      token: admin,
      body: payload({ email: 'small.admin@lead.test', role_ids: [roles['campaign-leader']], site_ids: [1] }),
    });
    const [row] = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'small.admin@lead.test')
      .execute();
    await t.database.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.database.db
            .selectFrom('users')
            .select('password_hash')
            .where('email', '=', 'leader@lead.test')
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('id', '=', row!.id)
      .execute();
    const small = await t.login('small.admin@lead.test');
    const res = await t.call('POST', '/api/admin/users', {
      token: small,
      body: payload({ email: 'y@lead.test', site_ids: [1, 5] }),
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You are not assigned to this site.');
  });
});

describe('PUT /users/{id}', () => {
  it("updates a user ('Updated!') but keeps the email locked", async () => {
    const nora = (await t.call('GET', '/api/admin/users?name=nora%40lead', { token: admin })).body._data.models[0];
    const res = await t.call('PUT', `/api/admin/users/${nora.id}`, {
      token: admin,
      body: payload({ first_name: 'Nora B', site_ids: [1, 2], client_ids: [1, 2] }),
    });
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['Updated!']);
    expect(res.body._data.model).toMatchObject({ first_name: 'Nora B', client_ids: [1, 2] });
    const locked = await t.call('PUT', `/api/admin/users/${nora.id}`, {
      token: admin,
      body: payload({ email: 'other@lead.test' }),
    });
    expect(locked.status).toBe(422);
    expect(locked.body.errors).toEqual({ email: ['The email cannot be changed.'] });
    expect((await t.call('PUT', '/api/admin/users/9999', { token: admin, body: payload() })).status).toBe(404);
  });

  it('keeps the avatar and last name a body leaves out, as the admin edit form used to erase them (issue #45)', async () => {
    const nora = (await t.call('GET', '/api/admin/users?name=nora%40lead', { token: admin })).body._data.models[0];
    const avatar = '/uploads/avatar/nora.png';
    await t.call('PUT', `/api/admin/users/${nora.id}`, { token: admin, body: payload({ avatar, last_name: 'Bell' }) });
    const { avatar: _a, last_name: _l, ...without } = payload();
    const res = await t.call('PUT', `/api/admin/users/${nora.id}`, { token: admin, body: without });
    expect(res.status).toBe(200);
    expect(res.body._data.model).toMatchObject({ avatar, last_name: 'Bell' });
    const cleared = await t.call('PUT', `/api/admin/users/${nora.id}`, { token: admin, body: payload() });
    expect(cleared.body._data.model).toMatchObject({ avatar: null, last_name: 'New' });
  });

  it('deactivating a user ends their sessions and refuses their sign-in', async () => {
    const nora = (await t.call('GET', '/api/admin/users?name=nora%40lead', { token: admin })).body._data.models[0];
    const session = await t.login('nora@lead.test', 'Welcome123!');
    const res = await t.call('PUT', `/api/admin/users/${nora.id}`, { token: admin, body: payload({ status: 0 }) });
    expect(res.body._data.model.status).toBe(0);
    expect((await t.call('GET', '/api/admin/account', { token: session })).status).toBe(401);
    expect(
      (await t.call('POST', '/api/admin/login', { body: { email: 'nora@lead.test', password: 'Welcome123!' } })).status,
    ).toBe(401);
    await t.call('PUT', `/api/admin/users/${nora.id}`, { token: admin, body: payload({ status: 1 }) });
    expect(
      (await t.call('POST', '/api/admin/login', { body: { email: 'nora@lead.test', password: 'Welcome123!' } })).status,
    ).toBe(200);
  });
});

describe('DELETE /users/{id}', () => {
  it('refuses to delete yourself', async () => {
    const me = (await t.call('GET', '/api/admin/account', { token: admin })).body._data.model;
    const res = await t.call('DELETE', `/api/admin/users/${me.id}`, { token: admin });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot delete your own account.');
  });

  it("deletes another user ('User has been deleted!')", async () => {
    const nora = (await t.call('GET', '/api/admin/users?name=nora%40lead', { token: admin })).body._data.models[0];
    const res = await t.call('DELETE', `/api/admin/users/${nora.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['User has been deleted!']);
    expect((await t.call('DELETE', `/api/admin/users/${nora.id}`, { token: admin })).status).toBe(404);
  });
});
