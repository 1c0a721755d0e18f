import { ClientSchema } from '@lead/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('leader@lead.test');
  member = await t.login('member@lead.test');
});
afterAll(() => t.close());

const valid = {
  name: 'Acme Health',
  contact_name: 'Jane Doe',
  phone_number: '+84 900 000 000',
  title: 'CMO',
  email: 'jane@acme.test',
  manager_id: 1,
  site_ids: [1, 3],
};

describe('GET /clients', () => {
  it('lists clients on the caller’s sites, with the spec’s fields', async () => {
    const res = await t.call('GET', '/api/admin/clients', { token: member });
    expect(res.status).toBe(200);
    const models = res.body._data.models;
    expect(models.length).toBeGreaterThan(0);
    for (const c of models) expect(c.site_ids.some((s: number) => s === 1 || s === 2)).toBe(true);
    // Exactly the answer schema's keys (nothing the table holds leaks out), the spec's among them.
    const keys = Object.keys(models[0]).sort();
    expect(keys).toEqual(Object.keys(ClientSchema.properties).sort());
    expect(keys).toEqual(
      expect.arrayContaining(['name', 'contact_name', 'phone_number', 'title', 'email', 'manager_id', 'site_ids']),
    );
  });

  it('filters by name, by site list and to the caller’s assigned clients', async () => {
    const all = (await t.call('GET', '/api/admin/clients', { token: admin })).body._data.models;
    const name = all[3].name as string;
    const byName = (
      await t.call('GET', `/api/admin/clients?name=${encodeURIComponent(name.slice(1, 5).toUpperCase())}`, {
        token: admin,
      })
    ).body._data.models;
    expect(byName.map((c: { name: string }) => c.name)).toContain(name);
    const bySite = (await t.call('GET', '/api/admin/clients?site_ids=4,5', { token: admin })).body._data.models;
    expect(bySite.length).toBeGreaterThan(0);
    for (const c of bySite) expect(c.site_ids.some((s: number) => s === 4 || s === 5)).toBe(true);
    const assigned = await t.call('GET', '/api/admin/clients?assigned=1', { token: member });
    const assignedIds = (
      await t.database.db
        .selectFrom('user_clients')
        .innerJoin('users', 'users.id', 'user_clients.user_id')
        .select('client_id')
        .where('users.email', '=', 'member@lead.test')
        .execute()
    ).map((r) => r.client_id);
    expect(assigned.body._data.models.map((c: { id: number }) => c.id).sort()).toEqual(assignedIds.sort());
  });

  it("says 'No clients found.' for an empty list and 403 for sites outside the caller's", async () => {
    const none = await t.call('GET', '/api/admin/clients?name=zzzz-nothing', { token: admin });
    expect(none.body._data.models).toEqual([]);
    expect(none.body._messages).toEqual(['No clients found.']);
    expect((await t.call('GET', '/api/admin/clients?site_ids=3', { token: member })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/clients?site_ids=1;drop', { token: member })).status).toBe(422);
  });
});

describe('POST /clients', () => {
  it("creates a client ('Client created successfully!') with history", async () => {
    const history = await t.count('history');
    const res = await t.call('POST', '/api/admin/clients', { token: admin, body: valid });
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['Client created successfully!']);
    expect(res.body._data.model).toMatchObject({
      name: 'Acme Health',
      manager_id: 1,
      manager_name: 'Sam System',
      site_ids: [1, 3],
      email: 'jane@acme.test',
    });
    expect(res.body._data.model.sites).toEqual([
      { id: 1, name: 'bacsi-online.vn', label: 'Bacsi Online' },
      { id: 3, name: 'sehatku.id', label: 'Sehatku' },
    ]);
    expect(await t.count('history')).toBe(history + 1);
  });

  it('needs a name, an account manager and a site; title, contact, phone and email are optional', async () => {
    const before = await t.count('clients');
    const res = await t.call('POST', '/api/admin/clients', {
      token: admin,
      body: { name: ' ', manager_id: null, site_ids: [] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ['The name field is required.'],
      manager_id: ['The account manager field is required.'],
      site_ids: ['The sites must have at least 1 item.'],
    });
    const minimal = await t.call('POST', '/api/admin/clients', {
      token: admin,
      body: { name: 'Minimal', manager_id: 2, site_ids: [2] },
    });
    expect(minimal.status).toBe(200);
    expect(minimal.body._data.model).toMatchObject({
      title: null,
      contact_name: null,
      phone_number: null,
      email: null,
    });
    const badEmail = await t.call('POST', '/api/admin/clients', { token: admin, body: { ...valid, email: 'nope' } });
    expect(badEmail.body.errors).toEqual({ email: ['The email must be a valid email address.'] });
    // An optional field that may be null says what is wrong with the value given, not 'must be a null.'
    const longPhone = await t.call('POST', '/api/admin/clients', {
      token: admin,
      body: { ...valid, phone_number: '0'.repeat(51) },
    });
    expect(longPhone.status).toBe(422);
    expect(longPhone.body.errors).toEqual({
      phone_number: ['The phone number may not be greater than 50 characters.'],
    });
    expect(await t.count('clients')).toBe(before + 1);
  });

  it('leaves nothing behind when the manager does not exist', async () => {
    const [clients, links, history] = [
      await t.count('clients'),
      await t.count('client_sites'),
      await t.count('history'),
    ];
    const res = await t.call('POST', '/api/admin/clients', { token: admin, body: { ...valid, manager_id: 9999 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ manager_id: ['The selected account manager is invalid.'] });
    expect([await t.count('clients'), await t.count('client_sites'), await t.count('history')]).toEqual([
      clients,
      links,
      history,
    ]);
  });

  it('is for admins only, and only on their sites', async () => {
    const res = await t.call('POST', '/api/admin/clients', { token: member, body: valid });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This action is unauthorized.');
  });
});

describe('PUT and DELETE /clients/{id}', () => {
  it("updates ('Updated!') and deletes ('Client has been deleted!')", async () => {
    const created = (await t.call('POST', '/api/admin/clients', { token: admin, body: valid })).body._data.model;
    const put = await t.call('PUT', `/api/admin/clients/${created.id}`, {
      token: admin,
      body: { ...valid, name: 'Acme Renamed', site_ids: [2] },
    });
    expect(put.status).toBe(200);
    expect(put.body._messages).toEqual(['Updated!']);
    expect(put.body._data.model).toMatchObject({ name: 'Acme Renamed', site_ids: [2] });
    const del = await t.call('DELETE', `/api/admin/clients/${created.id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body._messages).toEqual(['Client has been deleted!']);
    expect((await t.call('DELETE', `/api/admin/clients/${created.id}`, { token: admin })).status).toBe(404);
    expect((await t.call('PUT', `/api/admin/clients/${created.id}`, { token: admin, body: valid })).status).toBe(404);
  });

  it('validates updates the same way and keeps the old values', async () => {
    const created = (await t.call('POST', '/api/admin/clients', { token: admin, body: valid })).body._data.model;
    const res = await t.call('PUT', `/api/admin/clients/${created.id}`, {
      token: admin,
      body: { ...valid, name: '', site_ids: [] },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!).sort()).toEqual(['name', 'site_ids']);
    const now = await t.call('GET', `/api/admin/clients?name=Acme%20Health`, { token: admin });
    expect(now.body._data.models.find((c: { id: number }) => c.id === created.id).site_ids).toEqual([1, 3]);
  });

  it('keeps an optional field the body leaves out, and clears one sent empty (issue #45)', async () => {
    const created = (await t.call('POST', '/api/admin/clients', { token: admin, body: valid })).body._data.model;
    const { contact_name: _omitted, ...rest } = valid;
    const kept = await t.call('PUT', `/api/admin/clients/${created.id}`, {
      token: admin,
      body: { ...rest, title: '', email: ' JANE@Acme.TEST ' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body._data.model).toMatchObject({ contact_name: 'Jane Doe', title: null, email: 'jane@acme.test' });
  });

  it('answers 403 to a member', async () => {
    expect((await t.call('DELETE', '/api/admin/clients/1', { token: member })).status).toBe(403);
  });
});
