/**
 * Receivers do not reach each other, nor a person's erasure (issue #44): a receiver that holds its
 * answers holds only its own destination's requests (at most PER_DESTINATION of them), while
 * another client's leads go on; and what a receiver answers about a lead erased while its request
 * was out is not kept. Real receivers (HTTP servers in the test) that hold their answers until the
 * test releases them: nothing here waits on a clock, every wait returns when its condition holds.
 */
import { validCampaign } from '@lead/contract/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_DESTINATION } from '../src/delivery/worker.js';
import { startTestApp, type TestApp } from './helpers.js';
import { publicClient, type PublicClient } from './public-fixtures.js';
import { Receiver, until } from './webhook-receiver.js';

let t: TestApp;
let p: PublicClient;
let admin: string;
let system: string;
const slow = new Receiver();
const fast = new Receiver();

beforeAll(async () => {
  await slow.up();
  await fast.up();
  t = await startTestApp({
    // A request may take minutes here: a held answer is never cut short by the time limit while the test looks.
    config: { deliveryAllowPrivate: ['127.0.0.1'], deliveryWorker: true, deliveryTimeoutMs: 600_000 },
    delivery: { pollMs: 50 },
  });
  p = await publicClient(t);
  admin = await t.login('leader@lead.test');
  system = await t.login('system@lead.test');
});
afterAll(async () => {
  slow.release();
  fast.release();
  await t?.close();
  await slow.down();
  await fast.down();
});

/** Two clients of site 1. */
async function twoClients(): Promise<[number, number]> {
  const rows = await t.database.db
    .selectFrom('client_sites')
    .select('client_id')
    .where('site_id', '=', 1)
    .orderBy('client_id')
    .limit(2)
    .execute();
  expect(rows).toHaveLength(2);
  return [rows[0]!.client_id, rows[1]!.client_id];
}

/** A campaign of `client` on site 1 and a webhook of the client to `receiver` covering just it. */
async function hooked(client: number, receiver: Receiver) {
  const created = await t.call('POST', '/api/admin/campaign', { token: admin, body: validCampaign(client, {}) });
  if (created.status !== 200) throw new Error(created.raw);
  const campaign = created.body._data.model as { id: number; code: string };
  const res = await t.call('POST', `/api/admin/clients/${client}/destinations`, {
    token: admin,
    body: {
      name: `Hook ${campaign.id}`,
      enabled: true,
      kind: 'webhook',
      campaign_ids: [campaign.id],
      url: receiver.url,
    },
  });
  if (res.status !== 200) throw new Error(res.raw);
  return { campaign, destination: res.body._data.model.id as number };
}

let visitors = 0;
async function lead(code: string, email = `iso${visitors + 1}@mail.test`): Promise<number> {
  visitors += 1;
  const res = await p.post(
    'leads',
    {
      site_id: 1,
      code,
      visitor_id: `visitor-iso-${visitors}`,
      page_url: 'https://bacsi-online.vn/heart/a/?utm_source=mail',
      fields: { name: 'Lan Nguyen', email },
    },
    {},
    `10.44.${visitors >> 8}.${visitors & 255}`,
  );
  expect(res.status, res.raw).toBe(200);
  const row = await t.database.db.selectFrom('leads').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(row.id);
}

const deliveries = (destination: number) =>
  t.database.db
    .selectFrom('deliveries')
    .select(['lead_id', 'state', 'attempts', 'last_error'])
    .where('destination_id', '=', destination)
    .execute();

describe('a slow receiver beside a fast one', () => {
  it("holds only its own destination's requests, PER_DESTINATION at most; another client's lead is delivered meanwhile", async () => {
    const [a, b] = await twoClients();
    const held = await hooked(a, slow);
    const quick = await hooked(b, fast);
    slow.behaviour = 'hold';
    try {
      const waiting = PER_DESTINATION + 3;
      for (let i = 0; i < waiting; i++) await lead(held.campaign.code);
      await until(() => slow.holding >= PER_DESTINATION, 'the slow receiver holding its requests');
      const sent = await lead(quick.campaign.code);
      await until(
        async () =>
          (await deliveries(quick.destination)).some((d) => Number(d.lead_id) === sent && d.state === 'delivered'),
        "the fast receiver's lead delivered",
      );
      // Still held, and no more of its leads were taken than its slots.
      expect(slow.holding).toBe(PER_DESTINATION);
      expect(slow.received).toHaveLength(PER_DESTINATION);
      expect((await deliveries(held.destination)).every((d) => d.attempts === 0)).toBe(true);
      // Released, every lead of the slow destination goes.
      slow.behaviour = 'ok';
      slow.release();
      await until(
        async () => (await deliveries(held.destination)).filter((d) => d.state === 'delivered').length === waiting,
        'the held leads delivered',
      );
      expect(new Set(slow.received.map((r) => r.headers['webhook-id'])).size).toBe(waiting);
    } finally {
      slow.behaviour = 'ok';
      slow.release();
    }
  });
});

describe('an answer about a lead erased while its request was out', () => {
  it('is not kept, though the receiver echoes the lead; the attempt and the delivery hold no personal field', async () => {
    const [a] = await twoClients();
    const { campaign, destination } = await hooked(a, slow);
    const email = `erased-in-flight-${campaign.id}@mail.test`;
    slow.behaviour = 'hold';
    try {
      const id = await lead(campaign.code, email);
      await until(() => slow.holding === 1, 'the request held');
      const erased = await t.call('POST', '/api/admin/leads/erasure', { token: system, body: { email } });
      expect(erased.status, erased.raw).toBe(200);
      expect(erased.body._data).toMatchObject({ leads: 1 });
      // The receiver answers 500 with the lead it was sent: the failed attempt is recorded without it.
      slow.release(500, (request) => request);
      const attempt = await until(
        () =>
          t.database.db
            .selectFrom('delivery_attempts')
            .selectAll()
            .where('lead_id', '=', id)
            .where('destination_id', '=', destination)
            .executeTakeFirst(),
        'the attempt recorded',
      );
      expect(attempt).toMatchObject({ status: 500, error: null });
      const [d] = await deliveries(destination);
      expect(d).toMatchObject({ attempts: 1, last_error: null });
      for (const value of [JSON.stringify(attempt), JSON.stringify(d)]) {
        for (const personal of [email, 'Lan Nguyen', 'utm_source', 'bacsi-online.vn/heart'])
          expect(value).not.toContain(personal);
      }
    } finally {
      slow.behaviour = 'ok';
      slow.release();
    }
  });

  it("keeps the answer of a lead not erased (staff read why it failed), and never the request's body", async () => {
    const [a] = await twoClients();
    const { campaign, destination } = await hooked(a, slow);
    const email = `kept-${campaign.id}@mail.test`;
    slow.behaviour = 'hold';
    try {
      const id = await lead(campaign.code, email);
      await until(() => slow.holding === 1, 'the request held');
      slow.release(500, () => 'no such list');
      const attempt = await until(
        () =>
          t.database.db
            .selectFrom('delivery_attempts')
            .selectAll()
            .where('lead_id', '=', id)
            .where('destination_id', '=', destination)
            .executeTakeFirst(),
        'the attempt recorded',
      );
      expect(attempt).toMatchObject({ status: 500, error: 'no such list' });
      for (const personal of [email, 'Lan Nguyen', 'utm_source'])
        expect(JSON.stringify(attempt)).not.toContain(personal);
    } finally {
      slow.behaviour = 'ok';
      slow.release();
    }
  });
});
