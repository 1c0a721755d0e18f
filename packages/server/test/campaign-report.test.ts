import { REPORT_FIGURES } from '@lead/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

/** The list's Report view (the report fields, issue #12): every figure, sortable, with totals over every match. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('system@lead.test');
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.call('GET', `/api/admin/campaign?${query}`, { token: admin });
  expect(res.status, res.raw).toBe(200);
  return res.body._data as { models: Array<Record<string, number>>; report_totals?: Record<string, number> };
};
const KEYS = REPORT_FIGURES.map((x) => x.key);
const FROM = '2026-10-01';
const TO = '2026-10-31';
const window = `from_performance_date=${FROM} 00:00:00&to_performance_date=${TO} 23:59:59`;

/** Each top-level campaign's figures over the window, summed here from the daily rollup by its own query. */
async function windowFigures(siteId: number) {
  const r = await sql<Record<string, string | number>>`
    SELECT c.id, ${sql.join(REPORT_FIGURES.map((x) => sql`coalesce(sum(d.${sql.ref(x.daily)}), 0)::bigint AS ${sql.ref(x.key)}`))}
    FROM campaigns c LEFT JOIN campaign_daily_stats d ON d.campaign_id = c.id AND d.day BETWEEN ${FROM} AND ${TO}
    WHERE c.deleted_at IS NULL AND c.type <> 2 AND c.site_id = ${siteId}
    GROUP BY c.id`.execute(t.database.db);
  return new Map(r.rows.map((row) => [Number(row.id), Object.fromEntries(KEYS.map((k) => [k, Number(row[k])]))]));
}

describe('GET /campaign report figures', () => {
  it('gives every row all eight figures: all-time from the campaign, or over the performance window', async () => {
    const all = await list('site_id=3&items_per_page=200');
    const stored = await t.database.db
      .selectFrom('campaigns')
      .select(['id', ...KEYS])
      .where('site_id', '=', 3)
      .where('deleted_at', 'is', null)
      .where('type', '<>', 2)
      .execute();
    const byId = new Map(stored.map((c) => [c.id, c]));
    expect(all.models.length).toBe(stored.length);
    for (const row of all.models)
      for (const k of KEYS) expect(row[k], `${row.id} ${k}`).toBe(Number(byId.get(row.id!)![k]));
    expect(all.models.some((r) => r.total_click! > 0 && r.total_bounce! > 0 && r.total_habit_exit! > 0)).toBe(true);

    const ranged = await list(`site_id=3&items_per_page=200&${window}`);
    const expected = await windowFigures(3);
    for (const row of ranged.models)
      expect(Object.fromEntries(KEYS.map((k) => [k, row[k]]))).toEqual(expected.get(row.id!));
  });

  it.each(REPORT_FIGURES.map((x) => x.key))('sorts by %s, all-time and over the window', async (key) => {
    for (const query of ['site_id=4&items_per_page=200', `site_id=4&items_per_page=200&${window}`]) {
      const desc = (await list(`${query}&sort_by=${key}&sort_order=desc`)).models.map((r) => r[key]!);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      const asc = (await list(`${query}&sort_by=${key}&sort_order=asc`)).models.map((r) => r[key]!);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      expect(new Set(desc).size).toBeGreaterThan(1);
    }
  });

  it('sums every figure over every match (not just the page) when asked, and only then', async () => {
    expect((await list('site_id=3')).report_totals).toBeUndefined();
    const page = await list('site_id=3&items_per_page=5&report_totals=1');
    const all = await list('site_id=3&items_per_page=200');
    expect(page.report_totals).toEqual(
      Object.fromEntries(KEYS.map((k) => [k, all.models.reduce((s, r) => s + r[k]!, 0)])),
    );

    const ranged = await list(`site_id=3&items_per_page=5&report_totals=1&${window}`);
    const expected = [...(await windowFigures(3)).values()];
    expect(ranged.report_totals).toEqual(
      Object.fromEntries(KEYS.map((k) => [k, expected.reduce((s, r) => s + r[k]!, 0)])),
    );
    expect(ranged.report_totals!.total_impression).toBeLessThan(page.report_totals!.total_impression!);
  });

  it('refuses a report_totals that is not 0 or 1', async () => {
    const res = await t.call('GET', '/api/admin/campaign?report_totals=yes', { token: admin });
    expect(res.status).toBe(422);
  });
});
