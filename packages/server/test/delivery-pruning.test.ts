/**
 * The webhook attempts log is pruned (repositories/deliveries.ts → pruneDeliveryAttempts): attempts
 * older than DELIVERY_KEEP_DAYS go in the scheduler's hourly retention pass, each lead's latest
 * state per destination stays (the lead table shows it). On clocks the tests set.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { PRUNE_BATCH, pruneDeliveryAttempts } from '../src/repositories/deliveries.js';
import type { Executor } from '../src/db/types.js';
import { startTestApp, TEST_NOW, type TestApp } from './helpers.js';
import { MovableClock } from './public-fixtures.js';

const DAY = 86_400_000;
let t: TestApp;
let system: string;

beforeAll(async () => {
  t = await startTestApp();
  system = await t.login('system@lead.test');
});
afterAll(() => t.close());

/** A webhook destination of the client of a demo campaign with leads, and `n` of its leads. */
async function destinationWithLeads(db: Executor, n: number) {
  const campaign = await db
    .selectFrom('leads as l')
    .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
    .select(['c.id', 'c.client_id'])
    .where('c.parent_id', 'is', null)
    .orderBy('l.id', 'desc')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('destinations')
    .values({
      client_id: campaign.client_id,
      name: `Pruned ${Math.random()}`,
      kind: 'webhook',
      url: 'https://crm.example/hook',
      campaign_ids: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const leads = (
    await db
      .selectFrom('leads')
      .select('id')
      .where('campaign_id', '=', campaign.id)
      .orderBy('id', 'desc')
      .limit(n)
      .execute()
  ).map((r) => Number(r.id));
  return { campaign: campaign.id, client: campaign.client_id, destination: id, leads };
}

/** An attempt of `lead` to `destination` at `at`. */
const attempt = (db: Executor, destination: number, lead: number, at: Date, status: number) =>
  db
    .insertInto('delivery_attempts')
    .values({
      destination_id: destination,
      lead_id: lead,
      at,
      status,
      error: status < 300 ? null : 'down',
      duration_ms: 5,
    })
    .execute();

const attemptTimes = async (db: Executor, destination: number) =>
  (
    await db
      .selectFrom('delivery_attempts')
      .select('at')
      .where('destination_id', '=', destination)
      .orderBy('at')
      .execute()
  ).map((r) => new Date(r.at).toISOString());

describe('pruning the attempts log', () => {
  it('deletes attempts older than the days kept and keeps the rest, and each lead’s latest state', async () => {
    const db = t.database.db;
    const now = new Date('2027-03-01T00:00:00Z');
    const { campaign, client, destination, leads } = await destinationWithLeads(db, 2);
    const [first, second] = leads as [number, number];
    // The first lead failed twice a long time ago and was delivered at the third attempt; the second is retrying.
    const old1 = new Date(now.getTime() - 45 * DAY);
    const old2 = new Date(now.getTime() - 30 * DAY - 1000);
    const edge = new Date(now.getTime() - 30 * DAY);
    const recent = new Date(now.getTime() - DAY);
    await attempt(db, destination, first, old1, 503);
    await attempt(db, destination, first, old2, 503);
    await attempt(db, destination, first, edge, 204);
    await attempt(db, destination, second, recent, 500);
    await db
      .insertInto('deliveries')
      .values([
        {
          lead_id: first,
          destination_id: destination,
          state: 'delivered',
          attempts: 3,
          last_status: 204,
          next_attempt_at: null,
          updated_at: edge,
        },
        {
          lead_id: second,
          destination_id: destination,
          state: 'retrying',
          attempts: 1,
          last_status: 500,
          last_error: 'down',
          next_attempt_at: now,
        },
      ])
      .execute();

    expect(await pruneDeliveryAttempts(db, now, 30)).toBe(2);
    // Exactly 30 days old is kept; older goes.
    expect(await attemptTimes(db, destination)).toEqual([edge.toISOString(), recent.toISOString()]);
    // Idempotent.
    expect(await pruneDeliveryAttempts(db, now, 30)).toBe(0);

    // Staff still read how each lead went: the lead table's state per destination is untouched.
    const page = await t.call('GET', `/api/admin/campaign/${campaign}/leads`, { token: system });
    expect(page.status, page.raw).toBe(200);
    const byId = new Map(
      page.body._data.models.map((m: { id: number; deliveries: unknown[] }) => [m.id, m.deliveries]),
    );
    expect(byId.get(first)).toEqual([
      expect.objectContaining({ destination_id: destination, state: 'delivered', attempts: 3, last_status: 204 }),
    ]);
    expect(byId.get(second)).toEqual([
      expect.objectContaining({ destination_id: destination, state: 'retrying', attempts: 1, last_status: 500 }),
    ]);
    // The destination's attempts page shows what is kept.
    const attempts = await t.call('GET', `/api/admin/clients/${client}/destinations/${destination}/attempts`, {
      token: system,
    });
    expect(attempts.body._data.models.map((a: { lead_id: number; status: number }) => [a.lead_id, a.status])).toEqual([
      [second, 500],
      [first, 204],
    ]);
  });

  it('deletes a large backlog in batches within one pass', async () => {
    const db = t.database.db;
    const now = new Date('2027-06-01T00:00:00Z');
    const { destination, leads } = await destinationWithLeads(db, 1);
    const rows = Array.from({ length: PRUNE_BATCH * 2 + 10 }, (_, i) => ({
      destination_id: destination,
      lead_id: leads[0]!,
      at: new Date(now.getTime() - 40 * DAY + i * 1000),
      status: 503,
      duration_ms: 1,
    }));
    for (let i = 0; i < rows.length; i += 2000)
      await db
        .insertInto('delivery_attempts')
        .values(rows.slice(i, i + 2000))
        .execute();
    await attempt(db, destination, leads[0]!, new Date(now.getTime() - 2 * DAY), 204);
    expect(await pruneDeliveryAttempts(db, now, 30)).toBeGreaterThanOrEqual(PRUNE_BATCH * 2 + 10);
    expect(await attemptTimes(db, destination)).toEqual([new Date(now.getTime() - 2 * DAY).toISOString()]);
  });
});

describe('DELIVERY_KEEP_DAYS', () => {
  it('is 30 days unless set, and at least 1', () => {
    expect(loadConfig({}).deliveryKeepDays).toBe(30);
    expect(loadConfig({ DELIVERY_KEEP_DAYS: '7' }).deliveryKeepDays).toBe(7);
    expect(() => loadConfig({ DELIVERY_KEEP_DAYS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DELIVERY_KEEP_DAYS: 'month' })).toThrow(ConfigError);
  });
});

describe('the scheduler', () => {
  it('prunes attempts older than DELIVERY_KEEP_DAYS in its hourly retention pass, on its clock', async () => {
    const clock = new MovableClock();
    const s = await startTestApp({
      now: clock.now,
      config: { scheduler: true, schedulerInterval: 1, deliveryKeepDays: 7 },
    });
    try {
      const db = s.database.db;
      const { destination, leads } = await destinationWithLeads(db, 1);
      const later = TEST_NOW.getTime() + 2 * 3_600_000;
      // As of the pass (two hours on, so the hourly pass runs whichever tick comes first): 8 days old goes, 6 days old stays.
      await attempt(db, destination, leads[0]!, new Date(later - 8 * DAY), 503);
      await attempt(db, destination, leads[0]!, new Date(later - 6 * DAY), 204);
      clock.ms = later;
      await vi.waitFor(
        async () => expect(await attemptTimes(db, destination)).toEqual([new Date(later - 6 * DAY).toISOString()]),
        {
          timeout: 60_000,
          interval: 100,
        },
      );
    } finally {
      await s.close();
    }
  });
});
