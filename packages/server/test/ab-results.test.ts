import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

/** A/B results with a known answer, and ending a test by keeping its winner. */
let t: TestApp;
let admin: string;
let create: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token: admin, createCampaign: create } = await testSession({ as: 'leader@lead.test' }));
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/admin/campaign/${path}`, { token: admin, ...(body !== undefined ? { body } : {}) });
const row = (id: number) =>
  t.database.db
    .selectFrom('campaigns')
    .select(['status', 'is_testing_running'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A running test with two variants, and figures written for each arm on two days. */
async function runningTest(figures: Array<[number, number]>) {
  const test = await create();
  const variants = (await call('POST', `${test.id}/variants`, { variant_names: ['Red', 'Blue'] })).body._data
    .models as Array<{ id: number }>;
  expect((await call('POST', `${test.id}/variants/activation`)).status).toBe(200);
  const ids = [test.id, ...variants.map((v) => v.id)];
  for (const [i, [impressions, leads]] of figures.entries()) {
    const half = Math.floor(impressions / 2);
    const halfLeads = Math.floor(leads / 2);
    await t.database.db
      .insertInto('campaign_daily_stats')
      .values([
        { campaign_id: ids[i]!, day: '2026-11-01', impressions: half, leads: halfLeads, clicks: 0, submits: halfLeads },
        {
          campaign_id: ids[i]!,
          day: '2026-11-02',
          impressions: impressions - half,
          leads: leads - halfLeads,
          clicks: 0,
          submits: leads - halfLeads,
        },
      ])
      .execute();
  }
  return { test: test.id, red: ids[1]!, blue: ids[2]! };
}

describe('GET /campaign/{id}/variants/results', () => {
  it('gives each arm its figures, uplift and chance to beat the original, and flags a split far from even', async () => {
    const { test, red, blue } = await runningTest([
      [1000, 100],
      [1000, 120],
      [1300, 100],
    ]);
    const res = await call('GET', `${test}/variants/results`);
    expect(res.status).toBe(200);
    const r = res.body._data;
    expect(r.arms.map((a: { id: number }) => a.id)).toEqual([test, red, blue]);
    expect(r.arms[0]).toMatchObject({
      impressions: 1000,
      leads: 100,
      conversion_rate: 0.1,
      uplift: null,
      chance_to_beat_control: null,
    });
    expect(r.arms[1].conversion_rate).toBeCloseTo(0.12, 12);
    // Known answer: P(Beta(121, 881) > Beta(101, 901)) is about 0.92 (exact sum; checked in the contract's tests).
    expect(r.arms[1].chance_to_beat_control).toBeGreaterThan(0.91);
    expect(r.arms[1].chance_to_beat_control).toBeLessThan(0.93);
    expect(r.arms[1].uplift.expected).toBeCloseTo(121 / 101 - 1, 9);
    expect(r.enough_data).toBe(true);
    // 1000 / 1000 / 1300: chi-square 60, p far below 0.001.
    expect(r.sample_ratio_mismatch).toBe(true);
    // The range applies: one day holds half of each arm's impressions.
    const day = (await call('GET', `${test}/variants/results?from=2026-11-02&to=2026-11-02`)).body._data;
    expect(day.arms.map((a: { impressions: number }) => a.impressions)).toEqual([500, 500, 650]);
  });

  it('reads the test on the leads its client accepted when asked: Red wins on leads, the original on accepted ones', async () => {
    const { test, red } = await runningTest([
      [1000, 100],
      [1000, 150],
      [1000, 100],
    ]);
    // Most of Red's leads were rejected by the client; most of the original's accepted.
    for (const [id, accepted] of [
      [test, 90],
      [red, 30],
    ] as const)
      await t.database.db
        .updateTable('campaign_daily_stats')
        .set({ accepted: accepted / 2 })
        .where('campaign_id', '=', id)
        .execute();
    const onLeads = (await call('GET', `${test}/variants/results`)).body._data;
    expect(onLeads.count).toBe('leads');
    expect(onLeads.arms[1]).toMatchObject({ leads: 150, accepted: 30, conversion_rate: 0.15 });
    expect(onLeads.arms[1].chance_to_beat_control).toBeGreaterThan(0.99);
    const onAccepted = (await call('GET', `${test}/variants/results?count=accepted`)).body._data;
    expect(onAccepted.count).toBe('accepted');
    expect(onAccepted.arms[0]).toMatchObject({ leads: 100, accepted: 90, conversion_rate: 0.09 });
    expect(onAccepted.arms[1]).toMatchObject({ leads: 150, accepted: 30, conversion_rate: 0.03 });
    expect(onAccepted.arms[1].chance_to_beat_control).toBeLessThan(0.01);
    expect((await call('GET', `${test}/variants/results?count=billable`)).status).toBe(422);
  });

  it('says there is not enough data below 150 impressions an arm, and 404 for a campaign that is not a test', async () => {
    const { test } = await runningTest([
      [149, 5],
      [400, 9],
      [400, 9],
    ]);
    expect((await call('GET', `${test}/variants/results`)).body._data.enough_data).toBe(false);
    const plain = await create();
    const res = await call('GET', `${plain.id}/variants/results`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This campaign is not an A/B test.');
  });
});

describe('POST /campaign/{id}/variants/winner', () => {
  it('stops the test, keeps the chosen variant active and the other arms inactive, with a history entry', async () => {
    const { test, red, blue } = await runningTest([
      [1000, 100],
      [1000, 150],
      [1000, 90],
    ]);
    const history = await t.count('history');
    const res = await call('POST', `${test}/variants/winner`, { winner_id: red });
    expect(res.status).toBe(200);
    expect(res.body._messages).toEqual(['A/B test has been ended!']);
    expect(await row(test)).toEqual({ status: -1, is_testing_running: false });
    expect((await row(red)).status).toBe(1);
    expect((await row(blue)).status).toBe(-1);
    expect(await t.count('history')).toBe(history + 1);
    // The test is no longer running: a second end is refused.
    expect((await call('POST', `${test}/variants/winner`, { winner_id: red })).status).toBe(409);
  });

  it('keeps the original when it wins, and refuses a winner from outside the test', async () => {
    const { test, red, blue } = await runningTest([
      [1000, 150],
      [1000, 100],
      [1000, 90],
    ]);
    const other = await runningTest([
      [10, 1],
      [10, 1],
      [10, 1],
    ]);
    const outside = await call('POST', `${test}/variants/winner`, { winner_id: other.red });
    expect(outside.status).toBe(422);
    expect(outside.body.message).toBe('The winner must be this A/B test or one of its variants.');
    expect((await row(test)).is_testing_running).toBe(true);
    expect((await call('POST', `${test}/variants/winner`, { winner_id: test })).status).toBe(200);
    expect(await row(test)).toEqual({ status: 1, is_testing_running: false });
    expect([(await row(red)).status, (await row(blue)).status]).toEqual([-1, -1]);
  });
});
