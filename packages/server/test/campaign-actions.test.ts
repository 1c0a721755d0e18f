import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let client: number;
let fresh: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token: admin, client, createCampaign: fresh } = await testSession({ as: 'leader@lead.test' }));
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/admin/campaign/${path}`, { token: admin, ...(body !== undefined ? { body } : {}) });
const row = (id: number) =>
  t.database.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('status (PUT ?_status=1)', () => {
  it('deactivates an active campaign and activates an inactive one, with 409 otherwise', async () => {
    const c = await fresh();
    const off = await call('PUT', `${c.id}?_status=1`, { status: -1 });
    expect(off.status).toBe(200);
    expect(off.body._data.model.status).toBe(-1);
    const again = await call('PUT', `${c.id}?_status=1`, { status: -1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only an active campaign with no A/B test running can be deactivated.');
    expect((await call('PUT', `${c.id}?_status=1`, { status: 1 })).body._data.model.status).toBe(1);
    expect((await call('PUT', `${c.id}?_status=1`, { status: 3 })).status).toBe(422);
  });

  it('writes the history entry with its status word marked as the badge of the status it led to', async () => {
    const c = await fresh();
    const entryOf = async () =>
      (
        await t.database.db
          .selectFrom('history')
          .select('text')
          .where('text', 'like', `%<b>${c.name}</b>.`)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).text;
    await call('PUT', `${c.id}?_status=1`, { status: -1 });
    const off = await entryOf();
    expect(off).toBe(`<span data-status-badge="" data-status="inactive">Deactivated</span> campaign <b>${c.name}</b>.`);
    // The words read as before, the markup aside.
    expect(off.replace(/<[^>]+>/g, '')).toBe(`Deactivated campaign ${c.name}.`);
    await call('PUT', `${c.id}?_status=1`, { status: 1 });
    expect(await entryOf()).toBe(
      `<span data-status-badge="" data-status="active">Activated</span> campaign <b>${c.name}</b>.`,
    );
  });

  it('refuses to toggle an expired campaign or a running test', async () => {
    const expired = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('status', '=', 3)
      .where('type', '=', 0)
      .executeTakeFirstOrThrow();
    expect((await call('PUT', `${expired.id}?_status=1`, { status: 1 })).status).toBe(409);
    const running = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('is_testing_running', '=', true)
      .executeTakeFirstOrThrow();
    expect((await call('PUT', `${running.id}?_status=1`, { status: -1 })).status).toBe(409);
  });
});

describe('rename (PUT ?_name=1)', () => {
  it("renames ('Campaign has been renamed!') and refuses an empty name ('You need to write something!')", async () => {
    const c = await fresh();
    const res = await call('PUT', `${c.id}?_name=1`, { name: '  Renamed  ' });
    expect(res.body._messages).toEqual(['Campaign has been renamed!']);
    expect(res.body._data.model.name).toBe('Renamed');
    const empty = await call('PUT', `${c.id}?_name=1`, { name: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('You need to write something!');
    expect((await row(c.id)).name).toBe('Renamed');
  });
});

describe('DELETE', () => {
  it("deletes softly ('Campaign has been deleted!'): gone from list and detail, leads and figures kept", async () => {
    const top = await t.database.db
      .selectFrom('campaigns')
      .select(['id', 'name', 'total_lead'])
      .where('type', '=', 0)
      .where('total_lead', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const leads = await t.database.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', top.id)
      .executeTakeFirstOrThrow();
    const res = await call('DELETE', `${top.id}`);
    expect(res.body._messages).toEqual(['Campaign has been deleted!']);
    expect((await call('GET', `${top.id}`)).status).toBe(404);
    const list = await t.call('GET', `/api/admin/campaign?keyword=${encodeURIComponent(top.name)}`, { token: admin });
    expect(list.body._data.models.map((m: { id: number }) => m.id)).not.toContain(top.id);
    const after = await t.database.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', top.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(leads.n));
    expect((await call('DELETE', `${top.id}`)).status).toBe(404);
  });
});

describe('clone', () => {
  it("copies targets, forms and extra fields but no figures or leads ('Duplicated done!')", async () => {
    const source = await t.database.db
      .selectFrom('campaigns')
      .selectAll()
      .where('type', '=', 0)
      .where('total_lead', '>', 0)
      .where('deleted_at', 'is', null)
      .where('site_id', '=', 2)
      .executeTakeFirstOrThrow();
    const clientId = await clientOf(t, 2);
    const res = await call('POST', `${source.id}/clone`, { name: `${source.name} (Copy) `, client_id: clientId });
    expect(res.status, res.raw).toBe(200);
    expect(res.body._messages).toEqual(['Duplicated done!']);
    const copy = res.body._data.model;
    const original = (await call('GET', `${source.id}`)).body._data.campaign;
    expect(copy).toMatchObject({
      name: `${source.name} (Copy)`,
      type: 0,
      status: -1,
      total_lead: 0,
      total_impression: 0,
      site_id: source.site_id,
      client_id: clientId,
    });
    expect(copy.forms).toEqual(original.forms);
    expect(copy.extra_fields).toEqual(original.extra_fields);
    expect(copy.targets).toEqual(original.targets);
    expect(copy.code).not.toBe(original.code);
    expect((await call('GET', `${copy.id}`)).body._data.lead).toEqual([]);
  });

  it('needs a name and a client of the site, and refuses a variant', async () => {
    const c = await fresh();
    const res = await call('POST', `${c.id}/clone`, { name: '', client_id: null });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: ['Campaign Name is required'], client_id: ['Client is required'] });
    const variant = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    expect((await call('POST', `${variant.id}/clone`, { name: 'x', client_id: client })).status).toBe(409);
  });
});

describe('A/B testing', () => {
  it('turns a normal campaign into a test with variants, starts it and stops it', async () => {
    const c = await fresh();
    const res = await call('POST', `${c.id}/variants`, { variant_names: ['Red button', 'Blue button', ' Green '] });
    expect(res.status, res.raw).toBe(200);
    const variants = res.body._data.models;
    expect(variants.map((v: { name: string }) => v.name)).toEqual(['Red button', 'Blue button', 'Green']);
    for (const v of variants) expect(v).toMatchObject({ type: 2, parent_id: c.id, status: -1 });
    expect((await row(c.id)).type).toBe(1);
    expect((await call('POST', `${c.id}/variants`, { variant_names: ['a', 'b'] })).status).toBe(409);

    const start = await call('POST', `${c.id}/variants/activation`);
    expect(start.body._data.model).toMatchObject({ status: 4, is_testing_running: true });
    for (const v of variants) expect((await row(v.id)).status).toBe(1);
    expect((await call('POST', `${c.id}/variants/activation`)).status).toBe(409);
    // While the test runs, the row menu offers neither Active nor Deactive.
    expect((await call('PUT', `${c.id}?_status=1`, { status: -1 })).status).toBe(409);

    const stop = await call('POST', `${c.id}/variants/deactivation`);
    expect(stop.body._data.model).toMatchObject({ status: -1, is_testing_running: false });
    for (const v of variants) expect((await row(v.id)).status).toBe(-1);
    expect((await call('POST', `${c.id}/variants/deactivation`)).status).toBe(409);
  });

  it('needs two or more non-empty names', async () => {
    const c = await fresh();
    expect((await call('POST', `${c.id}/variants`, { variant_names: ['only'] })).status).toBe(422);
    const empty = await call('POST', `${c.id}/variants`, { variant_names: ['a', ' '] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ 'variant_names.1': ['Every variant needs a name.'] });
    expect((await row(c.id)).type).toBe(0);
  });

  it('lets variants be activated and deactivated', async () => {
    const variant = await t.database.db
      .selectFrom('campaigns')
      .select(['id', 'status'])
      .where('type', '=', 2)
      .where('status', '=', -1)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await call('PUT', `${variant.id}?_status=1`, { status: 1 })).status).toBe(200);
  });

  it('deletes a test with its variants', async () => {
    const c = await fresh();
    const variants = (await call('POST', `${c.id}/variants`, { variant_names: ['a', 'b'] })).body._data.models;
    await call('DELETE', `${c.id}`);
    for (const v of variants) expect((await row(v.id)).deleted_at).not.toBeNull();
  });
});

describe('activation with dates', () => {
  it('gives an expired campaign a new timeframe: active now, or scheduled', async () => {
    const expired = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('status', '=', 3)
      .where('type', '=', 0)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const now = await call('POST', `${expired.id}/activation`, {
      started_at: '2026-11-20 00:00:00',
      ended_at: '2026-12-31 23:00:00',
    });
    expect(now.status, now.raw).toBe(200);
    expect(now.body._data.model).toMatchObject({
      status: 1,
      is_schedule: false,
      forever: false,
      started_at: '2026-11-20 00:00:00',
      is_expired: false,
    });
    const later = await call('POST', `${expired.id}/activation`, {
      started_at: '2026-12-01 08:00:00',
      ended_at: '2026-12-31 23:00:00',
    });
    expect(later.body._data.model).toMatchObject({ status: 0, is_schedule: true });
  });

  it('starts an expired campaign from a date with no end: ongoing', async () => {
    const expired = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('status', '=', 3)
      .where('type', '=', 0)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const res = await call('POST', `${expired.id}/activation`, { started_at: '2026-11-20 00:00:00', ended_at: null });
    expect(res.status, res.raw).toBe(200);
    expect(res.body._data.model).toMatchObject({
      status: 1,
      forever: true,
      ended_at: null,
      started_at: '2026-11-20 00:00:00',
      is_expired: false,
    });
    const bad = await call('POST', `${expired.id}/activation`, { started_at: 'soon' });
    expect(bad.status).toBe(422);
    expect((await row(expired.id)).status).toBe(1);
  });

  it('checks the dates with the spec’s messages', async () => {
    const c = await fresh();
    const bad = await call('POST', `${c.id}/activation`, {
      started_at: '2026-12-10 00:00:00',
      ended_at: '2026-12-01 00:00:00',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Start Date must be less than End Date');
    const hours = await call('POST', `${c.id}/activation`, {
      started_at: '2026-12-10 10:00:00',
      ended_at: '2026-12-10 09:00:00',
    });
    expect(hours.body.message).toBe('Start Hour must be less than End Hour');
    const past = await call('POST', `${c.id}/activation`, {
      started_at: '2026-01-01 00:00:00',
      ended_at: '2026-02-01 00:00:00',
    });
    expect(past.body.message).toBe('The end date must be in the future.');
  });
});

describe('the row menu and the server agree', () => {
  it('answers 409 for every action the menu would not offer, over the demo campaigns', async () => {
    const rows = await t.database.db.selectFrom('campaigns').selectAll().where('deleted_at', 'is', null).execute();
    // Each action on a campaign the menu does not offer it for (written out, not computed from the menu's code).
    type Row = (typeof rows)[number];
    const cases: Array<[string, string, unknown, string, (r: Row) => boolean]> = [
      ['deactivate', '?_status=1', { status: -1 }, 'PUT', (r) => r.type === 0 && r.status === -1],
      ['activate', '?_status=1', { status: 1 }, 'PUT', (r) => r.type === 0 && r.status === 1],
      ['duplicate', '/clone', { name: 'x', client_id: 1 }, 'POST', (r) => r.type === 2],
      ['ab_testing', '/variants', { variant_names: ['a', 'b'] }, 'POST', (r) => r.type === 1],
      ['start_ab_testing', '/variants/activation', undefined, 'POST', (r) => r.type === 0],
      ['stop_ab_testing', '/variants/deactivation', undefined, 'POST', (r) => r.type === 0],
    ];
    let checked = 0;
    for (const [action, suffix, body, method, refusedFor] of cases) {
      const refused = rows.find(refusedFor);
      expect(refused, action).toBeDefined();
      const res = await call(method, `${refused!.id}${suffix}`, body);
      expect(res.status, `${action} on ${JSON.stringify({ type: refused!.type, status: refused!.status })}`).toBe(409);
      checked++;
    }
    expect(checked).toBe(cases.length);
  });
});
