import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FormBlock, PublicCampaigns } from '@lead/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeRuntimeTables } from '../src/repositories/events.js';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';
import { withPerson } from './public-fixtures.js';
import { openedLeads } from './personal.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ORIGIN = 'https://bacsi-online.vn';
const VISITOR = 'visitor-0001';

let t: TestApp;
let admin: string;
let create: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token: admin, createCampaign: create } = await testSession({ as: 'leader@lead.test' }));
});
afterAll(() => t.close());

const campaigns = (origin = ORIGIN, headers: Record<string, string> = {}) =>
  t.call<never>('GET', '/api/public/sites/1/campaigns', { headers: { origin, ...headers } });
const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call('POST', `/api/public/${path}`, {
    body: await withPerson(t, path, body),
    headers: { origin: ORIGIN, 'user-agent': BROWSER, ...headers },
  });
const figures = (id: number) =>
  t.database.db
    .selectFrom('campaigns')
    .select([
      'total_impression',
      'total_click',
      'total_visitor',
      'total_habit_exit',
      'total_intentional_exit',
      'total_bounce',
      'total_submit',
      'total_lead',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const day = (id: number) =>
  t.database.db
    .selectFrom('campaign_daily_stats')
    .selectAll()
    .where('campaign_id', '=', id)
    .where('day', '=', '2026-11-21')
    .executeTakeFirst();

describe('GET /api/public/sites/{id}/campaigns', () => {
  it('serves the active campaigns and running A/B arms of the site, with only what rendering needs', async () => {
    const c = await create();
    const res = await campaigns();
    expect(res.status).toBe(200);
    const body = JSON.parse(res.raw) as PublicCampaigns;
    expect(body.site).toEqual({ id: 1, lang: 'vi', timeZone: 'Asia/Ho_Chi_Minh' });
    const mine = body.campaigns.find((x) => x.code === c.code)!;
    expect(mine).toMatchObject({
      layout: 'LightBoxB',
      devices: ['mobile', 'desktop'],
      trigger: { type: 'on_landing', seconds: 5 },
    });
    expect(mine.links).toEqual([{ option: 'start_with', target: 'https://bacsi-online.vn/heart/', exclude: [] }]);
    expect(mine.frequency).toEqual({
      days: 7,
      campaignExit: 7,
      siteExit: 7,
      againAfterSubmit: false,
      againAfterExit: false,
    });
    for (const secret of ['total_lead', 'price', 'client', 'creator', 'leads', 'kpis', 'status'])
      expect(res.raw).not.toContain(`"${secret}"`);
    expect(res.raw).not.toContain('Heart check 2027');
    // Every served campaign of site 1 is active, or an arm of a running test, in the database.
    const codes = body.campaigns.map((x) => x.code);
    const rows = await t.database.db
      .selectFrom('campaigns as c')
      .leftJoin('campaigns as p', 'p.id', 'c.parent_id')
      .select(['c.code', 'c.status', 'c.type', 'c.is_testing_running', 'p.is_testing_running as parent_running'])
      .where('c.code', 'in', codes)
      .execute();
    for (const r of rows)
      expect(r.status === 1 ? r.type !== 2 || r.parent_running : r.status === 4 && r.is_testing_running).toBe(true);
    const inactive = await t.database.db
      .selectFrom('campaigns')
      .select('code')
      .where('site_id', '=', 1)
      .where('status', 'in', [-1, -2, 2, 3])
      .execute();
    for (const r of inactive) expect(codes).not.toContain(r.code);
  });

  it('puts the arms of a running A/B test together under its code', async () => {
    const test = await t.database.db
      .selectFrom('campaigns')
      .select(['id', 'code', 'site_id'])
      .where('is_testing_running', '=', true)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const site = await t.database.db
      .selectFrom('sites')
      .select('name')
      .where('id', '=', test.site_id)
      .executeTakeFirstOrThrow();
    const res = await t.call('GET', `/api/public/sites/${test.site_id}/campaigns`, {
      headers: { origin: `https://${site.name}` },
    });
    const arms = (JSON.parse(res.raw) as PublicCampaigns).campaigns.filter((c) => c.test === test.code);
    const variants = await t.database.db
      .selectFrom('campaigns')
      .select('code')
      .where('parent_id', '=', test.id)
      .where('status', '=', 1)
      .execute();
    expect(arms.map((a) => a.code).sort()).toEqual([test.code, ...variants.map((v) => v.code)].sort());
  });

  it('answers 304 to its ETag, and lets browsers and CDNs keep it 30 s', async () => {
    const first = await campaigns();
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=30');
    const again = await campaigns(ORIGIN, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.raw).toBe('');
  });

  it('drops its copy on every save: a deactivated campaign is gone from the next answer', async () => {
    const c = await create();
    expect((await campaigns()).raw).toContain(c.code);
    const off = await t.call('PUT', `/api/admin/campaign/${c.id}?_status=1`, { token: admin, body: { status: -1 } });
    expect(off.status).toBe(200);
    expect((await campaigns()).raw).not.toContain(c.code);
  });

  it('allows only the site host (with or without www., any scheme and port) through CORS', async () => {
    for (const origin of [
      'https://bacsi-online.vn',
      'http://www.bacsi-online.vn:8443',
      'http://bacsi-online.vn.localhost:8080',
    ]) {
      const res = await campaigns(origin);
      expect(res.status, origin).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    for (const origin of [
      'https://mebau.vn',
      'https://evil-bacsi-online.vn',
      'https://bacsi-online.vn.evil.test',
      'null',
    ]) {
      const res = await campaigns(origin);
      expect(res.status, origin).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('says what is wrong with an unknown or malformed site', async () => {
    expect((await t.call('GET', '/api/public/sites/999/campaigns')).status).toBe(404);
    const bad = await t.call('GET', '/api/public/sites/abc/campaigns');
    expect(bad.status).toBe(422);
  });
});

describe('POST /api/public/events', () => {
  it('counts page views in the daily figures and the totals, visitors once a day, closes as habit or intentional exits', async () => {
    const c = await create();
    const at = Date.now();
    // Three page views: shown then clicked and closed at once; shown and closed after 8 s; shown and left.
    const views = [
      [
        { code: c.code, type: 'impression', at },
        { code: c.code, type: 'click', at },
        { code: c.code, type: 'close', at, open_ms: 1200 },
      ],
      [
        { code: c.code, type: 'impression', at },
        { code: c.code, type: 'close', at, open_ms: 8000 },
      ],
      [
        { code: c.code, type: 'impression', at },
        { code: c.code, type: 'bounce', at },
      ],
    ];
    for (const events of views) {
      // sendBeacon's text/plain body
      const res = await post('events', JSON.stringify({ site_id: 1, visitor_id: VISITOR, events }), {
        'content-type': 'text/plain;charset=UTF-8',
      });
      expect(res.status).toBe(202);
    }
    expect(await figures(c.id)).toEqual({
      total_impression: 3,
      total_click: 1,
      total_visitor: 1,
      total_habit_exit: 1,
      total_intentional_exit: 1,
      total_bounce: 1,
      total_submit: 0,
      total_lead: 0,
    });
    expect(await day(c.id)).toMatchObject({
      impressions: 3,
      clicks: 1,
      visitors: 1,
      habit_exits: 1,
      intentional_exits: 1,
      bounces: 1,
    });
    // The same visitor again that day is not a new visitor; another one is.
    await post('events', { site_id: 1, visitor_id: VISITOR, events: [{ code: c.code, type: 'impression', at }] });
    await post('events', {
      site_id: 1,
      visitor_id: 'visitor-0002',
      events: [{ code: c.code, type: 'impression', at }],
    });
    expect(await figures(c.id)).toMatchObject({ total_impression: 5, total_visitor: 2 });
    // No address, no visitor id in clear: only a hash per campaign and day.
    const seen = await t.database.db
      .selectFrom('campaign_daily_visitors')
      .selectAll()
      .where('campaign_id', '=', c.id)
      .execute();
    expect(seen).toHaveLength(2);
    expect(JSON.stringify(seen)).not.toContain('visitor-000');
  });

  it('forgets visitor hashes of days before yesterday and broker message ids older than a day, and nothing newer', async () => {
    const c = await create();
    const db = t.database.db;
    await sql`INSERT INTO campaign_daily_visitors (campaign_id, day, visitor) VALUES
      (${c.id}, current_date - 2, 1), (${c.id}, current_date - 1, 2), (${c.id}, current_date, 3)`.execute(db);
    await sql`INSERT INTO event_messages_applied (id, applied_at) VALUES
      ('purge-old', now() - interval '25 hours'), ('purge-new', now() - interval '23 hours')`.execute(db);
    await purgeRuntimeTables(db, sql<string>`current_date`);
    const visitors = await db
      .selectFrom('campaign_daily_visitors')
      .select('visitor')
      .where('campaign_id', '=', c.id)
      .orderBy('visitor')
      .execute();
    expect(visitors.map((v) => Number(v.visitor))).toEqual([2, 3]);
    const ids = await db.selectFrom('event_messages_applied').select('id').where('id', 'like', 'purge-%').execute();
    expect(ids.map((r) => r.id)).toEqual(['purge-new']);
  });

  it("takes a bot's events and counts nothing", async () => {
    const c = await create();
    const res = await post(
      'events',
      { site_id: 1, visitor_id: VISITOR, events: [{ code: c.code, type: 'impression', at: Date.now() }] },
      { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    );
    expect(res.status).toBe(202);
    expect((await figures(c.id)).total_impression).toBe(0);
  });

  it('refuses bad input with a 4xx that says what was wrong, and writes nothing', async () => {
    const c = await create();
    const ok = { code: c.code, type: 'impression', at: Date.now() };
    const cases: Array<[unknown, number, string]> = [
      [{ site_id: 1, visitor_id: VISITOR, events: [{ ...ok, type: 'hover' }] }, 422, 'events.0.type'],
      [{ site_id: 1, visitor_id: VISITOR, events: [] }, 422, 'events'],
      [{ site_id: 1, visitor_id: 'x', events: [ok] }, 422, 'visitor_id'],
      [{ site_id: 1, visitor_id: VISITOR, events: Array.from({ length: 101 }, () => ok) }, 422, 'events'],
      [{ site_id: 1, visitor_id: VISITOR, events: [ok], extra: 1 }, 422, 'request'],
      [{ site_id: 1, visitor_id: VISITOR, events: [ok, { ...ok, code: 'NOPE123' }] }, 404, ''],
    ];
    for (const [body, status, field] of cases) {
      const res = await post('events', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (field) expect(Object.keys(res.body.errors ?? {})).toContain(field);
      else expect(res.body.message).toBe('There is no campaign NOPE123 on this site.');
    }
    const text = await post('events', '{not json', { 'content-type': 'text/plain' });
    expect(text.status).toBe(400);
    expect((await figures(c.id)).total_impression).toBe(0);
  });

  it('answers 409 for a campaign that is not running, and 403 for a page of another site', async () => {
    const c = await create();
    await t.call('PUT', `/api/admin/campaign/${c.id}?_status=1`, { token: admin, body: { status: -1 } });
    const paused = await post('events', {
      site_id: 1,
      visitor_id: VISITOR,
      events: [{ code: c.code, type: 'impression', at: Date.now() }],
    });
    expect(paused.status).toBe(409);
    expect(paused.body.message).toBe(`The campaign ${c.code} is not running.`);
    const other = await post(
      'events',
      { site_id: 1, visitor_id: VISITOR, events: [{ code: c.code, type: 'impression', at: Date.now() }] },
      { origin: 'https://mebau.vn' },
    );
    expect(other.status).toBe(403);
  });

  it('limits one visitor to 120 requests a minute', async () => {
    const c = await create();
    const open = await post('events', {
      site_id: 1,
      visitor_id: 'visitor-flood',
      events: [{ code: c.code, type: 'impression', at: Date.now() }],
    });
    const body = {
      site_id: 1,
      visitor_id: 'visitor-flood',
      pv: (open.body as unknown as { pv: string }).pv,
      events: [{ code: c.code, type: 'click', at: Date.now() }],
    };
    const answers = [];
    for (let i = 0; i < 121; i++) answers.push((await post('events', body)).status);
    expect(answers.filter((s) => s === 202)).toHaveLength(119);
    expect(answers.at(-1)).toBe(429);
    // One page view: one click, however often it is sent.
    expect((await figures(c.id)).total_click).toBe(1);
  });
});

const lead = (code: string, fields: Record<string, string | string[]>, over: Record<string, unknown> = {}) => ({
  site_id: 1,
  code,
  visitor_id: `visitor-${code}`,
  page_url: 'https://bacsi-online.vn/heart/article-1/',
  fields,
  ...over,
});

describe('POST /api/public/leads', () => {
  it('stores a valid lead under its SSO tags, with its page, and counts its submit and lead', async () => {
    const c = await create();
    const res = await post('leads', lead(c.code, { name: 'Lan Nguyen', email: 'lan@example.vn' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _status: 1 });
    const stored = await openedLeads(t.database.db, c.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'Lan Nguyen',
      email: 'lan@example.vn',
      phone: null,
      page_url: 'https://bacsi-online.vn/heart/article-1/',
    });
    expect(stored[0]!.data).toEqual({ name: 'Lan Nguyen', email: 'lan@example.vn' });
    expect(await figures(c.id)).toMatchObject({ total_submit: 1, total_lead: 1 });
    expect(await day(c.id)).toMatchObject({ submits: 1, leads: 1 });
    // The admin's detail page shows it.
    const detail = await t.call('GET', `/api/admin/campaign/${c.id}`, { token: admin });
    expect(JSON.stringify(detail.body._data)).toContain('lan@example.vn');
  });

  it("refuses invalid answers with the pop-up's own words in the site's language, and stores nothing", async () => {
    const c = await create();
    const res = await post('leads', lead(c.code, { name: '', email: 'not-an-email' }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: ['Vui lòng nhập Full name.'],
      email: ['Vui lòng nhập địa chỉ email hợp lệ.'],
    });
    const unknownKey = await post('leads', lead(c.code, { name: 'A', email: 'a@b.vn', salary: '1' }));
    expect(unknownKey.status).toBe(422);
    expect(unknownKey.body.errors).toEqual({ salary: ['The form has no field salary.'] });
    const otherPage = await post(
      'leads',
      lead(c.code, { name: 'A', email: 'a@b.vn' }, { page_url: 'https://mebau.vn/x' }),
    );
    expect(otherPage.status).toBe(422);
    expect(otherPage.body.errors).toEqual({ page_url: ['The page must be a page of bacsi-online.vn.'] });
    expect((await post('leads', lead('NOPE123', { name: 'A' }))).status).toBe(404);
    expect(await t.database.db.selectFrom('leads').select('id').where('campaign_id', '=', c.id).execute()).toHaveLength(
      0,
    );
    expect(await figures(c.id)).toMatchObject({ total_submit: 0, total_lead: 0 });
  });
});

const outboxCodes = async (): Promise<string[]> => {
  const dir = join(t.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sms.txt')).sort();
  return Promise.all(files.map(async (f) => /code is (\d{6})/.exec(await readFile(join(dir, f), 'utf8'))![1]!));
};

describe('OTP blocks', () => {
  const otpForms: FormBlock[] = [
    { name: 'Title', id: 't', data: { placeholder: 'Verify' } },
    { name: 'PhoneOTP', id: 'p', data: { value: 'phone', placeholder: 'Phone', required: true } },
    { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
  ];

  it('needs the code sent to the number: missing, wrong and spent codes are refused, the right one stores the lead', async () => {
    const c = await create({
      forms: otpForms,
      extra_fields: {
        popupVersion: '2.1',
        currentLayout: 'LightBoxB',
        targetLinkType: 'links',
        popupShowThankYou: 'show',
      },
    });
    const phone = '+84 912 345 678';
    const none = await post('leads', lead(c.code, { phone }));
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ phone: ['Vui lòng nhập mã chúng tôi đã gửi.'] });
    const sent = await post('otp', { site_id: 1, code: c.code, visitor_id: VISITOR, phone });
    expect(sent.status).toBe(200);
    const [code] = (await outboxCodes()).slice(-1);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await post('leads', lead(c.code, { phone }, { otp: wrong }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ phone: ['Mã không đúng hoặc đã hết hạn.'] });
    const good = await post('leads', lead(c.code, { phone: '+84912345678' }, { otp: code }));
    expect(good.status).toBe(200);
    const spent = await post('leads', lead(c.code, { phone }, { otp: code }));
    expect(spent.status).toBe(422);
    const stored = (await openedLeads(t.database.db, c.id)).map((l) => ({ phone: l.phone }));
    expect(stored).toEqual([{ phone: '+84912345678' }]);
  });

  it('allows 5 tries per code, and 3 codes per number in 10 minutes', async () => {
    const c = await create({ forms: otpForms });
    const phone = '0987654321';
    await post('otp', { site_id: 1, code: c.code, visitor_id: VISITOR, phone });
    const [code] = (await outboxCodes()).slice(-1);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await post('leads', lead(c.code, { phone }, { otp: wrong }))).status).toBe(422);
    // The sixth try fails even with the right code: the code is used up.
    expect((await post('leads', lead(c.code, { phone }, { otp: code }))).status).toBe(422);
    expect((await post('otp', { site_id: 1, code: c.code, visitor_id: VISITOR, phone })).status).toBe(200);
    expect((await post('otp', { site_id: 1, code: c.code, visitor_id: VISITOR, phone })).status).toBe(200);
    expect((await post('otp', { site_id: 1, code: c.code, visitor_id: VISITOR, phone })).status).toBe(429);
  });

  it('refuses to send a code for a form without an OTP block, or to a number that is not one', async () => {
    const c = await create();
    expect((await post('otp', { site_id: 1, code: c.code, visitor_id: VISITOR, phone: '0987654321' })).status).toBe(
      422,
    );
    const d = await create({ forms: otpForms });
    const res = await post('otp', { site_id: 1, code: d.code, visitor_id: VISITOR, phone: 'call me' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ phone: ['Vui lòng nhập số điện thoại hợp lệ.'] });
  });
});

describe('Preview on a page', () => {
  it('gives staff a short-lived link that shows any campaign, and nothing to anyone else', async () => {
    const c = await create();
    await t.call('PUT', `/api/admin/campaign/${c.id}?_status=1`, { token: admin, body: { status: -1 } });
    const res = await t.call('POST', `/api/admin/campaign/${c.id}/preview`, { token: admin });
    expect(res.status).toBe(200);
    const url = new URL(res.body._data.url);
    expect(url.host).toBe('bacsi-online.vn.localhost');
    expect(url.pathname).toBe('/heart/');
    const token = url.searchParams.get('lead_preview')!;
    const shown = await t.call('GET', `/api/public/preview/${token}`, {
      headers: { origin: 'http://bacsi-online.vn.localhost' },
    });
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect((shown.body as unknown as PublicCampaigns).campaigns.map((x: { code: string }) => x.code)).toEqual([c.code]);
    expect((await t.call('GET', `/api/public/preview/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await t.call('POST', `/api/admin/campaign/${c.id}/preview`)).status).toBe(401);
  });
});

describe('the embed and the demo partner pages', () => {
  it('serves the loader to any origin, compressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/embed/v1/loader.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The choosing module the loader fetches beside the campaigns, and the renderer.
    for (const file of ['choose.js', 'popup.js'])
      expect((await t.app.inject({ method: 'GET', url: `/embed/v1/${file}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/embed/v1/other.js' })).statusCode).toBe(404);
  });

  it("serves a site's article pages at <site>.localhost with the loader from another origin", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/heart/article-1/',
      headers: { host: 'bacsi-online.vn.localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<script async src="http://localhost:8080/embed/v1/loader.js" data-site="1"></script>');
    expect(res.body).toContain('<article data-lead-article>');
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'bacsi-online.vn.localhost:8080' } });
    expect(home.body).toContain('/heart/article-1/');
    // The admin's own host is untouched.
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:8080' } })).statusCode).toBe(302);
  });
});
