/**
 * 'Stop when the goal is reached' (issue #31): the billable lead that reaches a campaign's leads
 * goal pauses it in the lead's own transaction, writes a System history entry, and the campaign
 * leaves partner pages at once (the served-campaigns cache is dropped).
 */
import { CampaignStatus } from '@lead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';
import { publicClient, type PublicClient } from './public-fixtures.js';

let t: TestApp;
let p: PublicClient;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  p = await publicClient(t);
  admin = await t.login('system@lead.test');
});
afterAll(() => t.close());

let n = 0;
const send = (code: string, email: string) => {
  n += 1;
  return p.post(
    'leads',
    {
      site_id: 1,
      code,
      visitor_id: `visitor-goal-${n}`,
      page_url: 'https://bacsi-online.vn/heart/a/',
      fields: { name: 'G', email },
    },
    {},
    `10.32.${n >> 8}.${n & 255}`,
  );
};
const campaign = (id: number) =>
  t.database.db
    .selectFrom('campaigns')
    .select(['status', 'total_lead', 'total_duplicate'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const loaderHas = async (code: string) => {
  const res = await t.call('GET', '/api/public/sites/1/campaigns', { headers: { origin: 'https://bacsi-online.vn' } });
  expect(res.status, res.raw).toBe(200);
  return res.raw.includes(code);
};

describe("'Stop when the goal is reached'", () => {
  it('pauses the campaign at the billable lead that reaches the goal, with a System history entry, and stops serving it', async () => {
    const c = await p.create({ kpis: { lead: '3' }, stop_at_goal: true });
    expect(
      (await t.call('GET', `/api/admin/campaign/${c.id}`, { token: admin })).body._data.campaign.stop_at_goal,
    ).toBe(true);
    expect(await loaderHas(c.code)).toBe(true);
    expect((await send(c.code, 'one@example.vn')).status).toBe(200);
    // A duplicate is not billable: three leads, two billable, do not reach the goal.
    expect((await send(c.code, 'ONE@example.vn')).status).toBe(200);
    expect((await send(c.code, 'two@example.vn')).status).toBe(200);
    expect(await campaign(c.id)).toMatchObject({ status: CampaignStatus.Active, total_lead: 3, total_duplicate: 1 });
    expect((await send(c.code, 'three@example.vn')).status).toBe(200);
    expect((await campaign(c.id)).status).toBe(CampaignStatus.Paused);

    const history = await t.database.db
      .selectFrom('history')
      .select(['user_id', 'icon', 'text'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(history).toMatchObject({ user_id: null, icon: 'status' });
    expect(history.text).toContain('reached its goal of 3 leads');
    // Gone from partner pages at once: the loader no longer lists it, and a lead for it is refused.
    expect(await loaderHas(c.code)).toBe(false);
    expect((await send(c.code, 'four@example.vn')).status).toBe(409);
  });

  it('leaves a campaign without the setting running past its goal', async () => {
    const c = await p.create({ kpis: { lead: 1 } });
    await send(c.code, 'a@example.vn');
    await send(c.code, 'b@example.vn');
    expect(await campaign(c.id)).toMatchObject({ status: CampaignStatus.Active, total_lead: 2 });
    expect(
      (await t.call('GET', `/api/admin/campaign/${c.id}`, { token: admin })).body._data.campaign.stop_at_goal,
    ).toBe(false);
  });

  it('pauses exactly once when the goal is reached by leads sent at the same moment', async () => {
    const c = await p.create({ kpis: { lead: 2 }, stop_at_goal: true });
    const results = await Promise.all(['x1', 'x2', 'x3', 'x4'].map((e) => send(c.code, `${e}@example.vn`)));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await campaign(c.id)).status).toBe(CampaignStatus.Paused);
    const entries = await t.database.db
      .selectFrom('history')
      .select('text')
      .where('text', 'like', `%reached its goal of 2 leads%`)
      .execute();
    expect(entries).toHaveLength(1);
  });

  describe('an A/B test', () => {
    /** A running A/B test (the original and two variants, each a copy of its goal and setting). */
    async function abTest(goal: number) {
      const c = await p.create({ kpis: { lead: String(goal) }, stop_at_goal: true });
      const call = (method: string, path: string, body?: unknown) =>
        t.call(method, `/api/admin/campaign/${c.id}/${path}`, {
          token: admin,
          ...(body !== undefined ? { body } : {}),
        });
      const made = await call('POST', 'variants', { variant_names: ['Red', 'Blue'] });
      expect(made.status, made.raw).toBe(200);
      expect((await call('POST', 'variants/activation')).status).toBe(200);
      const arms = await t.database.db
        .selectFrom('campaigns')
        .select(['id', 'code', 'name'])
        .where((eb) => eb.or([eb('id', '=', c.id), eb('parent_id', '=', c.id)]))
        .orderBy('id')
        .execute();
      expect(arms).toHaveLength(3);
      return { test: arms[0]!, arms };
    }
    const lastHistoryId = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('history')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow()
        ).id ?? 0,
      );
    const goalEntries = async (after: number) =>
      (
        await t.database.db
          .selectFrom('history')
          .select('text')
          .where('id', '>', after)
          .where('text', 'like', '%reached its goal%')
          .execute()
      ).map((e) => e.text);
    const statuses = async (ids: number[]) =>
      (
        await t.database.db
          .selectFrom('campaigns')
          .select(['id', 'status'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute()
      ).map((r) => r.status);

    it("counts the arms' billable leads together against the test's goal, and pauses every arm at it", async () => {
      const { test, arms } = await abTest(3);
      const since = await lastHistoryId();
      const ids = arms.map((a) => a.id);
      expect((await send(arms[0]!.code, 'ab-one@example.vn')).status).toBe(200);
      expect((await send(arms[1]!.code, 'ab-two@example.vn')).status).toBe(200);
      // A duplicate (of the same arm: the client's scope is the campaign) is not billable.
      expect((await send(arms[1]!.code, 'AB-TWO@example.vn')).status).toBe(200);
      expect(await statuses(ids)).toEqual([CampaignStatus.AbTest, CampaignStatus.Active, CampaignStatus.Active]);
      expect((await send(arms[2]!.code, 'ab-three@example.vn')).status).toBe(200);
      expect(await statuses(ids)).toEqual([CampaignStatus.Paused, CampaignStatus.Paused, CampaignStatus.Paused]);
      expect(await goalEntries(since)).toEqual([
        `A/B test <b>${test.name}</b> was <span data-status-badge="" data-status="paused">paused</span>: it reached its goal of 3 leads.`,
      ]);
      for (const arm of arms) expect(await loaderHas(arm.code)).toBe(false);
    });

    it('pauses exactly once when leads reach the goal in several arms at the same moment', async () => {
      const { arms } = await abTest(2);
      const since = await lastHistoryId();
      const results = await Promise.all(
        arms.flatMap((a, i) => [1, 2].map((k) => send(a.code, `ab-par-${i}-${k}@example.vn`))),
      );
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(await statuses(arms.map((a) => a.id))).toEqual([
        CampaignStatus.Paused,
        CampaignStatus.Paused,
        CampaignStatus.Paused,
      ]);
      expect(await goalEntries(since)).toHaveLength(1);
    });
  });
});
