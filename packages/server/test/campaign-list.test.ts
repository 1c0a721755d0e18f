import { CAMPAIGN_LIST_PARAMS, CAMPAIGN_SEARCH_BY, CAMPAIGN_SORTS } from '@lead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListQuery } from '@lead/contract/api';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('system@lead.test');
  member = await t.login('member@lead.test');
});
afterAll(() => t.close());

const list = async (query = '', token = admin) => {
  const res = await t.call('GET', `/api/admin/campaign${query ? `?${query}` : ''}`, { token });
  return res;
};
const ids = (res: Awaited<ReturnType<typeof list>>) => res.body._data.models.map((m: { id: number }) => m.id);
const topLevel = () =>
  t.database.db.selectFrom('campaigns').selectAll().where('deleted_at', 'is', null).where('type', '<>', 2);

describe('the list query', () => {
  it('reads exactly the parameters the contract names, with its sorts and search modes', () => {
    expect(Object.keys(ListQuery.properties).sort()).toEqual([...CAMPAIGN_LIST_PARAMS].sort());
    const literals = (key: 'sort_by' | 'search_by') => {
      const union = ListQuery.properties[key].anyOf[0] as unknown as { anyOf: { const: string }[] };
      return union.anyOf.map((x) => x.const);
    };
    expect(literals('sort_by')).toEqual([...CAMPAIGN_SORTS]);
    expect(literals('search_by')).toEqual([...CAMPAIGN_SEARCH_BY]);
  });
});

describe('GET /campaign', () => {
  it('answers the first 20 by last update, with pagination and totals over every match', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const all = await topLevel().execute();
    expect(res.body._data.pagination).toEqual({ items_per_page: 20, current: 1, total_items: all.length });
    expect(res.body._data.total_items).toBe(all.length);
    expect(res.body._data.total_impressions).toBe(all.reduce((s, c) => s + Number(c.total_impression), 0));
    expect(res.body._data.total_leads).toBe(all.reduce((s, c) => s + Number(c.total_lead), 0));
    expect(res.body._data.total_submits).toBe(all.reduce((s, c) => s + Number(c.total_submit), 0));
    const expected = [...all]
      .sort((a, b) => +b.updated_at - +a.updated_at || b.id - a.id)
      .slice(0, 20)
      .map((c) => c.id);
    expect(ids(res)).toEqual(expected);
  });

  it('carries the spec’s list fields on each row', async () => {
    const row = (await list()).body._data.models[0];
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'code',
        'image',
        'site',
        'client',
        'creator',
        'status',
        'formatted_status',
        'type',
        'is_testing_running',
        'is_schedule',
        'device_types',
        'display_type',
        'started_at',
        'ended_at',
        'created_at',
        'updated_at',
        'rules',
        'total_impression',
        'total_lead',
        'conversion_rate',
      ]),
    );
    expect(Object.keys(row.site).sort()).toEqual(['flag', 'id', 'label', 'name', 'nation']);
    expect(row.device_types.map((d: { name: string }) => d.name)).toEqual(['Mobile', 'Desktop']);
    expect(row.conversion_rate).toBe(
      row.total_impression ? Math.round((row.total_lead / row.total_impression) * 10000) / 100 : 0,
    );
  });

  it('marks the device types a campaign does not run on as disabled', async () => {
    const desktopOnly = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('type', '<>', 2)
      .where('deleted_at', 'is', null)
      .where('display_type', '=', 8)
      .executeTakeFirstOrThrow();
    const res = await list(`items_per_page=200&display_type=8`);
    const row = res.body._data.models.find((m: { id: number }) => m.id === desktopOnly.id);
    expect(row.device_types).toEqual([
      { id: 1, name: 'Mobile', is_disabled: true },
      { id: 2, name: 'Desktop', is_disabled: false },
    ]);
  });

  it('pages, up to 200 a page', async () => {
    const total = (await topLevel().execute()).length;
    const last = Math.ceil(total / 7);
    const res = await list(`items_per_page=7&page=${last}`);
    expect(res.body._data.pagination.current).toBe(last);
    expect(res.body._data.models).toHaveLength(total - (last - 1) * 7);
    expect((await list('items_per_page=201')).status).toBe(422);
    expect((await list('page=0')).status).toBe(422);
  });

  it('shows a member only the campaigns of their sites, and 403 for another site', async () => {
    const res = await list('items_per_page=200', member);
    expect(res.body._data.models.length).toBeGreaterThan(0);
    for (const m of res.body._data.models) expect([1, 2]).toContain(m.site.id);
    expect((await list('site_id=3', member)).status).toBe(403);
  });

  it('searches the keyword in the name, a link or a tag', async () => {
    const byName = await list('keyword=heart%20HEALTH&items_per_page=200');
    expect(byName.body._data.models.length).toBeGreaterThan(0);
    for (const m of byName.body._data.models) expect(m.name.toLowerCase()).toContain('heart health');
    const link = await t.database.db
      .selectFrom('campaign_targets')
      .innerJoin('campaigns', 'campaigns.id', 'campaign_targets.campaign_id')
      .select(['campaign_id', 'target'])
      .where('campaign_targets.type', '=', 'links')
      .where('campaigns.type', '<>', 2)
      .where('target', 'like', '%/fitness/%')
      .execute();
    const byLink = await list('keyword=%2Ffitness%2F&search_by=link&items_per_page=200');
    expect(ids(byLink).sort()).toEqual([...new Set(link.map((l) => l.campaign_id))].sort());
    const tag = await t.database.db
      .selectFrom('campaign_targets')
      .select(['campaign_id', 'target'])
      .where('type', '=', 'tags')
      .executeTakeFirstOrThrow();
    const byTag = await list(`keyword=${tag.target}&search_by=tag&items_per_page=200`);
    expect(ids(byTag)).toContain(tag.campaign_id);
    // Several tags, comma-separated: a campaign with any of them.
    const other = await t.database.db
      .selectFrom('campaign_targets')
      .select(['campaign_id', 'target'])
      .where('type', '=', 'tags')
      .where('target', '<>', tag.target)
      .executeTakeFirstOrThrow();
    const both = ids(
      await list(`keyword=${encodeURIComponent(`${tag.target}, ${other.target}`)}&search_by=tag&items_per_page=200`),
    );
    expect(both).toContain(tag.campaign_id);
    expect(both).toContain(other.campaign_id);
    const onlyOther = ids(await list(`keyword=${encodeURIComponent(other.target)}&search_by=tag&items_per_page=200`));
    expect(both.length).toBeGreaterThanOrEqual(onlyOther.length);
    expect((await list('keyword=%25%25%25')).body._data.models).toEqual([]);
  });

  it('filters by site and client lists', async () => {
    const res = await list('site_id=3,4&items_per_page=200');
    expect(res.body._data.models.length).toBeGreaterThan(0);
    for (const m of res.body._data.models) expect([3, 4]).toContain(m.site.id);
    const clientId = res.body._data.models[0].client.id;
    const byClient = await list(`client_id=${clientId}&items_per_page=200`);
    for (const m of byClient.body._data.models) expect(m.client.id).toBe(clientId);
  });

  it('filters by the sidebar: site then clients, or client then sites', async () => {
    const rows = await topLevel().execute();
    const a = rows.find((r) => r.site_id === 5)!;
    const b = rows.find((r) => r.site_id === 6)!;
    const res = await list(`site_id_with_clients[5]=${a.client_id}&site_id_with_clients[6]=&items_per_page=200`);
    const expected = rows
      .filter((r) => (r.site_id === 5 && r.client_id === a.client_id) || r.site_id === 6)
      .map((r) => r.id)
      .sort();
    expect(ids(res).sort()).toEqual(expected);
    const byClient = await list(`client_id_with_sites[${b.client_id}]=6&items_per_page=200`);
    expect(ids(byClient).sort()).toEqual(
      rows
        .filter((r) => r.client_id === b.client_id && r.site_id === 6)
        .map((r) => r.id)
        .sort(),
    );
    expect((await list('site_id_with_clients[5]=abc')).status).toBe(422);
  });

  it('filters by status, display type, device and sponsor', async () => {
    for (const [query, check] of [
      ['status=3,-1', (m: any) => [3, -1].includes(m.status)],
      ['display_type=4,9', (m: any) => [4, 9].includes(m.display_type)],
      ['device_type=1', (m: any) => !m.device_types[0].is_disabled],
      ['is_sponsor=1', () => true],
    ] as const) {
      const res = await list(`${query}&items_per_page=200`);
      expect(res.status).toBe(200);
      expect(res.body._data.models.length, query).toBeGreaterThan(0);
      for (const m of res.body._data.models) expect(check(m), query).toBe(true);
    }
    const sponsored = (await topLevel().where('is_sponsor', '=', true).execute()).map((r) => r.id).sort();
    expect(ids(await list('is_sponsor=1&items_per_page=200')).sort()).toEqual(sponsored);
  });

  it('filters by created and updated date ranges, whole days in the server time zone', async () => {
    const res = await list('from_created_at=2026-09-01 00:00:00&to_created_at=2026-10-31 23:59:59&items_per_page=200');
    for (const m of res.body._data.models) {
      expect(m.created_at >= '2026-09-01 00:00:00').toBe(true);
      expect(m.created_at <= '2026-10-31 23:59:59').toBe(true);
    }
    const expected = (await topLevel().execute()).filter(
      (r) => r.created_at >= new Date('2026-08-31T17:00:00Z') && r.created_at <= new Date('2026-10-31T16:59:59Z'),
    );
    expect(res.body._data.total_items).toBe(expected.length);
    const updated = await list('from_updated_at=2026-11-01&items_per_page=200');
    for (const m of updated.body._data.models) expect(m.updated_at >= '2026-11-01 00:00:00').toBe(true);
  });

  it('limits the figures to the performance window', async () => {
    const from = '2026-10-01';
    const to = '2026-10-31';
    const res = await list(
      `from_performance_date=${from} 00:00:00&to_performance_date=${to} 23:59:59&items_per_page=200`,
    );
    const stats = await t.database.db
      .selectFrom('campaign_daily_stats as d')
      .innerJoin('campaigns as c', 'c.id', 'd.campaign_id')
      .select(['d.campaign_id', 'd.impressions', 'd.leads', 'c.type', 'c.deleted_at'])
      .where('d.day', '>=', from)
      .where('d.day', '<=', to)
      .execute();
    const top = stats.filter((s) => s.type !== 2 && s.deleted_at === null);
    expect(res.body._data.total_impressions).toBe(top.reduce((s, r) => s + r.impressions, 0));
    expect(res.body._data.total_leads).toBe(top.reduce((s, r) => s + r.leads, 0));
    const row = res.body._data.models.find((m: any) => m.total_impression > 0);
    expect(row.total_impression).toBe(
      stats.filter((s) => s.campaign_id === row.id).reduce((s, r) => s + r.impressions, 0),
    );
  });

  it('sorts by each column, both ways', async () => {
    const rows = await topLevel().execute();
    const rate = (r: (typeof rows)[number]) =>
      Number(r.total_impression) > 0 ? Number(r.total_lead) / Number(r.total_impression) : 0;
    const keys: Record<string, (r: (typeof rows)[number]) => number | string> = {
      created_at: (r) => +r.created_at,
      name: (r) => r.name.toLowerCase(),
      total_impression: (r) => Number(r.total_impression),
      total_lead: (r) => Number(r.total_lead),
      conversion_rate: rate,
    };
    for (const [sort, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const res = await list(`sort_by=${sort}&sort_order=${order}&items_per_page=200`);
        const values = res.body._data.models.map((m: { id: number }) => key(rows.find((r) => r.id === m.id)!));
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, `${sort} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
    expect((await list('sort_by=password')).status).toBe(422);
  });

  it('answers 422 for a bad date, naming it', async () => {
    const res = await list('from_created_at=2026-02-30 00:00:00');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ from_created_at: ['The from created at is not a valid date.'] });
    expect((await list('to_updated_at=yesterday')).status).toBe(422);
  });

  it('ignores empty parameters', async () => {
    const res = await list('keyword=&status=&site_id=&sort_by=&page=');
    expect(res.status).toBe(200);
    expect(res.body._data.pagination.current).toBe(1);
  });

  it('lists A/B variants under their test, not on their own', async () => {
    const res = await list('items_per_page=200');
    const tests = res.body._data.models.filter((m: { type: number }) => m.type === 1);
    expect(tests.length).toBeGreaterThan(0);
    for (const m of res.body._data.models) expect(m.type).not.toBe(2);
    const withVariants = tests.find((m: any) => m.variants.length > 0);
    expect(withVariants.variants.length).toBeGreaterThanOrEqual(2);
    for (const v of withVariants.variants) expect(v).toMatchObject({ type: 2, parent_id: withVariants.id });
  });

  it("reads 'Schedule' for status 4 when is_schedule is set, and the status label otherwise", async () => {
    const running = await topLevel().where('status', '=', 4).executeTakeFirstOrThrow();
    let row = (await list(`keyword=${encodeURIComponent(running.name)}`)).body._data.models[0];
    expect(row.formatted_status).toBe('AB Test');
    await t.database.db.updateTable('campaigns').set({ is_schedule: true }).where('id', '=', running.id).execute();
    row = (await list(`keyword=${encodeURIComponent(running.name)}`)).body._data.models[0];
    expect(row.formatted_status).toBe('Schedule');
    const labels = new Set(
      (await list('items_per_page=200')).body._data.models.map((m: any) => `${m.status}:${m.formatted_status}`),
    );
    for (const l of labels)
      expect([
        '-1:Inactive',
        '1:Active',
        '2:Paused',
        '-2:Draft',
        '0:Schedule',
        '3:Expired',
        '4:AB Test',
        '4:Schedule',
      ]).toContain(l);
  });
});
