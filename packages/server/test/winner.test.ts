import { choose, type PublicCampaigns } from '@lead/contract';
import type { Winner, WinnerCandidate } from '@lead/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

/**
 * GET /api/admin/sites/{id}/winner: the campaign a fresh visitor sees on a page, by the runtime's
 * own choice function on what the public route serves. Each test has pages of its own (a path no
 * demo campaign targets), so the tests pass alone and in any order.
 */
let t: TestApp;
let token: string;
let create: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token, createCampaign: create } = await testSession({ as: 'leader@lead.test' }));
});
afterAll(() => t.close());

let pages = 0;
/** A section of site 1 that no other campaign targets. */
const section = () => `https://bacsi-online.vn/wins-${++pages}-${Date.now().toString(36)}`;
const link = (target: string, option: 'start_with' | 'exact_match' = 'start_with') => ({
  targets: [{ type: 'links' as const, option, target, sub_target: [] }],
});
const ask = (query: Record<string, string | number>, as = token, site = 1) =>
  t.call<Winner>(
    'GET',
    `/api/admin/sites/${site}/winner?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    {
      token: as,
    },
  );
const byId = (w: Winner, id: number) => w.candidates.find((c) => c.id === id);

/** What the embed would show on `url` for a fresh visitor: `choose` on the public answer, then the loader's first timer. */
async function embedShows(url: string, device: 'desktop' | 'mobile'): Promise<string[]> {
  const res = await t.call('GET', '/api/public/sites/1/campaigns', { headers: { origin: 'https://bacsi-online.vn' } });
  const served = JSON.parse(res.raw) as PublicCampaigns;
  const chosen = choose(
    served.campaigns,
    { now: Date.parse('2026-11-21T03:00:00Z'), device, url, tags: [], clock: '10:00' },
    { v: 'x', c: {} },
  );
  return chosen.map((c) => c.code);
}

describe('which campaign wins a page', () => {
  it('names the older "start with" campaign over a newer exact link on the same page, as the embed chooses', async () => {
    const base = section();
    const health = await create({ name: 'Health section', ...link(`${base}/health/`) });
    const article = await create({ name: 'One article', ...link(`${base}/health/article-1/`, 'exact_match') });
    const url = `${base}/health/article-1/`;

    const res = await ask({ url, device: 'desktop', campaign: article.id });
    expect(res.status).toBe(200);
    const w = res.body._data;
    expect(w.winner).toMatchObject({
      id: health.id,
      code: health.code,
      name: 'Health section',
      status: 1,
      reason: 'wins',
    });
    expect(w.candidates.map((c) => c.id)).toEqual([health.id, article.id]);
    expect(byId(w, article.id)).toMatchObject({ reason: 'site_order' });
    expect(byId(w, article.id)!.message).toContain(health.code);
    expect(w).toMatchObject({ url, device: 'desktop', at: '2026-11-21 10:00:00' });

    // The embed's own choice on the public answer: both may show, the older one first in the site's
    // order; with equal on_landing timers the loader shows that one.
    expect(await embedShows(url, 'desktop')).toEqual([health.code, article.code]);
    // A page of the section but not the article: only the section's campaign.
    const other = (await ask({ url: `${base}/health/other/`, device: 'desktop' })).body._data;
    expect(other.winner?.id).toBe(health.id);
    expect(other.candidates.map((c) => c.id)).toEqual([health.id]);
  });

  it('names the campaign whose on_landing timer fires first, whatever its age', async () => {
    const base = section();
    const slow = await create({ ...link(`${base}/`), rules: [{ rule: 'time_on_page', value: 9 }] });
    const quick = await create({ ...link(`${base}/a/`, 'exact_match'), rules: [{ rule: 'time_on_page', value: 3 }] });
    const scroll = await create({
      ...link(`${base}/`),
      trigger_type: 'on_scroll',
      rules: [{ rule: 'scroll_percent', value: 25 }],
    });
    const w = (await ask({ url: `${base}/a/`, device: 'mobile' })).body._data;
    expect(w.winner?.id).toBe(quick.id);
    expect(byId(w, slow.id)).toMatchObject({ reason: 'trigger_later' });
    expect(byId(w, slow.id)!.message).toBe(
      `${quick.code} shows instead: its trigger (on landing after 3 s) fires before this one's (on landing after 9 s)`,
    );
    expect(byId(w, scroll.id)).toMatchObject({ reason: 'trigger_later' });
    expect(w.candidates.map((c) => c.id)).toEqual([quick.id, slow.id, scroll.id]);
  });

  it("says which of the runtime's rules keeps each other campaign off the page", async () => {
    const base = section();
    const url = `${base}/p/`;
    const shown = await create({ ...link(`${base}/`) });
    const mobileOnly = await create({ ...link(`${base}/`), device_types: [1] });
    const afternoons = await create({
      ...link(`${base}/`),
      rules: [
        { rule: 'time_on_page', value: 5 },
        { rule: 'appearance_time', value: { startTime: '14:00', endTime: '16:00' } },
      ],
    });
    const elsewhere = await create({ ...link(`${base}-elsewhere/`) });
    const off = await create({ ...link(`${base}/`) });
    expect(
      (await t.call('PUT', `/api/admin/campaign/${off.id}?_status=1`, { token, body: { status: -1 } })).status,
    ).toBe(200);
    const later = await create({
      ...link(`${base}/`),
      forever: false,
      started_at: '2026-12-01 08:00:00',
      ended_at: '2026-12-31 08:00:00',
    });

    const w = (await ask({ url, device: 'desktop', campaign: elsewhere.id })).body._data;
    const reasons = Object.fromEntries(w.candidates.map((c: WinnerCandidate) => [c.id, c.reason]));
    expect(reasons).toEqual({
      [shown.id]: 'wins',
      [mobileOnly.id]: 'device',
      [afternoons.id]: 'hours',
      [elsewhere.id]: 'not_targeted',
      [off.id]: 'not_running',
      [later.id]: 'scheduled',
    });
    expect(byId(w, mobileOnly.id)!.message).toBe('Not shown on desktop');
    expect(byId(w, afternoons.id)!.message).toBe('Outside its daily hours (14:00–16:00)');
    // On a phone the mobile-only one may show too: the older one still comes first.
    const phone = (await ask({ url, device: 'mobile' })).body._data;
    expect(phone.winner?.id).toBe(shown.id);
    expect(byId(phone, mobileOnly.id)?.reason).toBe('site_order');
    // The same verdicts as the embed's choice on the public answer.
    expect(await embedShows(url, 'desktop')).toEqual([shown.code]);
    expect(await embedShows(url, 'mobile')).toEqual([shown.code, mobileOnly.code]);
  });

  it('names nobody on a page no campaign targets, and follows each save at once', async () => {
    const base = section();
    const url = `${base}/x/`;
    expect((await ask({ url, device: 'desktop' })).body._data).toMatchObject({ winner: null, candidates: [] });
    const c = await create({ ...link(`${base}/`) });
    expect((await ask({ url, device: 'desktop' })).body._data.winner?.id).toBe(c.id);
    expect((await t.call('PUT', `/api/admin/campaign/${c.id}?_status=1`, { token, body: { status: -1 } })).status).toBe(
      200,
    );
    const after = (await ask({ url, device: 'desktop' })).body._data;
    expect(after.winner).toBeNull();
    expect(after.candidates).toEqual([expect.objectContaining({ id: c.id, reason: 'not_running', status: -1 })]);
  });

  it('refuses a page off the site, a bad device, a site the caller does not hold and an unknown site, with a clear message', async () => {
    const other = await ask({ url: 'https://example.com/health/', device: 'desktop' });
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ url: ['not include bacsi-online.vn.'] });
    const notUrl = await ask({ url: 'not a link', device: 'desktop' });
    expect(notUrl.status).toBe(422);
    expect(notUrl.body.errors?.url).toHaveLength(1);
    const tablet = await ask({ url: 'https://bacsi-online.vn/', device: 'tablet' });
    expect(tablet.status).toBe(422);
    expect(Object.keys(tablet.body.errors ?? {})).toEqual(['device']);
    const noUrl = await ask({ device: 'desktop' });
    expect(noUrl.status).toBe(422);
    expect(Object.keys(noUrl.body.errors ?? {})).toEqual(['url']);
    expect((await ask({ url: 'https://bacsi-online.vn/', device: 'desktop' }, token, 999999)).status).toBe(404);
    const member = await t.login('member@lead.test');
    const site3 = await t.database.db.selectFrom('sites').select('name').where('id', '=', 3).executeTakeFirstOrThrow();
    expect((await ask({ url: `https://${site3.name}/`, device: 'desktop' }, member, 3)).status).toBe(403);
    expect((await ask({ url: 'https://bacsi-online.vn/', device: 'desktop' }, member, 1)).status).toBe(200);
  });
});
