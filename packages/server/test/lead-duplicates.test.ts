/**
 * Duplicates (issue #31): a lead whose normalised phone or e-mail already gave a billable lead to
 * the same campaign (or, per client setting, to any campaign of the client) within the client's
 * window is stored as a duplicate, counted apart, and answered exactly like any other lead.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import { publicSession, type MovableClock, type PublicClient } from './public-fixtures.js';

let t: TestApp;
let p: PublicClient;
let clock: MovableClock;
let admin: string;
beforeAll(async () => {
  ({ t, p, clock } = await publicSession());
  admin = await t.login('system@lead.test');
});
afterAll(() => t.close());
beforeEach(() => clock.reset());

const DAY = 86_400_000;
const FORMS = [
  { name: 'Text', id: 'a', data: { value: 'name', placeholder: 'Full name' } },
  { name: 'Email', id: 'b', data: { value: 'email', placeholder: 'Email' } },
  { name: 'Phone', id: 'c', data: { value: 'phone', placeholder: 'Phone' } },
  { name: 'Submit', id: 's', data: { placeholder: 'Submit' } },
];

let clients = 0;
/** A client of its own on site 1 (its settings are the test's), with `settings` sent. */
async function newClient(settings: Record<string, unknown> = {}): Promise<number> {
  clients += 1;
  const res = await t.call('POST', '/api/admin/clients', {
    token: admin,
    body: { name: `Dup client ${clients}`, manager_id: 1, site_ids: [1], ...settings },
  });
  expect(res.status, res.raw).toBe(200);
  return res.body._data.model.id as number;
}
const setClient = async (id: number, settings: Record<string, unknown>) => {
  const res = await t.call('PUT', `/api/admin/clients/${id}`, {
    token: admin,
    body: { name: `Dup client ${id}`, manager_id: 1, site_ids: [1], ...settings },
  });
  expect(res.status, res.raw).toBe(200);
  return res;
};

let n = 0;
/** A lead from its own visitor and address: the rate limits stay out of the way. */
const send = (code: string, fields: Record<string, string>) => {
  n += 1;
  return p.post(
    'leads',
    { site_id: 1, code, visitor_id: `visitor-dup-${n}`, page_url: 'https://bacsi-online.vn/heart/a/', fields },
    {},
    `10.31.${n >> 8}.${n & 255}`,
  );
};
const flags = async (campaignId: number) =>
  (
    await t.database.db
      .selectFrom('leads')
      .select('duplicate')
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute()
  ).map((r) => r.duplicate);

describe('duplicates', () => {
  it('marks a second lead of the same number or e-mail (normalised) as a duplicate, answered byte for byte like the first', async () => {
    const client = await newClient();
    const c = await p.create({ client_id: client, forms: FORMS });
    const first = await send(c.code, { name: 'Lan', email: 'lan@example.vn', phone: '0912 345 678' });
    // The same number typed another way, another e-mail: a duplicate.
    const byPhone = await send(c.code, { name: 'Lan', email: 'other@example.vn', phone: '+84 912-345-678' });
    // The same e-mail with other case and spaces, another number: a duplicate.
    const byEmail = await send(c.code, { name: 'Lan', email: '  LAN@Example.VN ', phone: '0987 654 321' });
    const other = await send(c.code, { name: 'Minh', email: 'minh@example.vn', phone: '0903 000 111' });
    for (const res of [byPhone, byEmail, other]) {
      expect(res.status).toBe(first.status);
      expect(res.raw).toBe(first.raw);
      expect(res.headers['content-type']).toBe(first.headers['content-type']);
      expect(res.headers['content-length']).toBe(first.headers['content-length']);
    }
    expect(first.status).toBe(200);
    expect(await flags(c.id)).toEqual([false, true, true, false]);
  });

  it('keeps both counts: the day, the running totals, the figures and the leads answers', async () => {
    const c = await p.create({ client_id: await newClient(), forms: FORMS });
    await send(c.code, { name: 'A', email: 'a@example.vn', phone: '0912 000 001' });
    await send(c.code, { name: 'A', email: 'a@example.vn', phone: '0912 000 001' });
    await send(c.code, { name: 'B', email: 'b@example.vn', phone: '0912 000 002' });
    const day = await t.database.db
      .selectFrom('campaign_daily_stats')
      .select(['leads', 'duplicates', 'submits'])
      .where('campaign_id', '=', c.id)
      .execute();
    expect(day).toEqual([{ leads: 3, duplicates: 1, submits: 3 }]);
    const detail = await t.call('GET', `/api/admin/campaign/${c.id}`, { token: admin });
    expect(detail.body._data.campaign).toMatchObject({ total_lead: 3, total_duplicate: 1 });
    expect(detail.body._data.lead.map((l: { duplicate: boolean }) => l.duplicate)).toEqual([false, true, false]);
    const leads = await t.call('GET', `/api/admin/campaign/${c.id}/leads`, { token: admin });
    expect(leads.body._data.models.map((l: { duplicate: boolean }) => l.duplicate)).toEqual([false, true, false]);
    const figures = await t.call('GET', `/api/admin/campaign/${c.id}/figures`, { token: admin });
    expect(figures.body._data.models).toMatchObject([{ leads: 3, duplicates: 1 }]);
    const list = await t.call(
      'GET',
      `/api/admin/campaign?keyword=${encodeURIComponent(c.code)}&search_by=name&report_totals=1`,
      { token: admin },
    );
    expect(list.status, list.raw).toBe(200);
  });

  it('counts only within the window (default 30 days), which the client may change', async () => {
    const client = await newClient();
    const c = await p.create({ client_id: client, forms: FORMS });
    const person = { name: 'W', email: 'w@example.vn', phone: '0912 111 222' };
    await send(c.code, person);
    clock.advance(29 * DAY);
    await send(c.code, person); // within 30 days of the billable lead: duplicate
    clock.advance(2 * DAY);
    await send(c.code, person); // 31 days after the billable lead: billable again
    expect(await flags(c.id)).toEqual([false, true, false]);
    await setClient(client, { duplicate_window_days: 60 });
    clock.advance(45 * DAY);
    await send(c.code, person); // 45 days after the last billable lead, within 60
    clock.advance(16 * DAY);
    await send(c.code, person); // 61 days after it
    expect(await flags(c.id)).toEqual([false, true, false, true, false]);
  });

  it('looks at the same campaign only, or at every campaign of the client when it says so', async () => {
    const client = await newClient();
    const a = await p.create({ client_id: client, forms: FORMS });
    const b = await p.create({ client_id: client, forms: FORMS });
    const other = await p.create({ client_id: await newClient({ duplicate_scope: 'client' }), forms: FORMS });
    const person = { name: 'S', email: 's@example.vn', phone: '0912 333 444' };
    await send(a.code, person);
    await send(b.code, person); // another campaign, scope 'campaign': billable
    await setClient(client, { duplicate_scope: 'client' });
    const c = await p.create({ client_id: client, forms: FORMS });
    await send(c.code, person); // scope 'client': a's and b's leads count
    await send(other.code, person); // another client: billable
    expect([
      ...(await flags(a.id)),
      ...(await flags(b.id)),
      ...(await flags(c.id)),
      ...(await flags(other.id)),
    ]).toEqual([false, false, true, false]);
  });

  it('lets only one of many simultaneous submissions of one person be billable', async () => {
    const c = await p.create({ client_id: await newClient(), forms: FORMS });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(c.code, { name: 'P', email: i % 2 ? 'p@example.vn' : 'P@EXAMPLE.VN', phone: '0912 555 666' }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const f = await flags(c.id);
    expect(f).toHaveLength(8);
    expect(f.filter((d) => !d)).toHaveLength(1);
    const totals = await t.database.db
      .selectFrom('campaigns')
      .select(['total_lead', 'total_duplicate'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ total_lead: 8, total_duplicate: 7 });
  });
});

describe("the client's duplicate and currency settings", () => {
  it('defaults to the same campaign, 30 days, USD and no delivery of duplicates, and stores what is sent', async () => {
    const id = await newClient();
    const one = (await t.call('GET', '/api/admin/clients', { token: admin })).body._data.models.find(
      (m: { id: number }) => m.id === id,
    );
    expect(one).toMatchObject({
      duplicate_scope: 'campaign',
      duplicate_window_days: 30,
      currency: 'USD',
      deliver_duplicates: false,
    });
    const res = await setClient(id, {
      duplicate_scope: 'client',
      duplicate_window_days: 7,
      currency: 'VND',
      deliver_duplicates: true,
    });
    expect(res.body._data.model).toMatchObject({
      duplicate_scope: 'client',
      duplicate_window_days: 7,
      currency: 'VND',
      deliver_duplicates: true,
    });
    // A save that does not send them leaves them as they are.
    expect((await setClient(id, {})).body._data.model).toMatchObject({
      duplicate_scope: 'client',
      duplicate_window_days: 7,
      currency: 'VND',
    });
  });

  it('refuses a bad scope, window or currency with a clear message, changing nothing', async () => {
    const id = await newClient();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ duplicate_scope: 'site' }, 'duplicate_scope', "The duplicate scope must be 'campaign' or 'client'."],
      [
        { duplicate_window_days: 0 },
        'duplicate_window_days',
        'The duplicate window must be a whole number of days from 1 to 365.',
      ],
      [
        { duplicate_window_days: 366 },
        'duplicate_window_days',
        'The duplicate window must be a whole number of days from 1 to 365.',
      ],
      [{ currency: 'usd' }, 'currency', 'The currency must be an ISO 4217 code such as USD.'],
      [{ currency: 'XYZ' }, 'currency', 'The currency must be an ISO 4217 code such as USD.'],
    ];
    for (const [body, key, message] of cases) {
      const res = await t.call('PUT', `/api/admin/clients/${id}`, {
        token: admin,
        body: { name: 'Changed', manager_id: 1, site_ids: [1], ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toEqual({ [key]: [message] });
    }
    const row = await t.database.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ duplicate_scope: 'campaign', duplicate_window_days: 30, currency: 'USD' });
    expect(row.name).not.toBe('Changed');
  });
});
