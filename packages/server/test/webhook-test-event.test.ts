/**
 * A destination's page against a real receiver: the test event (signed like a lead's, verified with
 * the Standard Webhooks reference library, recorded in the attempts log with its request and
 * answer), who may send it, the address rules, the resend of a failed lead, and the body of a lead
 * whose campaign moved to another client before it was delivered (the client it came for).
 */
import { validCampaign } from '@lead/contract/fixtures';
import { LeadTestV1 } from '@lead/contract/api';
import { Webhook } from 'standardwebhooks';
import { Value } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';
import { MovableClock } from './public-fixtures.js';
import { Receiver, type Received } from './webhook-receiver.js';
import { TEST_EVENTS_PER_MINUTE } from '../src/routes/destinations/test-event.js';

let t: TestApp;
let admin: string;
let member: string;
const clock = new MovableClock();
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.up();
  // The worker runs only when a test asks (runOnce): what it sends is counted, not waited for.
  t = await startTestApp({ now: clock.now, config: { deliveryAllowPrivate: ['127.0.0.1'], deliveryTimeoutMs: 3_000 } });
  admin = await t.login('leader@lead.test');
  member = await t.login('member@lead.test');
});
afterAll(async () => {
  await t.close();
  await receiver.down();
});
afterEach(() => {
  receiver.behaviour = 'ok';
});

let clients = 0;
async function newClient(name = 'Clinic') {
  clients += 1;
  const res = await t.call('POST', '/api/admin/clients', {
    token: admin,
    body: { name: `${name} ${clients}`, manager_id: 1, site_ids: [1] },
  });
  expect(res.status, res.raw).toBe(200);
  return res.body._data.model.id as number;
}
async function newWebhook(client: number, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', `/api/admin/clients/${client}/destinations`, {
    token: admin,
    body: { name: 'CRM', enabled: true, kind: 'webhook', campaign_ids: null, url: receiver.url, ...body },
  });
  expect(res.status, res.raw).toBe(200);
  return { id: res.body._data.model.id as number, secret: res.body._data.secret as string };
}
const sendTest = (client: number, destination: number, token = admin) =>
  t.call('POST', `/api/admin/clients/${client}/destinations/${destination}/test`, { token });
const attempts = async (client: number, destination: number) =>
  (await t.call('GET', `/api/admin/clients/${client}/destinations/${destination}/attempts`, { token: admin })).body
    ._data.models as Array<Record<string, unknown>>;

/** Verifies with the reference implementation at the request's own time (its 5-minute tolerance reads Date.now). */
function verify(secret: string, r: Received): unknown {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(Number(r.headers['webhook-timestamp']) * 1000);
  try {
    return new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
  } finally {
    spy.mockRestore();
  }
}

describe('POST …/destinations/:destId/test', () => {
  it('posts a signed lead.test of sample data, verifiable like a lead, and logs it with request and answer', async () => {
    const client = await newClient();
    const hook = await newWebhook(client);
    const before = receiver.received.length;
    const res = await sendTest(client, hook.id);
    expect(res.status, res.raw).toBe(200);
    expect(res.body._messages).toEqual(['The test event was delivered (204).']);
    expect(receiver.received.length).toBe(before + 1);
    const got = receiver.received.at(-1)!;
    const event = verify(hook.secret, got) as LeadTestV1;
    expect([...Value.Errors(LeadTestV1, event)]).toEqual([]);
    expect(event).toMatchObject({
      type: 'lead.test',
      data: {
        lead: {
          id: 0,
          fields: expect.arrayContaining([{ key: 'email', label: 'Email', value: 'test.person@example.com' }]),
        },
        campaign: { id: 0, code: 'TEST' },
        client: { id: client },
        destination: { id: hook.id, name: 'CRM' },
      },
    });
    expect(got.headers['webhook-id']).toMatch(/^test_[0-9a-f-]{36}$/);

    const model = res.body._data.model;
    expect(model).toMatchObject({ lead_id: null, status: 204, error: null, event: 'lead.test', answer: '' });
    expect(model.request).toContain(`POST ${receiver.url}\nwebhook-id: ${got.headers['webhook-id']}\ntype: lead.test`);
    expect(model.request.length).toBeLessThanOrEqual(500);
    expect((await attempts(client, hook.id))[0]).toEqual(model);
    // A test is no delivery: the destination's health and the outbox are as they were.
    const row = await t.database.db
      .selectFrom('destinations')
      .select(['state', 'last_success_at', 'consecutive_failures'])
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'active', last_success_at: null, consecutive_failures: 0 });
    const queued = await t.database.db.selectFrom('deliveries').select('lead_id').where('destination_id', '=', hook.id);
    expect(await queued.execute()).toEqual([]);
  });

  it('records a failed answer (its first 500 bytes) and says so', async () => {
    const client = await newClient();
    const hook = await newWebhook(client);
    receiver.behaviour = 500;
    const res = await sendTest(client, hook.id);
    expect(res.status, res.raw).toBe(200);
    expect(res.body._messages).toEqual(['The test event was not delivered: 500.']);
    expect(res.body._data.model).toMatchObject({ status: 500, event: 'lead.test' });
    expect(res.body._data.model.answer).toMatch(/^failure 500 x+$/);
    expect(res.body._data.model.answer).toHaveLength(500);
    expect(res.body._data.model.error).toBe(res.body._data.model.answer);
  });

  it('refuses a non-admin (403), a destination of another client (404), an unknown one (404), a file (422)', async () => {
    const client = await newClient();
    const other = await newClient();
    const hook = await newWebhook(client);
    const file = await t.call('POST', `/api/admin/clients/${client}/destinations`, {
      token: admin,
      body: {
        name: 'File',
        enabled: true,
        kind: 'email',
        campaign_ids: null,
        format: 'csv',
        schedule: 'hourly',
        recipients: ['crm@example.test'],
      },
    });
    const before = receiver.received.length;
    expect((await sendTest(client, hook.id, member)).status).toBe(403);
    expect((await sendTest(other, hook.id)).status).toBe(404);
    expect((await sendTest(client, 999_999)).status).toBe(404);
    expect((await sendTest(999_999, hook.id)).status).toBe(404);
    const notWebhook = await sendTest(client, file.body._data.model.id);
    expect(notWebhook.status).toBe(422);
    expect(notWebhook.body._messages).toEqual(['Only a webhook can be sent a test event.']);
    // Bad input is a 422 (the house's validation answer), never a 5xx.
    expect((await t.call('POST', `/api/admin/clients/${client}/destinations/x/test`, { token: admin })).status).toBe(
      422,
    );
    expect(receiver.received.length).toBe(before);
    expect(await attempts(client, hook.id)).toEqual([]);
  });

  it('refuses a url that leads to a forbidden address (422), sending and recording nothing', async () => {
    const client = await newClient();
    const hook = await newWebhook(client);
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://10.0.0.7/hook', 'http://[::1]:9/hook']) {
      // Saved while allowed, refused now (the allow-list changed): the same rule as a lead's delivery.
      await t.database.db.updateTable('destinations').set({ url }).where('id', '=', hook.id).execute();
      const res = await sendTest(client, hook.id);
      expect(res.status, url).toBe(422);
      expect(res.body._messages[0]).toMatch(/private, loopback, link-local or metadata/);
    }
    expect(await attempts(client, hook.id)).toEqual([]);
  });
});

/** A campaign of `client` on site 1, and a lead of it (queued to the client's webhooks at once). */
async function campaignOf(client: number) {
  const res = await t.call('POST', '/api/admin/campaign', {
    token: admin,
    body: validCampaign(client, { name: `Campaign of client ${client}` }),
  });
  expect(res.status, res.raw).toBe(200);
  return res.body._data.model.id as number;
}
const leadOf = (campaignId: number, name: string) =>
  t.app.leads.insert({
    campaignId,
    name,
    email: `${name.toLowerCase()}@example.test`,
    phone: null,
    phoneE164: null,
    data: { name },
    pageUrl: 'https://bacsi-online.vn/heart/',
  });
const deliveryOf = (leadId: number, destination: number) =>
  t.database.db
    .selectFrom('deliveries')
    .select(['state', 'attempts'])
    .where('lead_id', '=', leadId)
    .where('destination_id', '=', destination)
    .executeTakeFirstOrThrow();

describe('the test events a destination may be sent', () => {
  it(`takes ${TEST_EVENTS_PER_MINUTE} a minute, refuses the next (429, Retry-After, nothing sent or logged), and takes more a minute on`, async () => {
    const client = await newClient();
    const hook = await newWebhook(client);
    const other = await newWebhook(client, { name: 'Other CRM' });
    for (let i = 0; i < TEST_EVENTS_PER_MINUTE; i++) expect((await sendTest(client, hook.id)).status).toBe(200);
    const sent = receiver.received.length;
    const logged = (await attempts(client, hook.id)).length;
    const refused = await sendTest(client, hook.id);
    expect(refused.status, refused.raw).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(receiver.received.length).toBe(sent);
    expect((await attempts(client, hook.id)).length).toBe(logged);
    // Another destination keeps its own count.
    expect((await sendTest(client, other.id)).status).toBe(200);
    clock.advance(60_000);
    expect((await sendTest(client, hook.id)).status).toBe(200);
  });
});

describe('resending a failed lead from the attempts log', () => {
  it('queues the one lead again under its webhook-id; the next round delivers it', async () => {
    const client = await newClient();
    const hook = await newWebhook(client);
    const lead = await leadOf(await campaignOf(client), 'Hoa');
    receiver.behaviour = 410;
    await t.app.delivery.runOnce();
    expect(await deliveryOf(lead, hook.id)).toEqual({ state: 'failed', attempts: 1 });
    // The receiver is back and the admin saved the webhook (which resumes it), then resends the lead.
    receiver.behaviour = 'ok';
    const save = await t.call('PUT', `/api/admin/clients/${client}/destinations/${hook.id}`, {
      token: admin,
      body: { name: 'CRM', enabled: true, kind: 'webhook', campaign_ids: null, url: receiver.url },
    });
    expect(save.status, save.raw).toBe(200);
    const resend = await t.call('POST', '/api/admin/deliveries/replay', {
      token: admin,
      body: { destination_id: hook.id, lead_ids: [lead], failed_only: true },
    });
    expect(resend.body._data).toEqual({ queued: 1 });
    expect(await deliveryOf(lead, hook.id)).toEqual({ state: 'pending', attempts: 0 });
    const before = receiver.received.length;
    await t.app.delivery.runOnce();
    expect(await deliveryOf(lead, hook.id)).toEqual({ state: 'delivered', attempts: 1 });
    expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual([`lead_${lead}_${hook.id}`]);
    const log = await attempts(client, hook.id);
    expect(log.map((a) => [a.lead_id, a.status, a.event])).toEqual([
      [lead, 204, null],
      [lead, 410, null],
    ]);
    // What was sent, without the lead's body (it holds a person).
    expect(log[0]!.request).toBe(`POST ${receiver.url}\nwebhook-id: lead_${lead}_${hook.id}\ntype: lead.created`);
    expect(log[0]!.answer).toBeNull();
  });

  it('a member may not resend (403); nothing is queued', async () => {
    const client = await newClient();
    const hook = await newWebhook(client);
    const res = await t.call('POST', '/api/admin/deliveries/replay', {
      token: member,
      body: { destination_id: hook.id, failed_only: true },
    });
    expect(res.status).toBe(403);
  });
});

describe('a lead delivered after its campaign moved to another client', () => {
  it('names the client it was captured for, not the campaign’s new one', async () => {
    const from = await newClient('Old clinic');
    const to = await newClient('New clinic');
    const hook = await newWebhook(from, { name: 'Old CRM' });
    const campaign = await campaignOf(from);
    const lead = await leadOf(campaign, 'Lan');
    // The lead is queued for the old client's webhook; the campaign moves before it is delivered.
    const move = await t.call('PUT', `/api/admin/campaign/${campaign}`, {
      token: admin,
      body: validCampaign(to, { name: `Campaign of client ${from}` }),
    });
    expect(move.status, move.raw).toBe(200);
    const before = receiver.received.length;
    await t.app.delivery.runOnce();
    const sent = receiver.received.slice(before).filter((r) => r.headers['webhook-id'] === `lead_${lead}_${hook.id}`);
    expect(sent).toHaveLength(1);
    const body = verify(hook.secret, sent[0]!) as { data: { client: { id: number; name: string } } };
    const old = await t.database.db
      .selectFrom('clients')
      .select('name')
      .where('id', '=', from)
      .executeTakeFirstOrThrow();
    // (Its other fields, as LeadCreatedV1 lists them: webhook-body.test.ts.)
    expect(body.data.client).toMatchObject({ id: from, name: old.name });
  });
});
