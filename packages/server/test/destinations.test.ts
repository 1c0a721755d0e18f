import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_NOW, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let member: string;
let limited: string;
let clock = TEST_NOW;
/** A client of site 1, and one all of whose sites the limited admin (sites 5, 7, 12) holds, and one they do not. */
let client: number;
let heldClient: number;
let unheldClient: number;
let campaign: number;
let otherCampaign: number;

beforeAll(async () => {
  // Receivers on this machine are allowed by the allow-list, as a company network's would be.
  t = await startTestApp({ now: () => clock, config: { deliveryAllowPrivate: ['127.0.0.1'] } });
  admin = await t.login('leader@lead.test');
  member = await t.login('member@lead.test');
  limited = await t.login('limited@lead.test');
  const db = t.database.db;
  const sites = await db.selectFrom('client_sites').select(['client_id', 'site_id']).execute();
  const byClient = new Map<number, number[]>();
  for (const r of sites) byClient.set(r.client_id, [...(byClient.get(r.client_id) ?? []), r.site_id]);
  const held = [...byClient].filter(([, s]) => s.every((x) => [5, 7, 12].includes(x)));
  const unheld = [...byClient].filter(
    ([, s]) => s.some((x) => [5, 7, 12].includes(x)) && s.some((x) => ![5, 7, 12].includes(x)),
  );
  heldClient = held[0]![0];
  unheldClient = unheld[0]![0];
  const withLeads = await db
    .selectFrom('leads')
    .innerJoin('campaigns', 'campaigns.id', 'leads.campaign_id')
    .select(['campaigns.client_id', 'campaigns.id'])
    .where('campaigns.parent_id', 'is', null)
    .groupBy(['campaigns.client_id', 'campaigns.id'])
    .orderBy('campaigns.id')
    .execute();
  client = withLeads[0]!.client_id;
  campaign = withLeads[0]!.id;
  otherCampaign = (
    await db.selectFrom('campaigns').select('id').where('client_id', '!=', client).executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const webhook = (over: Record<string, unknown> = {}) => ({
  name: 'CRM',
  enabled: true,
  kind: 'webhook',
  campaign_ids: null,
  url: 'http://127.0.0.1:9/hook',
  ...over,
});
const daily = (over: Record<string, unknown> = {}) => ({
  name: 'Daily file',
  enabled: true,
  kind: 'email',
  campaign_ids: null,
  format: 'xlsx',
  schedule: 'daily',
  hour: 8,
  recipients: ['Sales@Client.test'],
  ...over,
});
const url = (c: number, rest = '') => `/api/admin/clients/${c}/destinations${rest}`;

async function create(body: unknown, c = client, token = admin) {
  const res = await t.call('POST', url(c), { token, body });
  if (res.status !== 200) throw new Error(`not created: ${res.raw}`);
  return res.body._data as { model: { id: number } & Record<string, unknown>; secret?: string };
}

describe('POST /clients/{id}/destinations', () => {
  it('adds a webhook and shows its secret once (whsec_ and 32 random bytes), never in the list or history', async () => {
    const history = await t.count('history');
    const res = await t.call('POST', url(client), { token: admin, body: webhook() });
    expect(res.status).toBe(200);
    const { model, secret } = res.body._data as { model: Record<string, unknown>; secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(model).toMatchObject({
      client_id: client,
      name: 'CRM',
      enabled: true,
      kind: 'webhook',
      url: 'http://127.0.0.1:9/hook',
      state: 'active',
      format: null,
      campaign_ids: null,
    });
    expect(Object.keys(model).sort()).toEqual(
      [
        'campaign_ids',
        'client_id',
        'created_at',
        'enabled',
        'format',
        'hour',
        'id',
        'kind',
        'last_failure_at',
        'last_success_at',
        'name',
        'recipients',
        'schedule',
        'state',
        'updated_at',
        'url',
        'created_at',
      ]
        .filter((k, i, a) => a.indexOf(k) === i)
        .sort(),
    );
    expect(await t.count('history')).toBe(history + 1);
    const list = await t.call('GET', url(client), { token: admin });
    expect(list.body._data.models.map((d: { id: number }) => d.id)).toContain(model.id);
    expect(list.raw).not.toContain(secret.slice(6, 30));
    const texts = (await t.database.db.selectFrom('history').select('text').execute()).map((r) => r.text).join('\n');
    expect(texts).toContain('CRM');
    expect(texts).not.toContain(secret.slice(6, 30));
  });

  it('adds a daily file by e-mail with only the fields of its kind', async () => {
    const { model, secret } = await create(daily({ url: 'https://ignored.test/' }));
    expect(secret).toBeUndefined();
    expect(model).toMatchObject({
      kind: 'email',
      url: null,
      format: 'xlsx',
      schedule: 'daily',
      hour: 8,
      recipients: ['sales@client.test'],
    });
    const hourly = await create(daily({ schedule: 'hourly', hour: 5, format: 'csv' }));
    expect(hourly.model).toMatchObject({ schedule: 'hourly', hour: null, format: 'csv' });
  });

  it.each([
    ['no name', webhook({ name: ' ' }), 'name', 'The name field is required.'],
    ['no url', webhook({ url: null }), 'url', 'The url field is required.'],
    [
      'plain http to another host',
      webhook({ url: 'http://example.com/hook' }),
      'url',
      'The url must be an https:// address.',
    ],
    ['another scheme', webhook({ url: 'ftp://example.com/hook' }), 'url', 'The url must be an https:// address.'],
    [
      'credentials in the url',
      webhook({ url: 'https://user:pw@example.com/' }),
      'url',
      'The url must not carry a user name or password.',
    ],
    ['not a url', webhook({ url: 'hook' }), 'url', 'The url must be a valid address.'],
    ['no format', daily({ format: null }), 'format', 'The format field is required.'],
    ['no schedule', daily({ schedule: null }), 'schedule', 'The schedule field is required.'],
    ['a daily file without its hour', daily({ hour: null }), 'hour', 'The hour field is required for a daily file.'],
    ['no recipients', daily({ recipients: [] }), 'recipients', 'The recipients must have at least 1 item.'],
    [
      'a bad recipient',
      daily({ recipients: ['a@b.co', 'nope'] }),
      'recipients.1',
      'The recipient must be a valid email address.',
    ],
    ['no campaigns chosen', webhook({ campaign_ids: [] }), 'campaign_ids', 'The campaigns must have at least 1 item.'],
  ])('refuses %s (422 naming the field, nothing saved)', async (_, body, field, message) => {
    const before = await t.count('destinations');
    const res = await t.call('POST', url(client), { token: admin, body });
    expect(res.status).toBe(422);
    expect(res.body.errors?.[field]).toEqual([message]);
    expect(await t.count('destinations')).toBe(before);
  });

  it.each([
    ['an hour out of range', daily({ hour: 24 })],
    ['an unknown kind', webhook({ kind: 'sms' })],
    ['an unknown format', daily({ format: 'pdf' })],
    ['an unknown field', webhook({ secret: 'whsec_x' })],
  ])('refuses %s by the schema (4xx, nothing saved)', async (_, body) => {
    const before = await t.count('destinations');
    const res = await t.call('POST', url(client), { token: admin, body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await t.count('destinations')).toBe(before);
  });

  it("refuses campaigns that are not the client's", async () => {
    const res = await t.call('POST', url(client), {
      token: admin,
      body: webhook({ campaign_ids: [campaign, otherCampaign] }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.campaign_ids).toEqual(["Every chosen campaign must be one of the client's."]);
    const own = await create(webhook({ campaign_ids: [campaign, campaign] }));
    expect(own.model.campaign_ids).toEqual([campaign]);
  });

  it.each([
    'https://127.0.0.2/hook',
    'https://localhost.localdomain.invalid/hook',
    'https://10.1.2.3/hook',
    'https://172.16.0.1/',
    'https://192.168.1.1/',
    'https://100.64.0.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/',
    'https://[::1]/',
    'https://[fe80::1]/',
    'https://[::ffff:10.0.0.1]/',
    'https://0.0.0.0/',
  ])('refuses %s: private, loopback, link-local, metadata or unresolvable', async (address) => {
    const before = await t.count('destinations');
    const res = await t.call('POST', url(client), { token: admin, body: webhook({ url: address }) });
    expect(res.status).toBe(422);
    expect(res.body.errors?.url?.[0]).toMatch(/private, loopback, link-local or metadata|could not be found/);
    expect(await t.count('destinations')).toBe(before);
  });

  it('accepts a public address (no lookup needed for an address)', async () => {
    const { model } = await create(webhook({ url: 'https://1.1.1.1/hook' }));
    expect(model.url).toBe('https://1.1.1.1/hook');
  });
});

describe('who may manage destinations', () => {
  it('refuses non-admins (403) and a limited admin for a client with a site they lack; a limited admin manages a client they hold', async () => {
    expect((await t.call('GET', url(client), { token: member })).status).toBe(403);
    expect((await t.call('POST', url(client), { token: member, body: webhook() })).status).toBe(403);
    expect((await t.call('GET', url(unheldClient), { token: limited })).status).toBe(403);
    const before = await t.count('destinations');
    expect((await t.call('POST', url(unheldClient), { token: limited, body: webhook() })).status).toBe(403);
    expect(await t.count('destinations')).toBe(before);
    const { model } = await create(webhook(), heldClient, limited);
    expect(
      (await t.call('GET', url(heldClient), { token: limited })).body._data.models.map((d: { id: number }) => d.id),
    ).toContain(model.id);
    const unheld = await create(webhook(), unheldClient);
    for (const [method, rest] of [
      ['PUT', `/${unheld.model.id}`],
      ['DELETE', `/${unheld.model.id}`],
      ['POST', `/${unheld.model.id}/secret`],
      ['GET', `/${unheld.model.id}/attempts`],
    ] as const) {
      const res = await t.call(method, url(unheldClient, rest), {
        token: limited,
        ...(method === 'PUT' ? { body: webhook() } : {}),
      });
      expect(res.status, `${method} ${rest}`).toBe(403);
    }
    const replay = await t.call('POST', '/api/admin/deliveries/replay', {
      token: limited,
      body: { destination_id: unheld.model.id, failed_only: true },
    });
    expect(replay.status).toBe(403);
  });

  it('answers 404 for a destination of another client and for an unknown client', async () => {
    const { model } = await create(webhook(), client);
    expect((await t.call('PUT', url(heldClient, `/${model.id}`), { token: admin, body: webhook() })).status).toBe(404);
    expect((await t.call('DELETE', url(heldClient, `/${model.id}`), { token: admin })).status).toBe(404);
    expect((await t.call('GET', url(999_999), { token: admin })).status).toBe(404);
  });
});

describe('PUT, DELETE and the secret', () => {
  it('updates a destination, resumes a paused one, and writes history', async () => {
    const { model } = await create(webhook());
    await t.database.db.updateTable('destinations').set({ state: 'paused' }).where('id', '=', model.id).execute();
    const history = await t.count('history');
    const res = await t.call('PUT', url(client, `/${model.id}`), {
      token: admin,
      body: webhook({ name: 'CRM 2', enabled: false }),
    });
    expect(res.status).toBe(200);
    expect(res.body._data.model).toMatchObject({ id: model.id, name: 'CRM 2', enabled: false, state: 'active' });
    expect(await t.count('history')).toBe(history + 1);
    const bad = await t.call('PUT', url(client, `/${model.id}`), {
      token: admin,
      body: webhook({ url: 'https://10.0.0.1/' }),
    });
    expect(bad.status).toBe(422);
    expect(
      (await t.call('GET', url(client), { token: admin })).body._data.models.find(
        (d: { id: number }) => d.id === model.id,
      ).name,
    ).toBe('CRM 2');
  });

  it('deletes a destination with history', async () => {
    const { model } = await create(webhook({ name: 'Gone soon' }));
    const history = await t.count('history');
    const res = await t.call('DELETE', url(client, `/${model.id}`), { token: admin });
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['Destination has been deleted!']);
    expect(await t.count('history')).toBe(history + 1);
    expect((await t.call('DELETE', url(client, `/${model.id}`), { token: admin })).status).toBe(404);
  });

  it('rotates the secret: the old one signs beside the new for 24 hours, then alone the new one', async () => {
    const { model, secret } = await create(webhook());
    const rotated = await t.call('POST', url(client, `/${model.id}/secret`), { token: admin });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body._data.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    expect(await t.app.destinations.signingSecrets(model.id)).toEqual([fresh, secret]);
    clock = new Date(TEST_NOW.getTime() + 24 * 3600_000 - 1000);
    expect(await t.app.destinations.signingSecrets(model.id)).toEqual([fresh, secret]);
    clock = new Date(TEST_NOW.getTime() + 24 * 3600_000 + 1000);
    expect(await t.app.destinations.signingSecrets(model.id)).toEqual([fresh]);
    clock = TEST_NOW;
    const texts = (await t.database.db.selectFrom('history').select('text').execute()).map((r) => r.text).join('\n');
    expect(texts).toContain('Rotated the signing secret');
    expect(texts).not.toContain(fresh.slice(6, 30));
    const file = await create(daily());
    expect((await t.call('POST', url(client, `/${file.model.id}/secret`), { token: admin })).status).toBe(422);
  });
});
