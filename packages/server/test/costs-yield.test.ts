/**
 * A long export (a campaign's or the Leads page's) or retention sweep lets other requests in
 * (issue #44, item 7). On PGlite the database runs in the server's process on one connection: work
 * that goes from one query to the next without a turn of the event loop keeps every request that
 * arrives meanwhile waiting to its end. A request from the network is read on a turn of the event
 * loop; here it is sent from a setImmediate callback, which runs on the next turn, and the test
 * counts what the long work had done when it was answered (no clock is read).
 *
 * On PostgreSQL (DATABASE_URL) the long work and the admin's request run on connections of their
 * own, side by side: which ends first is a matter of each one's speed on a loaded machine, not of
 * yielding, so there these tests assert only that the admin is answered (`ordered` is false).
 */
import { setImmediate } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE } from '../src/repositories/leads.js';
import { RETENTION_BATCH, sweepRetention } from '../src/repositories/retention.js';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

/** Whether the admin's answer must come before the long work's end: on PGlite's one connection. */
const ordered = !process.env.DATABASE_URL;

let t: TestApp;
let token: string;
let createCampaign: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token, createCampaign } = await testSession({ as: 'system@lead.test' }));
});
afterAll(() => t.close());

/** `n` leads of a new campaign, created `daysAgo` days before the app's now. */
async function campaignWithLeads(name: string, n: number, daysAgo: number): Promise<number> {
  const campaign = (await createCampaign({ name })).id;
  await sql`
    INSERT INTO leads (campaign_id, name, email, created_at)
    SELECT ${campaign}, 'Lead ' || g, 'lead' || g || '@yield.test', ${t.now()}::timestamptz - make_interval(days => ${daysAgo}::int)
    FROM generate_series(1, ${n}::int) g`.execute(t.database.db);
  return campaign;
}

/** The admin's request, sent on the next turn of the event loop; resolves to what `progress()` said when it was answered. */
async function adminDuring<T>(progress: () => T, campaign: number): Promise<T> {
  await setImmediate();
  const res = await t.call('GET', `/api/admin/campaign/${campaign}`, { token });
  expect(res.status, res.raw).toBe(200);
  return progress();
}

describe('long work yields to other requests', () => {
  it.each([
    // The campaign export of four pages: the admin is answered before the file's last page.
    { file: 'a campaign export', pages: 4, url: (id: number) => `/api/admin/campaign/leads/export?ids=${id}` },
    // The Leads page's, of three: every page comes (the next starts after the last lead of the one before).
    { file: 'the Leads page export', pages: 3, url: (id: number) => `/api/admin/leads/export?campaign_ids=${id}` },
  ])(
    'answers an admin request while $file of several pages streams, before its last page',
    async ({ file, pages, url }) => {
      const campaign = await campaignWithLeads(`Yield ${file}`, EXPORT_PAGE * pages, 1);
      const res = await t.app.inject({
        method: 'GET',
        url: url(campaign),
        headers: { authorization: `Bearer ${token}` },
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      let chunks = 0;
      let lines = 0;
      const admin = adminDuring(() => chunks, campaign);
      for await (const chunk of res.stream()) {
        chunks++;
        lines += String(chunk).split('\r\n').length - 1;
      }
      // The header line and every lead came; the admin was answered, on PGlite before the file's last page.
      expect(lines).toBe(EXPORT_PAGE * pages + 1);
      const answeredAt = await admin;
      if (ordered) expect(answeredAt).toBeLessThan(chunks);
    },
  );

  it('answers an admin request while a sweep of several batches runs, before its last batch', async () => {
    const batches = 3;
    const campaign = await campaignWithLeads('Yield sweep', RETENTION_BATCH * batches, 800);
    const erased = () =>
      t.database.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', campaign)
        .where('erased_at', 'is not', null)
        .executeTakeFirstOrThrow();
    let finished = false;
    const sweep = sweepRetention(t.database.db, t.now(), 24).then((r) => ((finished = true), r));
    const admin = adminDuring(() => finished, campaign);
    expect((await sweep).erased).toBeGreaterThanOrEqual(RETENTION_BATCH * batches);
    expect(Number((await erased()).n)).toBe(RETENTION_BATCH * batches);
    const answeredBeforeTheEnd = !(await admin);
    if (ordered) expect(answeredBeforeTheEnd).toBe(true);
  });
});
