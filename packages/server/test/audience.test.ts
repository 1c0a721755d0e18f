/**
 * Targeting by source and visitor (docs/runtime-audience.md, "Audience"): a campaign's audience is checked
 * when saved (422 with a clear message, nothing saved), served to the embed, and explained by the
 * admin's "which campaign wins this page" with the visitor facts; the site's cap on pop-ups per
 * visitor is served with the site and explained there too.
 */
import { ANY_AUDIENCE, type PublicCampaigns } from '@lead/contract';
import { validCampaign } from '@lead/contract/fixtures';
import type { Winner } from '@lead/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
let token: string;
let client: number;
let create: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token, client, createCampaign: create } = await testSession({ as: 'leader@lead.test' }));
});
/** The fixture's extra_fields with an audience. */
const withAudience = (audience: unknown) => ({
  extra_fields: { ...validCampaign(1).extra_fields, audience } as ReturnType<typeof validCampaign>['extra_fields'],
});
afterAll(() => t.close());

let pages = 0;
const section = () => `https://bacsi-online.vn/audience-${++pages}-${Date.now().toString(36)}/`;
const exact = (target: string) => ({
  targets: [{ type: 'links' as const, option: 'exact_match' as const, target, sub_target: [] }],
});
const zalo = { field: 'utm_source', op: 'equals', value: 'zalo' } as const;
/** What GET /api/public/sites/1/campaigns sends partner pages now: the served copy's body. */
const served = async () => JSON.parse((await t.app.served.campaigns(1))!.body) as PublicCampaigns;
const ask = (query: Record<string, string | number | undefined>) =>
  t.call<Winner>(
    'GET',
    `/api/admin/sites/1/winner?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    {
      token,
    },
  );
/** The text of the newest history entry the leader sees. */
const lastHistory = async () =>
  (await t.call<{ history: Array<{ text: string }> }>('GET', '/api/admin/history', { token })).body._data.history[0]
    ?.text;
const setCap = async (visit: number | null, day: number | null) => {
  await t.database.db
    .updateTable('sites')
    .set({ popup_cap_visit: visit, popup_cap_day: day })
    .where('id', '=', 1)
    .execute();
  t.app.served.invalidate();
};

describe('a campaign audience', () => {
  it('is saved and served as given; a campaign without one is served without', async () => {
    const audience = { v: 1, sources: [zalo], visitor: 'any', minPages: 2, percent: 100 };
    const c = await create({ name: 'Audience zalo', ...exact(section()), ...withAudience(audience) });
    const plain = await create({ name: 'Audience none', ...exact(section()) });
    const answer = await served();
    expect(answer.campaigns.find((x) => x.code === c.code)?.audience).toEqual(audience);
    expect(answer.campaigns.find((x) => x.code === plain.code)).not.toHaveProperty('audience');
  });

  it('refuses a bad audience with 422 and a message under extra_fields.audience, saving nothing', async () => {
    const page = section();
    const before = await t.database.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [audience, message] of [
      [{ ...ANY_AUDIENCE, percent: 0 }, 'The share of visitors must be a whole number from 1 to 100.'],
      [{ ...ANY_AUDIENCE, v: 2 }, 'The audience must be version 1 (v: 1).'],
      [
        { ...ANY_AUDIENCE, sources: [{ field: 'gclid', op: 'equals', value: 'x' }] },
        'Source condition 1: the field must be one of utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer_host.',
      ],
    ] as const) {
      const res = await t.call('POST', '/api/admin/campaign', {
        token,
        body: validCampaign(client, { ...exact(page), ...withAudience(audience) }),
      });
      expect(res.status, JSON.stringify(audience)).toBe(422);
      expect(res.body.errors?.['extra_fields.audience']).toEqual([message]);
    }
    const after = await t.database.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('the site cap', () => {
  it('is set by an admin of the site (PUT /sites/{id}/cap), refused to a member and for bad values', async () => {
    const put = (body: unknown, as = token) => t.call('PUT', '/api/admin/sites/1/cap', { token: as, body });
    const historyBefore = await t.count('history');
    const saved = await put({ visit: 1, day: 3 });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body._data).toEqual({ cap: { visit: 1, day: 3 } });
    expect((await served()).site.cap).toEqual({ visit: 1, day: 3 });
    expect((await t.call('GET', '/api/admin/sites/1/cap', { token })).body._data).toEqual({
      cap: { visit: 1, day: 3 },
    });
    for (const body of [
      { visit: -1, day: 0 },
      { visit: 101, day: 0 },
      { visit: 1.5, day: 0 },
      { visit: 1 },
      { visit: 1, day: 2, week: 9 },
    ]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body._messages?.[0]).toBeTruthy();
    }
    // Recorded in the history once, by the save that changed it (a refused one writes nothing).
    expect(await lastHistory()).toBe('Set the pop-up cap of <b>bacsi-online.vn</b>: 1 per visit, 3 per day.');
    expect(await t.count('history')).toBe(historyBefore + 1);
    const member = await t.login('member@lead.test');
    expect((await put({ visit: 5, day: 5 }, member)).status).toBe(403);
    expect((await put({ visit: 0, day: 0 })).body._data).toEqual({ cap: { visit: 0, day: 0 } });
    expect(await lastHistory()).toBe(
      'Set the pop-up cap of <b>bacsi-online.vn</b>: no limit per visit, no limit per day.',
    );
    expect((await served()).site).not.toHaveProperty('cap');
  });

  it('is served with the site only when set', async () => {
    await setCap(2, 5);
    expect((await served()).site.cap).toEqual({ visit: 2, day: 5 });
    await setCap(null, 3);
    expect((await served()).site.cap).toEqual({ day: 3 });
    await setCap(null, null);
    expect((await served()).site).not.toHaveProperty('cap');
  });
});

describe('which campaign wins, for a described visitor', () => {
  it('explains the source, pages, visitor and cap rules and shows the campaign when all hold', async () => {
    const url = section();
    const c = await create({
      name: 'Zalo second page',
      ...exact(url),
      ...withAudience({ v: 1, sources: [zalo], visitor: 'returning', minPages: 2, percent: 100 }),
    });
    const reason = async (q: Record<string, string | number>) => {
      const res = await ask({ url: `${url}?utm_source=zalo`, device: 'desktop', campaign: c.id, ...q });
      expect(res.status, res.raw).toBe(200);
      return res.body._data.candidates.find((x) => x.id === c.id)!;
    };
    expect((await reason({})).reason).toBe('audience_source');
    expect(await reason({ utm_source: 'facebook' })).toMatchObject({
      reason: 'audience_source',
      message: "Its audience's source conditions do not hold (utm_source equals zalo)",
    });
    expect((await reason({ utm_source: 'Zalo' })).reason).toBe('audience_visitor');
    expect(await reason({ utm_source: 'zalo', visitor: 'returning' })).toMatchObject({
      reason: 'audience_pages',
      message: 'Shown from page 2 of a visit',
    });
    expect((await reason({ utm_source: 'zalo', visitor: 'returning', pages: 2 })).reason).toBe('wins');
    await setCap(1, null);
    try {
      expect(await reason({ utm_source: 'zalo', visitor: 'returning', pages: 2, shown_visit: 1 })).toMatchObject({
        reason: 'site_cap',
        message: "The site's cap is reached (1 pop-ups a visit)",
      });
      expect((await reason({ utm_source: 'zalo', visitor: 'returning', pages: 2, shown_day: 4 })).reason).toBe('wins');
    } finally {
      await setCap(null, null);
    }
  });

  it('refuses bad visitor facts with 422', async () => {
    const url = section();
    for (const q of [
      { visitor: 'old' } as Record<string, string | number>,
      { pages: 0 },
      { shown_visit: -1 },
      { referrer_host: 'https://google.com/x' },
      { utm_source: 'x'.repeat(201) },
      { shown_visit: 2, shown_day: 1 },
    ]) {
      const res = await ask({ url, device: 'desktop', ...q });
      expect(res.status, JSON.stringify(q)).toBe(422);
      expect(res.body._messages?.[0], JSON.stringify(q)).toBeTruthy();
    }
  });
});
