/**
 * Webhooks against a real receiver (an HTTP server in the test): signed per Standard Webhooks and
 * verified with its reference library, retried on a movable clock (three days in seconds), 410
 * disabling the destination, a receiver paused after an hour of failures and resumed when it answers.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_ATTEMPTS, RETRY_WINDOW_MS } from '../src/delivery/schedule.js';
import { startTestApp, type TestApp } from './helpers.js';
import { MovableClock, publicClient, type PublicClient } from './public-fixtures.js';
import { Receiver, until, type Received } from './webhook-receiver.js';

let t: TestApp;
let p: PublicClient;
let admin: string;
const clock = new MovableClock();
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.up();
  t = await startTestApp({
    now: clock.now,
    config: { deliveryAllowPrivate: ['127.0.0.1'], deliveryWorker: true, deliveryTimeoutMs: 3_000 },
    // No jitter (the middle of its range): the retries fall exactly on the schedule.
    delivery: { pollMs: 50, random: () => 0.5 },
  });
  p = await publicClient(t);
  admin = await t.login('leader@lead.test');
});
afterAll(async () => {
  await t.close();
  await receiver.down();
});
afterEach(() => {
  receiver.behaviour = 'ok';
});

/** A campaign of site 1 and a webhook of its client covering just it. */
async function setup() {
  const campaign = await p.create();
  const { client_id } = await t.database.db
    .selectFrom('campaigns')
    .select('client_id')
    .where('id', '=', campaign.id)
    .executeTakeFirstOrThrow();
  const res = await t.call('POST', `/api/admin/clients/${client_id}/destinations`, {
    token: admin,
    body: {
      name: `CRM ${campaign.id}`,
      enabled: true,
      kind: 'webhook',
      campaign_ids: [campaign.id],
      url: receiver.url,
    },
  });
  if (res.status !== 200) throw new Error(res.raw);
  return {
    campaign,
    client: client_id,
    destination: res.body._data.model.id as number,
    secret: res.body._data.secret as string,
  };
}

let visitors = 0;
async function lead(code: string, name = 'Lan Nguyen', email?: string) {
  visitors += 1;
  const res = await p.post(
    'leads',
    {
      site_id: 1,
      code,
      visitor_id: `visitor-hook-${visitors}`,
      page_url: 'https://bacsi-online.vn/heart/a/',
      fields: { name, email: email ?? `lan${visitors}@mail.test` },
    },
    {},
    `10.40.${visitors >> 8}.${visitors & 255}`,
  );
  expect(res.status, res.raw).toBe(200);
  const row = await t.database.db.selectFrom('leads').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(row.id);
}

const delivery = (leadId: number, destination: number) =>
  t.database.db
    .selectFrom('deliveries')
    .selectAll()
    .where('lead_id', '=', leadId)
    .where('destination_id', '=', destination)
    .executeTakeFirstOrThrow();
const requestsFor = (id: string) => receiver.received.filter((r) => r.headers['webhook-id'] === id);

/** Verifies with the reference implementation at the request's own time (its 5-minute tolerance reads Date.now). */
function verify(secret: string, r: Received): unknown {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(Number(r.headers['webhook-timestamp']) * 1000);
  try {
    return new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
  } finally {
    spy.mockRestore();
  }
}

/** Moves the clock to the delivery's next attempt and waits for that attempt to be recorded. */
async function nextAttempt(leadId: number, destination: number) {
  const before = await delivery(leadId, destination);
  clock.ms = Math.max(clock.ms, new Date(before.next_attempt_at!).getTime());
  t.app.delivery.wake();
  return until(
    async () => {
      const d = await delivery(leadId, destination);
      return d.attempts > before.attempts && d;
    },
    `attempt ${before.attempts + 1}`,
  );
}

describe('a lead reaches the receiver, signed', () => {
  it('posts lead.created once, verifiable with the standardwebhooks library, and shows it delivered', async () => {
    const { campaign, client, destination, secret } = await setup();
    const id = await lead(campaign.code);
    const hookId = `lead_${id}_${destination}`;
    const [got] = await until(() => requestsFor(hookId).length && requestsFor(hookId), 'the webhook');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['webhook-timestamp']).toBe(String(Math.floor(clock.ms / 1000)));
    const event = verify(secret, got!) as Record<string, any>;
    // The lead's consent record's hash (issue #31), as stored with the lead.
    const stored = await t.database.db
      .selectFrom('leads')
      .select('consent_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.consent_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(event).toMatchObject({
      type: 'lead.created',
      data: {
        lead: {
          id,
          page_url: 'https://bacsi-online.vn/heart/a/',
          variant: null,
          duplicate: false,
          consent_hash: stored.consent_hash,
          fields: [
            { key: 'name', label: 'Full name', value: 'Lan Nguyen' },
            { key: 'email', label: 'Email', value: expect.stringMatching(/@mail\.test$/) },
          ],
        },
        campaign: { id: campaign.id, code: campaign.code },
        site: { id: 1, name: 'bacsi-online.vn' },
        client: { id: client },
      },
    });
    expect(event.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // A tampered body or another secret does not verify.
    expect(() => verify(secret, { ...got!, body: got!.body.replace('Lan', 'Lam') })).toThrow();
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got!)).toThrow();
    await until(async () => (await delivery(id, destination)).state === 'delivered', 'delivered');
    const page = await t.call('GET', `/api/admin/campaign/${campaign.id}/leads`, { token: admin });
    expect(page.body._data.models[0].deliveries).toEqual([
      {
        destination_id: destination,
        state: 'delivered',
        attempts: 1,
        last_status: 204,
        last_error: null,
        next_attempt_at: null,
      },
    ]);
    const attempts = await t.call('GET', `/api/admin/clients/${client}/destinations/${destination}/attempts`, {
      token: admin,
    });
    expect(attempts.body._data.models).toMatchObject([
      { lead_id: id, status: 204, error: null, next_attempt_at: null },
    ]);
    expect(requestsFor(hookId)).toHaveLength(1);
  });

  it('signs with both secrets for 24 hours after a rotation; either verifies', async () => {
    const { campaign, client, destination, secret } = await setup();
    const rotated = await t.call('POST', `/api/admin/clients/${client}/destinations/${destination}/secret`, {
      token: admin,
    });
    const fresh = rotated.body._data.secret as string;
    const id = await lead(campaign.code);
    const [got] = await until(
      () => requestsFor(`lead_${id}_${destination}`).length && requestsFor(`lead_${id}_${destination}`),
      'the webhook',
    );
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(secret, got!)).toBeTruthy();
    expect(verify(fresh, got!)).toBeTruthy();
  });

  it('keeps the webhook-id on a replay, and the receiver gets the same body again', async () => {
    const { campaign, destination } = await setup();
    const id = await lead(campaign.code);
    const hookId = `lead_${id}_${destination}`;
    await until(async () => (await delivery(id, destination)).state === 'delivered', 'delivered');
    const res = await t.call('POST', '/api/admin/deliveries/replay', {
      token: admin,
      body: { destination_id: destination, lead_ids: [id] },
    });
    expect(res.body._data).toEqual({ queued: 1 });
    await until(() => requestsFor(hookId).length === 2, 'the replay');
    const [a, b] = requestsFor(hookId);
    expect(b!.body).toBe(a!.body);
  });
});

describe('a receiver that fails', () => {
  it('is retried on the schedule (5 s, 5 min, 30 min) with the same webhook-id until it answers; the answer is kept to 500 bytes', async () => {
    const { campaign, destination } = await setup();
    receiver.behaviour = 500;
    const start = clock.ms;
    const id = await lead(campaign.code);
    const first = await until(async () => {
      const d = await delivery(id, destination);
      return d.attempts === 1 && d;
    }, 'the first attempt');
    expect(first).toMatchObject({ state: 'retrying', last_status: 500 });
    expect(first.last_error).toHaveLength(500);
    // Staff read it on the lead: the status and the answer's first 500 bytes.
    const page = await t.call('GET', `/api/admin/campaign/${campaign.id}/leads`, { token: admin });
    expect(page.body._data.models[0].deliveries[0]).toMatchObject({
      state: 'retrying',
      last_status: 500,
      last_error: first.last_error,
    });
    expect(page.body._data.models[0].deliveries[0].last_error).toMatch(/^failure 500 x+$/);
    expect(new Date(first.next_attempt_at!).getTime() - start).toBe(5_000);
    const second = await nextAttempt(id, destination);
    expect(new Date(second.next_attempt_at!).getTime() - clock.ms).toBe(5 * 60_000);
    // Down: the connection is refused.
    await receiver.down();
    const third = await nextAttempt(id, destination);
    expect(third).toMatchObject({ state: 'retrying', last_status: null });
    expect(third.last_error).toMatch(/ECONNREFUSED/);
    expect(new Date(third.next_attempt_at!).getTime() - clock.ms).toBe(30 * 60_000);
    await receiver.up();
    receiver.behaviour = 'hang';
    const fourth = await nextAttempt(id, destination);
    expect(fourth).toMatchObject({ state: 'retrying', last_status: null, last_error: 'timed out' });
    receiver.behaviour = 'ok';
    const fifth = await nextAttempt(id, destination);
    expect(fifth).toMatchObject({ state: 'delivered', attempts: 5, last_status: 204, next_attempt_at: null });
    expect(new Set(requestsFor(`lead_${id}_${destination}`).map((r) => r.body)).size).toBe(1);
    clock.reset();
  });

  it('fails after three days of retries; an hour of failures pauses the destination (with a notice), an answer resumes it', async () => {
    const { campaign, destination } = await setup();
    receiver.behaviour = 503;
    const start = clock.ms;
    const id = await lead(campaign.code);
    await until(async () => (await delivery(id, destination)).attempts === 1, 'the first attempt');
    let d = await delivery(id, destination);
    while (d.state === 'retrying') d = await nextAttempt(id, destination);
    expect(d).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, last_status: 503, next_attempt_at: null });
    expect(clock.ms - start).toBe(RETRY_WINDOW_MS);
    const dest = await t.database.db
      .selectFrom('destinations')
      .selectAll()
      .where('id', '=', destination)
      .executeTakeFirstOrThrow();
    expect(dest.state).toBe('paused');
    const notice = await t.database.db
      .selectFrom('history')
      .select(['text', 'user_id'])
      .orderBy('id', 'desc')
      .where('text', 'like', '%is paused%')
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ user_id: null, text: expect.stringContaining(`CRM ${campaign.id}`) });
    // A new lead waits while paused; the probe (every 15 minutes) finds the receiver back and resumes it.
    receiver.behaviour = 'ok';
    const next = await lead(campaign.code);
    expect((await delivery(next, destination)).state).toBe('pending');
    clock.advance(15 * 60_000);
    t.app.delivery.wake();
    await until(async () => (await delivery(next, destination)).state === 'delivered', 'the probe');
    // Resumed (just after the delivery is recorded, in the worker's next statement), and healthy
    // again: its failure streak is over and the success is its last.
    const state = () =>
      t.database.db
        .selectFrom('destinations')
        .select(['state', 'failing_since', 'consecutive_failures', 'last_success_at'])
        .where('id', '=', destination)
        .executeTakeFirstOrThrow();
    await until(async () => (await state()).state === 'active', 'the resume');
    expect(await state()).toEqual({
      state: 'active',
      failing_since: null,
      consecutive_failures: 0,
      last_success_at: new Date(clock.ms),
    });
    const resumed = await t.database.db
      .selectFrom('history')
      .select('text')
      .orderBy('id', 'desc')
      .where('text', 'like', '%is resumed%')
      .executeTakeFirst();
    expect(resumed?.text).toContain(`CRM ${campaign.id}`);
    clock.reset();
  });

  it('410 Gone disables the destination: no more leads are queued for it', async () => {
    const { campaign, destination } = await setup();
    receiver.behaviour = 410;
    const id = await lead(campaign.code);
    await until(async () => (await delivery(id, destination)).attempts === 1, 'the attempt');
    expect(await delivery(id, destination)).toMatchObject({ state: 'failed', last_status: 410 });
    const dest = await t.database.db
      .selectFrom('destinations')
      .select('state')
      .where('id', '=', destination)
      .executeTakeFirstOrThrow();
    expect(dest.state).toBe('disabled');
    const next = await lead(campaign.code);
    const queued = await t.database.db.selectFrom('deliveries').select('lead_id').where('lead_id', '=', next).execute();
    expect(queued).toEqual([]);
  });
});

describe('duplicates and erased leads (issue #31)', () => {
  it('sends a duplicate only to a client that asks for duplicates, and never an erased lead', async () => {
    const { campaign, client, destination } = await setup();
    const email = `twice-${campaign.id}@mail.test`;
    const first = await lead(campaign.code, 'Lan Nguyen', email);
    const again = await lead(campaign.code, 'Lan Nguyen', email);
    const flags = await t.database.db
      .selectFrom('leads')
      .select(['id', 'duplicate'])
      .where('id', 'in', [first, again])
      .orderBy('id')
      .execute();
    expect(flags.map((l) => l.duplicate)).toEqual([false, true]);
    const queued = async () =>
      (
        await t.database.db
          .selectFrom('deliveries')
          .select('lead_id')
          .where('destination_id', '=', destination)
          .orderBy('lead_id')
          .execute()
      ).map((d) => Number(d.lead_id));
    expect(await queued()).toEqual([first]);
    // A client that asks for duplicates gets them, marked as such.
    await t.database.db.updateTable('clients').set({ deliver_duplicates: true }).where('id', '=', client).execute();
    try {
      const third = await lead(campaign.code, 'Lan Nguyen', email);
      const [got] = await until(
        () => requestsFor(`lead_${third}_${destination}`).length && requestsFor(`lead_${third}_${destination}`),
        'the duplicate',
      );
      expect(JSON.parse(got!.body).data.lead.duplicate).toBe(true);
    } finally {
      await t.database.db.updateTable('clients').set({ deliver_duplicates: false }).where('id', '=', client).execute();
    }
    // Erased, the person's leads are never sent again: a replay of them queues nothing.
    const erased = await t.call('POST', '/api/admin/leads/erasure', { token: admin, body: { email } });
    expect(erased.status, erased.raw).toBe(200);
    const replay = await t.call('POST', '/api/admin/deliveries/replay', {
      token: admin,
      body: { destination_id: destination, lead_ids: [first, again] },
    });
    expect(replay.body._data).toEqual({ queued: 0 });
  });

  it("carries only leads of campaigns on the client's sites (a site taken off the client keeps its leads)", async () => {
    const { campaign, client, destination } = await setup();
    await t.database.db.deleteFrom('client_sites').where('client_id', '=', client).where('site_id', '=', 1).execute();
    try {
      const id = await lead(campaign.code);
      expect(
        await t.database.db.selectFrom('deliveries').select('lead_id').where('lead_id', '=', id).execute(),
      ).toEqual([]);
      const replay = await t.call('POST', '/api/admin/deliveries/replay', {
        token: admin,
        body: { destination_id: destination, lead_ids: [id] },
      });
      expect(replay.body._data).toEqual({ queued: 0 });
    } finally {
      await t.database.db.insertInto('client_sites').values({ client_id: client, site_id: 1 }).execute();
    }
  });
});
