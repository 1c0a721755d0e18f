import type { FormBlock } from '@lead/contract';
import { sql } from 'kysely';
import { buildConsent } from '../src/runtime/consent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.js';
import { freshDatabase, VARIANTS } from './database.js';
import { startTestApp, TEST_NOW, type TestApp } from './helpers.js';
import { openedLead } from './personal.js';

let t: TestApp;
beforeAll(async () => {
  // The seed itself is under test: the run's demo template is what seed() made of a new database
  // (global-setup.ts: migrate, then seed with VARIANTS.demo), so a copy of it is the seed's work.
  t = await startTestApp();
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
    }>`SELECT count(*)::int AS n FROM campaign_daily_stats WHERE leads > submits OR submits > clicks OR clicks > impressions`.execute(
      t.database.db,
    );
    expect(bad.rows[0]!.n).toBe(0);
    const leads = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM campaigns c
      WHERE c.total_lead <> (SELECT count(*) FROM leads l WHERE l.campaign_id = c.id)`.execute(t.database.db);
    expect(leads.rows[0]!.n).toBe(0);
    const rates = await t.database.db
      .selectFrom('campaigns')
      .select(['total_lead', 'total_impression'])
      .where('total_impression', '>', 0)
      .execute();
    for (const r of rates) expect(Number(r.total_lead) / Number(r.total_impression)).toBeLessThan(0.2);
  });

  it('has breakdowns whose every dimension sums to the daily figures', async () => {
    const off = await sql<{ n: number; rows: number }>`
      WITH sums AS (
        SELECT campaign_id, day, dimension, sum(impressions) AS impressions, sum(leads) AS leads,
          sum(duplicates) AS duplicates, sum(credited) AS credited, sum(accepted) AS accepted
        FROM campaign_breakdown_daily GROUP BY 1, 2, 3
      )
      SELECT count(*) FILTER (WHERE s.impressions IS DISTINCT FROM d.impressions OR s.leads IS DISTINCT FROM d.leads
          OR s.duplicates IS DISTINCT FROM d.duplicates OR s.credited IS DISTINCT FROM d.credited
          OR s.accepted IS DISTINCT FROM d.accepted)::int AS n, count(*)::int AS rows
      FROM campaign_daily_stats d CROSS JOIN (VALUES (1), (2), (3), (4)) AS k(dimension)
      LEFT JOIN sums s ON s.campaign_id = d.campaign_id AND s.day = d.day AND s.dimension = k.dimension`.execute(
      t.database.db,
    );
    expect(off.rows[0]!.rows).toBeGreaterThan(0);
    expect(off.rows[0]!.n).toBe(0);
  });

  it("gives each lead from an article the consent record of its campaign's revision, as a pop-up's lead gets it", async () => {
    const missing = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM leads
      WHERE page_url IS NOT NULL AND (consent IS NULL OR consent_hash IS NULL OR consent->>'page_url' <> page_url
        OR revision_id IS DISTINCT FROM (SELECT max(r.id) FROM campaign_revisions r WHERE r.campaign_id = leads.campaign_id))`.execute(
      t.database.db,
    );
    expect(missing.rows[0]!.n).toBe(0);
    // One with terms ticked, rebuilt from its revision: the same record and hash.
    const { rows } = await sql<{
      id: number;
      consent_hash: string;
      revision_id: number;
      campaign_id: number;
      forms: FormBlock[];
    }>`
      SELECT l.id, l.consent_hash, l.revision_id, l.campaign_id, r.forms FROM leads l JOIN campaign_revisions r ON r.id = l.revision_id
      ORDER BY l.id LIMIT 200`.execute(t.database.db);
    // The answers are sealed: the first lead that ticked the terms, opened.
    const opened = await Promise.all(
      rows.map(async (r) => ({ ...(await openedLead(t.database.db, Number(r.id))), ...r })),
    );
    const lead = opened.find((r) => r.data.terms === '1')!;
    const { record, hash } = buildConsent(
      { id: lead.revision_id, campaign_id: lead.campaign_id, forms: lead.forms },
      { terms: '1' },
      lead.page_url!,
    );
    expect(lead.consent).toEqual(record);
    expect(lead.consent_hash).toBe(hash);
    expect(record.terms.length).toBeGreaterThan(0);
  });
});

/** Leads dated after `now`, and the last day of figures (a date in the demo's time zone). */
async function datesAfter(db: TestApp['database']['db'], now: Date) {
  const later = await sql<{ n: number }>`SELECT count(*)::int AS n FROM leads WHERE created_at > ${now}`.execute(db);
  const days = await sql<{ day: string; leads: number }>`
    WITH last AS (SELECT max(day) AS day FROM campaign_daily_stats)
    SELECT to_char(last.day, 'YYYY-MM-DD') AS day,
      (SELECT count(*)::int FROM leads WHERE (created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date = last.day) AS leads
    FROM last`.execute(db);
  return { later: later.rows[0]!.n, lastDay: days.rows[0]!.day, leadsOnLastDay: days.rows[0]!.leads };
}

describe("the demo's dates", () => {
  it("has leads today, and none after the demo's now (10:00 in Ho Chi Minh City)", async () => {
    // TEST_NOW is 03:00 UTC: a lead at some second of the whole day would come up to 14 hours later.
    const dates = await datesAfter(t.database.db, TEST_NOW);
    expect(dates).toMatchObject({ later: 0, lastDay: '2026-11-21' });
    expect(dates.leadsOnLastDay).toBeGreaterThan(0);
  });

  it("lays its days out in the demo's time zone: at 20:00 UTC, today there is already tomorrow in UTC", async () => {
    const now = new Date('2026-11-21T20:00:00Z'); // 03:00 on 2026-11-22 in Ho Chi Minh City
    const { database, dispose } = await freshDatabase({ fromScratch: true });
    try {
      await seed(database, { ...VARIANTS.demo, now, campaigns: 8, bigLeadCampaign: 0 });
      const dates = await datesAfter(database.db, now);
      expect(dates).toMatchObject({ later: 0, lastDay: '2026-11-22' });
      expect(dates.leadsOnLastDay).toBeGreaterThan(0);
    } finally {
      await dispose();
    }
  });
});
