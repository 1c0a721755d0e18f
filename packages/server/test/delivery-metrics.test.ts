/**
 * What operators see of lead delivery: /metrics carries the attempts by result, their latency
 * histogram and the age of the oldest lead still waiting; /health says when due deliveries wait
 * for a worker past a minute (plugins/metrics.ts). The worker is not running here: the test runs
 * its rounds by hand (`app.delivery.runOnce()`) on a clock it moves, so nothing happens between.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_LAG_LIMIT_S } from '../src/plugins/metrics.js';
import { startTestApp, type TestApp } from './helpers.js';
import { MovableClock, publicClient, type PublicClient } from './public-fixtures.js';
import { Receiver } from './webhook-receiver.js';

let t: TestApp;
let p: PublicClient;
let admin: string;
const clock = new MovableClock();
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.up();
  t = await startTestApp({
    now: clock.now,
    config: { deliveryAllowPrivate: ['127.0.0.1'], deliveryTimeoutMs: 3_000 },
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
async function lead(code: string): Promise<void> {
  visitors += 1;
  const res = await p.post(
    'leads',
    {
      site_id: 1,
      code,
      visitor_id: `visitor-metrics-${visitors}`,
      page_url: 'https://bacsi-online.vn/heart/',
      fields: { name: 'M', email: `m${visitors}@mail.test` },
    },
    {},
    `10.41.0.${visitors}`,
  );
  expect(res.status, res.raw).toBe(200);
}

/** One series' value in the Prometheus text (0 when absent). */
const series = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
};
const metrics = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const health = async () => (await t.call('GET', '/health')).body as unknown as { deliveries: Record<string, unknown> };

describe('delivery in /metrics and /health', () => {
  it('counts attempts by result with their latency, ages the oldest waiting lead, and says when due deliveries fall behind', async () => {
    const campaign = await p.create();
    const { client_id } = await t.database.db
      .selectFrom('campaigns')
      .select('client_id')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    const hook = await t.call('POST', `/api/admin/clients/${client_id}/destinations`, {
      token: admin,
      body: { name: 'Metrics CRM', enabled: true, kind: 'webhook', campaign_ids: [campaign.id], url: receiver.url },
    });
    expect(hook.status, hook.raw).toBe(200);

    // One lead delivered, one that the receiver fails (500): retried in 5 s.
    await lead(campaign.code);
    expect(await t.app.delivery.runOnce()).toBe(1);
    receiver.behaviour = 500;
    await lead(campaign.code);
    expect(await t.app.delivery.runOnce()).toBe(1);

    let text = await metrics();
    expect(series(text, 'lead_deliveries_total{result="delivered"}')).toBe(1);
    expect(series(text, 'lead_deliveries_total{result="retrying"}')).toBe(1);
    expect(series(text, 'lead_delivery_attempt_seconds_count{result="delivered"}')).toBe(1);
    expect(series(text, 'lead_delivery_attempt_seconds_count{result="retrying"}')).toBe(1);
    // Every attempt is under the request's limit (10 s): in the last finite bucket.
    expect(series(text, 'lead_delivery_attempt_seconds_bucket{le="10",result="retrying"}')).toBe(1);
    expect(series(text, 'lead_delivery_oldest_undelivered_seconds')).toBe(0);
    expect((await health()).deliveries).toEqual({ behind: false, due_lag_seconds: 0, oldest_undelivered_seconds: 0 });

    // No worker takes the retry: its lead ages, and once it has been due a minute, deliveries are behind.
    clock.advance(5_000 + DELIVERY_LAG_LIMIT_S * 1000);
    expect((await health()).deliveries).toEqual({
      behind: false,
      due_lag_seconds: DELIVERY_LAG_LIMIT_S,
      oldest_undelivered_seconds: 65,
    });
    clock.advance(1_000);
    text = await metrics();
    expect(series(text, 'lead_delivery_oldest_undelivered_seconds')).toBe(66);
    const behind = await t.call('GET', '/health');
    // Behind is a warning for operators, not an unhealthy process: /health still answers 200.
    expect(behind.status).toBe(200);
    expect((behind.body as unknown as { deliveries: unknown }).deliveries).toEqual({
      behind: true,
      due_lag_seconds: DELIVERY_LAG_LIMIT_S + 1,
      oldest_undelivered_seconds: 66,
    });

    // The receiver answers again and a round delivers the lead: nothing waits.
    receiver.behaviour = 'ok';
    expect(await t.app.delivery.runOnce()).toBe(1);
    text = await metrics();
    expect(series(text, 'lead_deliveries_total{result="delivered"}')).toBe(2);
    expect(series(text, 'lead_delivery_attempt_seconds_count{result="delivered"}')).toBe(2);
    expect(series(text, 'lead_delivery_oldest_undelivered_seconds')).toBe(0);
    expect((await health()).deliveries).toEqual({ behind: false, due_lag_seconds: 0, oldest_undelivered_seconds: 0 });
    clock.reset();
  });
});
