import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  // The seed itself is under test: made here, not copied from the run's template.
  t = await startTestApp({ fromScratch: true });
});
afterAll(() => t.close());

describe('the demo data', () => {
  it('covers every status, type and display type', async () => {
    const rows = await t.database.db.selectFrom('campaigns').select(['status', 'type', 'display_type']).execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([-2, -1, 0, 1, 2, 3, 4]));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set([0, 1, 2]));
    expect(new Set(rows.map((r) => r.display_type)).size).toBe(12);
  });

  it('has daily figures consistent with its leads and totals', async () => {
    const bad = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM campaign_daily_stats WHERE leads > submits OR submits > clicks OR clicks > impressions`.execute(t.database.db);
    expect(bad.rows[0]!.n).toBe(0);
    const leads = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM campaigns c
      WHERE c.total_lead <> (SELECT count(*) FROM leads l WHERE l.campaign_id = c.id)`.execute(t.database.db);
    expect(leads.rows[0]!.n).toBe(0);
    const rates = await t.database.db.selectFrom('campaigns').select(['total_lead', 'total_impression']).where('total_impression', '>', 0).execute();
    for (const r of rates) expect(Number(r.total_lead) / Number(r.total_impression)).toBeLessThan(0.2);
  });
});
