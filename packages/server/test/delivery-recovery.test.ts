/**
 * A receiver back after an outage gets its backlog at once: the first success after failures
 * makes the destination's retrying deliveries due now (delivery/record.ts → dueNowAfterRecovery),
 * instead of each waiting for its own retry (5 min, 30 min, … 10 h). A row another worker may be
 * holding (its next attempt within a claim's lease) is left alone. The worker's rounds run by hand
 * on a clock the test moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';
import { MovableClock, publicClient, type PublicClient } from './public-fixtures.js';
import { Receiver } from './webhook-receiver.js';

let t: TestApp;
let p: PublicClient;
let admin: string;
const clock = new MovableClock();
const receiver = new Receiver();
const TIMEOUT_MS = 3_000;
/** The worker's lease: three times the request's limit (worker.ts). */
const LEASE_MS = Math.max(TIMEOUT_MS * 3, TIMEOUT_MS + 5_000);

beforeAll(async () => {
  await receiver.up();
  t = await startTestApp({
    now: clock.now,
    config: { deliveryAllowPrivate: ['127.0.0.1'], deliveryTimeoutMs: TIMEOUT_MS },
    delivery: { random: () => 0.5 },
  });
  p = await publicClient(t);
  admin = await t.login('leader@lead.test');
});
afterAll(async () => {
  await t.close();
  await receiver.down();
});

let visitors = 0;
async function lead(code: string): Promise<number> {
  visitors += 1;
  const res = await p.post(
    'leads',
    {
      site_id: 1,
      code,
      visitor_id: `visitor-recovery-${visitors}`,
      page_url: 'https://bacsi-online.vn/heart/',
      fields: { name: 'R', email: `r${visitors}@mail.test` },
    },
    {},
    `10.42.0.${visitors}`,
  );
  expect(res.status, res.raw).toBe(200);
  return Number(
    (await t.database.db.selectFrom('leads').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id,
  );
}

/** The worker's rounds until nothing is due at the clock's time. */
async function settle(): Promise<void> {
  while ((await t.app.delivery.runOnce()) > 0);
}

describe('a receiver back after an outage', () => {
  it('gets the backlog at its first success, not at each lead’s next retry; a row within a lease stays as it is', async () => {
    const campaign = await p.create();
    const { client_id } = await t.database.db
      .selectFrom('campaigns')
      .select('client_id')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    const hook = await t.call('POST', `/api/admin/clients/${client_id}/destinations`, {
      token: admin,
      body: { name: 'Recovery CRM', enabled: true, kind: 'webhook', campaign_ids: [campaign.id], url: receiver.url },
    });
    expect(hook.status, hook.raw).toBe(200);
    const destination = hook.body._data.model.id as number;
    const deliveries = () =>
      t.database.db
        .selectFrom('deliveries')
        .select(['lead_id', 'state', 'attempts', 'next_attempt_at'])
        .where('destination_id', '=', destination)
        .orderBy('lead_id')
        .execute();

    // Down: three leads fail at once, again 5 s later, then wait 5 minutes for their third try.
    receiver.behaviour = 503;
    const backlog = [await lead(campaign.code), await lead(campaign.code), await lead(campaign.code)];
    await settle();
    clock.advance(5_000);
    await settle();
    const waiting = await deliveries();
    expect(waiting.map((d) => [d.state, d.attempts])).toEqual(backlog.map(() => ['retrying', 2]));
    expect(waiting.every((d) => new Date(d.next_attempt_at!).getTime() === clock.ms + 5 * 60_000)).toBe(true);
    const held = await lead(campaign.code);

    // Back a minute later: a new lead goes through, and with it the whole backlog in the next rounds.
    clock.advance(60_000);
    // The fourth lead as if another process had just claimed it: its next attempt is its lease's end.
    const leaseEnd = new Date(clock.ms + LEASE_MS - 1_000);
    await t.database.db
      .updateTable('deliveries')
      .set({ state: 'retrying', attempts: 1, next_attempt_at: leaseEnd })
      .where('lead_id', '=', held)
      .where('destination_id', '=', destination)
      .execute();
    receiver.behaviour = 'ok';
    const fresh = await lead(campaign.code);
    await settle();
    const after = new Map((await deliveries()).map((d) => [Number(d.lead_id), d]));
    expect(after.get(fresh)).toMatchObject({ state: 'delivered', attempts: 1 });
    for (const id of backlog) expect(after.get(id), `lead ${id}`).toMatchObject({ state: 'delivered', attempts: 3 });
    expect(after.get(held)).toMatchObject({ state: 'retrying', attempts: 1, next_attempt_at: leaseEnd });
    // Each backlog lead reached the receiver once after it came back, at the clock's time: no retry time waited for.
    const times = await t.database.db
      .selectFrom('delivery_attempts')
      .select(['lead_id', 'at'])
      .where('destination_id', '=', destination)
      .where('status', '=', 204)
      .execute();
    expect(times.map((a) => new Date(a.at).getTime())).toEqual(times.map(() => clock.ms));
    expect(times).toHaveLength(4);
    clock.reset();
  });
});
