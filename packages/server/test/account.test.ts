import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('member@lead.test');
});
afterAll(() => t.close());

describe('GET /account', () => {
  it('returns the signed-in user as model', async () => {
    const res = await t.call('GET', '/api/admin/account', { token });
    expect(res.status).toBe(200);
    expect(res.body._data.model).toMatchObject({
      email: 'member@lead.test',
      first_name: 'Minh',
      last_name: 'Member',
      avatar: null,
      roles: [{ name: 'campaign-member', display_name: 'Campaign Member' }],
      sites: [
        { id: 1, hostname: 'bacsi-online.vn' },
        { id: 2, hostname: 'mebau.vn' },
      ],
    });
    expect(res.body._data.model.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('PUT /account', () => {
  it("saves first name, last name and avatar ('Saved!') and writes history", async () => {
    const before = await t.count('history');
    const res = await t.call('PUT', '/api/admin/account', {
      token,
      body: { first_name: ' Minh ', last_name: 'Nguyen', avatar: '/uploads/avatar/abc.png' },
    });
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['Saved!']);
    expect(res.body._data.model).toMatchObject({
      first_name: 'Minh',
      last_name: 'Nguyen',
      avatar: '/uploads/avatar/abc.png',
      email: 'member@lead.test',
    });
    expect(await t.count('history')).toBe(before + 1);
  });

  it('requires a first name and a valid avatar URL, and changes nothing otherwise', async () => {
    const before = await t.count('history');
    const res = await t.call('PUT', '/api/admin/account', { token, body: { first_name: '  ', last_name: 'X' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ first_name: ['The first name field is required.'] });
    const avatar = await t.call('PUT', '/api/admin/account', {
      token,
      body: { first_name: 'A', avatar: 'javascript:alert(1)' },
    });
    expect(avatar.status).toBe(422);
    expect(Object.keys(avatar.body.errors!)).toEqual(['avatar']);
    expect((await t.call('GET', '/api/admin/account', { token })).body._data.model.last_name).toBe('Nguyen');
    expect(await t.count('history')).toBe(before);
  });

  it('refuses an attempt to change the email (an unknown field), and changes nothing', async () => {
    const res = await t.call('PUT', '/api/admin/account', {
      token,
      body: { first_name: 'Evil', email: 'evil@lead.test' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ request: ['The field email is not allowed.'] });
    const model = (await t.call('GET', '/api/admin/account', { token })).body._data.model;
    expect([model.email, model.first_name]).toEqual(['member@lead.test', 'Minh']);
  });
});

describe('PUT /account/password', () => {
  it('refuses a wrong current password with a message, and mismatched new ones', async () => {
    const wrong = await t.call('PUT', '/api/admin/account/password', {
      token,
      body: { current_password: 'nope', password: 'Newpass123!', password_confirmation: 'Newpass123!' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const mismatch = await t.call('PUT', '/api/admin/account/password', {
      token,
      body: { current_password: 'Password123!', password: 'Newpass123!', password_confirmation: 'Nope' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password: ['The password confirmation does not match.'] });
  });

  it("changes the password ('Update details successful'), keeps this session and ends the others", async () => {
    const other = await t.login('member@lead.test');
    const res = await t.call('PUT', '/api/admin/account/password', {
      token,
      body: { current_password: 'Password123!', password: 'Newpass123!', password_confirmation: 'Newpass123!' },
    });
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['Update details successful']);
    expect((await t.call('GET', '/api/admin/account', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/account', { token: other })).status).toBe(401);
    expect(
      (await t.call('POST', '/api/admin/login', { body: { email: 'member@lead.test', password: 'Newpass123!' } }))
        .status,
    ).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.call('PUT', '/api/admin/account/password', { body: {} })).status).toBe(401);
  });
});
