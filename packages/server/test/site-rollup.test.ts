import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('system@lead.test');
});
afterAll(() => t.close());

/** site_daily_stats must always equal the daily figures of live top-level campaigns, summed by site, client and day. */
async function expectConsistent() {
  const diff = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      SELECT c.site_id, c.client_id, d.day, sum(d.impressions) i, sum(d.submits) s, sum(d.leads) l
      FROM campaign_daily_stats d JOIN campaigns c ON c.id = d.campaign_id
      WHERE c.deleted_at IS NULL AND c.type <> 2 GROUP BY 1, 2, 3
      EXCEPT
      SELECT site_id, client_id, day, impressions, submits, leads FROM site_daily_stats WHERE impressions <> 0 OR submits <> 0 OR leads <> 0
    ) x`.execute(t.database.db);
  expect(diff.rows[0]!.n).toBe(0);
  const groups = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (
      SELECT site_id, client_id, status, count(*) n, sum(total_impression) i, sum(total_submit) s, sum(total_lead) l
      FROM campaigns WHERE deleted_at IS NULL AND type <> 2 GROUP BY 1, 2, 3
      EXCEPT
      SELECT site_id, client_id, status, campaigns, impressions, submits, leads FROM campaign_group_totals WHERE campaigns <> 0
    ) x`.execute(t.database.db);
  expect(groups.rows[0]!.n).toBe(0);
}

describe('the summary tables behind the list totals', () => {
  it('matches the daily figures after the seed', expectConsistent);

  it('follows new figures, deletions and a campaign moved to another client', async () => {
    const c = await t.database.db
      .selectFrom('campaigns')
      .select(['id', 'site_id'])
      .where('type', '=', 0)
      .where('deleted_at', 'is', null)
      .where('total_impression', '>', 0)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('campaign_daily_stats')
      .values({ campaign_id: c.id, day: '2026-11-22', impressions: 50, submits: 5, leads: 4 })
      .execute();
    await t.database.db
      .updateTable('campaign_daily_stats')
      .set({ impressions: 70 })
      .where('campaign_id', '=', c.id)
      .where('day', '=', '2026-11-22')
      .execute();
    await expectConsistent();
    const other = await t.database.db
      .selectFrom('client_sites')
      .select('client_id')
      .where('site_id', '=', c.site_id)
      .orderBy('client_id', 'desc')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('campaigns').set({ client_id: other.client_id }).where('id', '=', c.id).execute();
    await expectConsistent();
    await t.call('DELETE', `/api/admin/campaign/${c.id}`, { token: admin });
    await expectConsistent();
  });

  it('follows status changes, A/B variants and new campaigns', async () => {
    const c = await t.database.db
      .selectFrom('campaigns')
      .select(['id'])
      .where('type', '=', 0)
      .where('status', '=', 1)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    await t.call('PUT', `/api/admin/campaign/${c.id}?_status=1`, { token: admin, body: { status: -1 } });
    await expectConsistent();
    await t.call('POST', `/api/admin/campaign/${c.id}/clone`, {
      token: admin,
      body: {
        name: 'Copy',
        client_id: (
          await t.database.db
            .selectFrom('campaigns')
            .select('client_id')
            .where('id', '=', c.id)
            .executeTakeFirstOrThrow()
        ).client_id,
      },
    });
    await t.call('POST', `/api/admin/campaign/${c.id}/variants`, { token: admin, body: { variant_names: ['a', 'b'] } });
    await t.call('POST', `/api/admin/campaign/${c.id}/variants/activation`, { token: admin });
    await expectConsistent();
  });

  it('gives the same totals with and without the summary tables', async () => {
    const all = (await t.call('GET', '/api/admin/campaign?status=1,-1&site_id=2,4', { token: admin })).body._data;
    const viaIndex = (
      await t.call('GET', '/api/admin/campaign?status=1,-1&site_id=2,4&display_type=1,2,3,4,5,6,7,8,9,10,11,12', {
        token: admin,
      })
    ).body._data;
    expect(all.total_items).toBeGreaterThan(0);
    expect([all.total_items, all.total_impressions, all.total_leads, all.total_submits]).toEqual([
      viaIndex.total_items,
      viaIndex.total_impressions,
      viaIndex.total_leads,
      viaIndex.total_submits,
    ]);
  });

  it('gives the same window totals as summing the daily figures', async () => {
    const q = 'from_performance_date=2026-10-01&to_performance_date=2026-11-21';
    const fast = (await t.call('GET', `/api/admin/campaign?${q}&site_id=1,2,3`, { token: admin })).body._data;
    // The status filter covers every status, so this takes the other path over the same campaigns.
    const slow = (
      await t.call('GET', `/api/admin/campaign?${q}&site_id=1,2,3&status=-2,-1,0,1,2,3,4`, { token: admin })
    ).body._data;
    expect(fast.total_impressions).toBeGreaterThan(0);
    expect([fast.total_impressions, fast.total_leads, fast.total_submits]).toEqual([
      slow.total_impressions,
      slow.total_leads,
      slow.total_submits,
    ]);
  });
});
