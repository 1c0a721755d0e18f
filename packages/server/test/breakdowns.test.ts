/**
 * Breakdowns (issue #46, docs/api/campaigns.md "Breakdown"): a campaign's figures by device, page,
 * source, referrer and variant, summed from the rollup the events, leads and verdicts write as they
 * arrive, equal the counts of the raw rows they came from (on PGlite and, with DATABASE_URL, on
 * PostgreSQL); bad queries are 422, and the CSV file holds the same rows.
 */
import {
  BREAKDOWN_DIMENSIONS,
  BREAKDOWN_SORTS,
  breakdownFigures,
  MIN_FILL_MS,
  solveChallenge,
  sortBreakdown,
  sourceLabel,
  type BreakdownDimension,
  type VisitSource,
} from '@lead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CsvParser } from '../src/lib/csv.js';
import { breakdownRows } from '../src/repositories/breakdowns.js';
import { powChallenges } from '../src/runtime/pow.js';
import { clientOf } from './fixtures.js';
import { startTestApp, type TestApp } from './helpers.js';
import { MovableClock, publicClient, type PublicClient } from './public-fixtures.js';

let t: TestApp;
let p: PublicClient;
let leader: string;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ now: new MovableClock().now });
  p = await publicClient(t);
  leader = await t.login('leader@lead.test');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

let n = 0;
/** A page view of `code` on `page` with `device` and `source`: its signed id and visitor. */
async function pageView(code: string, place: { page?: string; device?: 'mobile' | 'desktop'; source?: VisitSource }) {
  n += 1;
  const visitor = `visitor-breakdown-${n}`;
  const { source, ...rest } = place;
  const res = await p.post(
    'events',
    {
      site_id: 1,
      visitor_id: visitor,
      ...rest,
      ...(source ? { source } : {}),
      events: [{ code, type: 'impression', at: 1 }],
    },
    {},
    `10.91.${Math.floor(n / 200)}.${n % 200}`,
  );
  expect(res.status, res.raw).toBe(202);
  return { visitor, pv: (res.body as unknown as { pv: string }).pv };
}

/** A person's lead (the challenge solved, a person's fill time), in page view `pv` when given. */
async function lead(code: string, visitor: string, pv: string | undefined, email: string, pageUrl: string) {
  const opened = new Date(t.now().getTime() - MIN_FILL_MS - 1000);
  const challenge = await (await powChallenges(t.database.db)).issue(1, opened);
  const person = { pow: (await solveChallenge(challenge))!, fill_ms: MIN_FILL_MS + 1000, ...(pv ? { pv } : {}) };
  const res = await p.post(
    'leads',
    { site_id: 1, code, visitor_id: visitor, page_url: pageUrl, fields: { name: 'Lan', email }, ...person },
    {},
    `10.92.0.${n % 200}`,
  );
  expect(res.status, res.raw).toBe(200);
}

const breakdown = (id: number, query: string) =>
  t.call('GET', `/api/admin/campaign/${id}/breakdown?${query}`, { token: leader });

type Counts = { impressions: number; leads: number; duplicates: number; credited: number; accepted: number };
const zero = (): Counts => ({ impressions: 0, leads: 0, duplicates: 0, credited: 0, accepted: 0 });

/** The breakdown of campaign `id` counted from the raw rows: page views' events and sources, leads and verdicts. */
async function rawCounts(id: number, by: BreakdownDimension): Promise<Map<string, Counts>> {
  const db = t.database.db;
  const views = await db
    .selectFrom('page_view_events as e')
    .leftJoin('page_view_sources as s', 's.page_view', 'e.page_view')
    .select([
      'e.campaign_id',
      's.device',
      's.page_path',
      's.referrer_host',
      's.utm_source',
      's.gclid',
      's.fbclid',
      's.ttclid',
    ])
    .where('e.campaign_id', '=', id)
    .where('e.kind', '=', 1)
    .execute();
  const leads = await db
    .selectFrom('leads as l')
    .leftJoin('lead_verdicts as v', 'v.lead_id', 'l.id')
    .select(['l.campaign_id', 'l.device', 'l.page_path', 'l.referrer_host', 'l.utm_source', 'l.gclid', 'l.fbclid'])
    .select(['l.ttclid', 'l.duplicate', 'v.verdict', 'v.credited'])
    .where('l.campaign_id', '=', id)
    .execute();
  type Row = (typeof views)[number];
  const valueOf = (r: Row): string => {
    const source = Object.fromEntries(Object.entries(r).filter(([, v]) => typeof v === 'string')) as VisitSource;
    if (by === 'device') return r.device ?? '';
    if (by === 'page') return r.page_path ?? '';
    if (by === 'source') return sourceLabel(source);
    if (by === 'referrer') return r.referrer_host ?? '';
    return String(r.campaign_id);
  };
  const out = new Map<string, Counts>();
  const at = (v: string) => out.get(v) ?? out.set(v, zero()).get(v)!;
  for (const r of views) at(valueOf(r)).impressions += 1;
  for (const r of leads) {
    const c = at(valueOf(r));
    c.leads += 1;
    c.duplicates += r.duplicate ? 1 : 0;
    c.accepted += r.verdict === 'accepted' ? 1 : 0;
    c.credited += r.credited ? 1 : 0;
  }
  return out;
}

describe('GET /campaign/{id}/breakdown', () => {
  it('equals the raw counts by every dimension, and the CSV file holds the same rows', async () => {
    const c = await p.create();
    const other = await p.create();
    const views = [
      await pageView(c.code, {
        page: '/tim-mach/a?x=1',
        device: 'mobile',
        source: { utm_source: 'Zalo', referrer_host: 'zalo.me' },
      }),
      await pageView(c.code, {
        page: '/tim-mach/a',
        device: 'mobile',
        source: { gclid: 'Cj0', referrer_host: 'www.google.com' },
      }),
      await pageView(c.code, { page: '/tim-mach/b', device: 'desktop', source: { referrer_host: 'www.google.com' } }),
      await pageView(c.code, { page: '/tim-mach/b', device: 'desktop' }),
      await pageView(c.code, {}),
      await pageView(other.code, { page: '/tim-mach/a', device: 'mobile' }),
    ];
    await lead(c.code, views[0]!.visitor, views[0]!.pv, 'a@x.test', 'https://bacsi-online.vn/tim-mach/a');
    await lead(c.code, views[1]!.visitor, views[1]!.pv, 'a@x.test', 'https://bacsi-online.vn/tim-mach/a');
    await lead(c.code, views[2]!.visitor, views[2]!.pv, 'b@x.test', 'https://bacsi-online.vn/tim-mach/b');
    // Without a page view it goes to the spam bin; released, it counts under the path it was sent from.
    await lead(c.code, 'no-page-view-1', undefined, 'c@x.test', 'https://bacsi-online.vn/khac/?utm_source=x');
    const spam = await t.database.db
      .selectFrom('spam_leads')
      .select('id')
      .where('campaign_id', '=', c.id)
      .executeTakeFirstOrThrow();
    const released = await t.call('POST', `/api/admin/campaign/${c.id}/spam/${spam.id}/release`, { token: leader });
    expect(released.status, released.raw).toBe(200);
    await lead(other.code, views[5]!.visitor, views[5]!.pv, 'd@x.test', 'https://bacsi-online.vn/tim-mach/a');

    // The client's verdicts: one accepted, one rejected (credited, within the window).
    const ids = (
      await t.database.db.selectFrom('leads').select('id').where('campaign_id', '=', c.id).orderBy('id').execute()
    ).map((r) => Number(r.id));
    const clientId = await clientOf(t, 1);
    const key = (
      await t.call('POST', `/api/admin/clients/${clientId}/api-keys`, { token: leader, body: { name: 'B' } })
    ).body._data.key as string;
    const verdicts = await fetch(`${base}/api/client/v1/verdicts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        verdicts: [
          { lead_id: ids[0], verdict: 'accepted' },
          { lead_id: ids[2], verdict: 'rejected', reason: 'fake' },
          { lead_id: ids[3], verdict: 'accepted' },
        ],
      }),
    });
    expect(verdicts.status, `${JSON.stringify(ids)} ${await verdicts.clone().text()}`).toBe(200);

    for (const by of BREAKDOWN_DIMENSIONS) {
      const res = await breakdown(c.id, `by=${by}&sort=value`);
      expect(res.status, res.raw).toBe(200);
      const rows = res.body._data.rows as Array<Counts & { value: string }>;
      const got = new Map(
        rows.map(({ value, impressions, leads, duplicates, credited, accepted }) => [
          value,
          { impressions, leads, duplicates, credited, accepted },
        ]),
      );
      expect(got, by).toEqual(await rawCounts(c.id, by));
      expect(res.body._data.total).toMatchObject({ impressions: 5, leads: 4, duplicates: 1, credited: 1, accepted: 2 });
      expect(res.body._data.total.billable_leads).toBe(2);
    }
    const pages = (await breakdown(c.id, 'by=page&sort=impressions&order=desc')).body._data.rows;
    expect(pages.map((r: { value: string }) => r.value)).toEqual(['/tim-mach/a', '/tim-mach/b', '', '/khac/']);
    expect(pages[0]).toMatchObject({ leads: 2, billable_leads: 1, conversion_rate: 100, accepted_rate: 50 });
    expect(pages[2].label).toBe('(unknown)');
    const referrers = (await breakdown(c.id, 'by=referrer&sort=value')).body._data.rows;
    expect(referrers[0]).toMatchObject({ value: '', label: '(direct)' });

    const file = await t.call('GET', `/api/admin/campaign/${c.id}/breakdown/export?by=page&sort=impressions`, {
      token: leader,
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const records = new CsvParser().push(file.raw + '\n').map((r) => r.fields);
    expect(records[0]).toEqual([
      'Article',
      'Impressions',
      'Leads',
      'Billable leads',
      'Conversion (%)',
      'Accepted',
      'Accepted rate (%)',
    ]);
    expect(records[1]).toEqual(['/tim-mach/a', '2', '2', '1', '100.00', '1', '50.00']);
    expect(records).toHaveLength(5);
  });

  it('keeps to the days asked', async () => {
    const c = await p.create();
    await pageView(c.code, { page: '/a', device: 'desktop' });
    const { day } = await t.database.db
      .selectFrom('campaign_daily_stats')
      .select((eb) => eb.cast<string>('day', 'text').as('day'))
      .where('campaign_id', '=', c.id)
      .executeTakeFirstOrThrow();
    const on = await breakdown(c.id, `by=device&from=${day}&to=${day}`);
    expect(on.body._data.rows).toMatchObject([{ value: 'desktop', impressions: 1 }]);
    const before = await breakdown(c.id, `by=device&to=2000-01-01`);
    expect(before.body._data.rows).toEqual([]);
    expect(before.body._data.total.impressions).toBe(0);
  });

  it.each([
    ['by=colour', 'by'],
    ['', 'by'],
    ['by=page&sort=name', 'sort'],
    ['by=page&order=up', 'order'],
    ['by=page&from=2026-02-30', 'from'],
    ['by=page&to=26-01-01', 'to'],
    ['by=page&from=2026-03-02&to=2026-03-01', 'from'],
  ])('refuses %j with 422 on %s', async (query, field) => {
    const c = await p.create();
    for (const path of ['breakdown', 'breakdown/export']) {
      const res = await t.call('GET', `/api/admin/campaign/${c.id}/${path}?${query}`, { token: leader });
      expect(res.status, res.raw).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
  });

  it('sums several campaigns for the Report view, one row per campaign by variant', async () => {
    const a = await p.create();
    const b = await p.create();
    await pageView(a.code, { page: '/chung', device: 'mobile' });
    await pageView(b.code, { page: '/chung', device: 'mobile' });
    await pageView(b.code, { page: '/rieng', device: 'desktop' });
    const res = await t.call('GET', `/api/admin/campaign/breakdown?ids=${a.id},${b.id}&by=page`, { token: leader });
    expect(res.status, res.raw).toBe(200);
    expect(res.body._data.rows).toMatchObject([
      { value: '/chung', impressions: 2 },
      { value: '/rieng', impressions: 1 },
    ]);
    const arms = await t.call('GET', `/api/admin/campaign/breakdown?ids=${a.id},${b.id}&by=variant&sort=value`, {
      token: leader,
    });
    expect(arms.body._data.rows).toMatchObject([
      { value: String(a.id), impressions: 1 },
      { value: String(b.id), impressions: 2 },
    ]);
    const file = await t.call('GET', `/api/admin/campaign/breakdown/export?ids=${a.id},${b.id}&by=device`, {
      token: leader,
    });
    expect(file.status).toBe(200);
    expect(file.raw).toContain('mobile,2,0,0,0.00,0,0.00');
    const none = await t.call('GET', `/api/admin/campaign/breakdown?ids=&by=page`, { token: leader });
    expect(none.status).toBe(422);
    const unknown = await t.call('GET', `/api/admin/campaign/breakdown?ids=${a.id},2000000000&by=page`, {
      token: leader,
    });
    expect(unknown.status).toBe(404);
  });

  it('answers the first `limit` rows in the order asked and sums the rest into one other row', async () => {
    const c = await p.create();
    // Seven articles: impressions 3, 2, 2, 1, 1, 1, 1 (ties on purpose), leads on three of them.
    const views = [];
    for (const [page, times] of [
      ['/g', 3],
      ['/c', 2],
      ['/f', 2],
      ['/a', 1],
      ['/b', 1],
      ['/d', 1],
      ['/e', 1],
    ] as const)
      for (let i = 0; i < times; i++) views.push({ page, ...(await pageView(c.code, { page, device: 'mobile' })) });
    for (const at of [0, 3, 7])
      await lead(
        c.code,
        views[at]!.visitor,
        views[at]!.pv,
        `cut${at}@x.test`,
        `https://bacsi-online.vn${views[at]!.page}`,
      );
    const raw = [...(await rawCounts(c.id, 'page'))].map(([value, counts]) => ({ value, ...breakdownFigures(counts) }));
    const sum = (rows: Counts[]) =>
      rows.reduce(
        (a, r) => ({
          impressions: a.impressions + r.impressions,
          leads: a.leads + r.leads,
          duplicates: a.duplicates + r.duplicates,
          credited: a.credited + r.credited,
          accepted: a.accepted + r.accepted,
        }),
        zero(),
      );
    const total = breakdownFigures(sum(raw));
    expect(total).toMatchObject({ impressions: 11, leads: 3 });

    for (const sort of BREAKDOWN_SORTS)
      for (const order of ['asc', 'desc'] as const) {
        const res = await breakdown(c.id, `by=page&sort=${sort}&order=${order}&limit=3`);
        expect(res.status, res.raw).toBe(200);
        const sorted = sortBreakdown(raw, sort, order);
        const { rows, other } = res.body._data as { rows: Array<Counts & { value: string }>; other: unknown };
        const shown = rows.map(({ value, label: _, ...figures }: Counts & { value: string; label?: string }) => ({
          value,
          ...figures,
        }));
        expect(shown, `${sort} ${order}`).toEqual(sorted.slice(0, 3));
        expect(other, `${sort} ${order}`).toEqual({ values: 4, ...breakdownFigures(sum(sorted.slice(3))) });
        expect(res.body._data.total).toEqual(total);
      }

    // Unless asked, 100 rows: all seven here, and no other row.
    const all = await breakdown(c.id, 'by=page');
    expect(all.body._data.rows).toHaveLength(7);
    expect(all.body._data.other).toBeNull();
    expect(all.body._data.total).toEqual(total);
    // The file holds every row: it has no limit.
    const file = await t.call('GET', `/api/admin/campaign/${c.id}/breakdown/export?by=page`, { token: leader });
    expect(file.status, file.raw).toBe(200);
    expect(new CsvParser().push(file.raw + '\n').map((r) => r.fields)).toHaveLength(8);
    const limited = await t.call('GET', `/api/admin/campaign/${c.id}/breakdown/export?by=page&limit=2`, {
      token: leader,
    });
    expect(limited.status).toBe(422);
    // The Report view's answer is cut the same way.
    const report = await t.call('GET', `/api/admin/campaign/breakdown?ids=${c.id}&by=page&limit=1`, { token: leader });
    expect(report.body._data.rows).toMatchObject([{ value: '/g', impressions: 3 }]);
    expect(report.body._data.other).toMatchObject({ values: 6, impressions: 8 });

    // The cut is the database's: no more than `limit` rows leave it.
    const cut = await breakdownRows(t.database.db, [c.id], {
      by: 'page',
      sort: 'impressions',
      order: 'desc',
      limit: 2,
    });
    expect(cut.rows.map((r) => r.value)).toEqual(['/g', '/c']);
    expect(cut.rest).toMatchObject({ values: 5, impressions: 6 });
  });

  it.each(['limit=0', 'limit=1001', 'limit=ten'])('refuses %s with 422', async (query) => {
    const c = await p.create();
    const res = await breakdown(c.id, `by=page&${query}`);
    expect(res.status, res.raw).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toContain('limit');
  });

  it('answers 404 for a campaign that does not exist', async () => {
    expect((await breakdown(2_000_000_000, 'by=page')).status).toBe(404);
  });
});
