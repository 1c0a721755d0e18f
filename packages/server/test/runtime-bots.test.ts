/**
 * Issue #44, "Every billed lead is a person", over real HTTP: a script posting straight to the
 * leads route bills, delivers and counts nothing (its leads wait in the spam bin), and cannot pause
 * a campaign at its goal; each signal of runtime/person.ts alone bins a lead that is otherwise a
 * person's; a person's lead is stored, counted and queued for its webhook. Every answer is the same.
 */
import { CampaignStatus } from '@lead/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadBody, listen, openForm, PAGE_HEADERS, type Send } from './bot-fixtures.js';
import { startTestApp, type TestApp } from './helpers.js';
import { MovableClock, publicClient, type PublicClient } from './public-fixtures.js';

let t: TestApp;
let p: PublicClient;
let clock: MovableClock;
let send: Send;
let admin: string;
beforeAll(async () => {
  clock = new MovableClock();
  t = await startTestApp({ now: clock.now, config: { deliveryAllowPrivate: ['127.0.0.1'] } });
  p = await publicClient(t);
  admin = await t.login('leader@lead.test');
  ({ send } = await listen(t));
});
afterAll(() => t.close());
beforeEach(() => clock.reset());

/** A campaign of site 1 with a webhook of its client (the worker is off: its deliveries stay queued). */
async function withWebhook(over: Record<string, unknown> = {}) {
  const campaign = await p.create(over);
  const { client_id } = await t.database.db
    .selectFrom('campaigns')
    .select('client_id')
    .where('id', '=', campaign.id)
    .executeTakeFirstOrThrow();
  const res = await t.call('POST', `/api/admin/clients/${client_id}/destinations`, {
    token: admin,
    body: {
      name: `CRM ${campaign.id}`,
      enabled: true,
      kind: 'webhook',
      campaign_ids: [campaign.id],
      url: 'http://127.0.0.1:9/hook',
    },
  });
  if (res.status !== 200) throw new Error(res.raw);
  return campaign;
}

const counts = async (id: number) => {
  const c = await t.database.db
    .selectFrom('campaigns')
    .select(['status', 'total_lead', 'total_submit'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const leads = await t.database.db.selectFrom('leads').select('id').where('campaign_id', '=', id).execute();
  const deliveries = leads.length
    ? await t.database.db
        .selectFrom('deliveries')
        .select('lead_id')
        .where(
          'lead_id',
          'in',
          leads.map((l) => l.id),
        )
        .execute()
    : [];
  const spam = await t.database.db
    .selectFrom('spam_leads')
    .select(['reasons', 'score'])
    .where('campaign_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    status: c.status,
    total_lead: c.total_lead,
    total_submit: c.total_submit,
    leads: leads.length,
    deliveries: deliveries.length,
    spam,
  };
};

let visitors = 0;
const visitor = () => `bot-visitor-${++visitors}-${Math.random().toString(36).slice(2, 10)}`;

describe('a scripted bot', () => {
  it('posting straight to the route from 4 addresses with fresh visitor ids, no page view, Origin or Referer: nothing billed, delivered or counted, no pause at the goal', async () => {
    const c = await withWebhook({ kpis: { lead: '5' }, stop_at_goal: true });
    const answers = [];
    for (let i = 0; i < 20; i++) {
      answers.push(
        await send('POST', '/api/public/leads', {
          body: leadBody(c.code, visitor(), `bot${i}@mail.test`),
          from: `127.0.0.${2 + (i % 4)}`,
          headers: {},
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => JSON.stringify(a.body) === '{"_status":1}')).toBe(true);
    const after = await counts(c.id);
    expect(after).toMatchObject({
      status: CampaignStatus.Active,
      total_lead: 0,
      total_submit: 0,
      leads: 0,
      deliveries: 0,
    });
    expect(after.spam).toHaveLength(20);
    expect(after.spam[0]!.reasons).toEqual(['no_page_view', 'no_pow', 'too_fast', 'bot_agent', 'no_site_page']);
  });

  it('with a browser’s headers and a made-up page view and proof of work: binned too', async () => {
    const c = await withWebhook({ kpis: { lead: '1' }, stop_at_goal: true });
    const fake = {
      pv: 'AAAAAAAAAAAAAAAA.abc123.AAAAAAAAAAAAAAAAAAAAAA',
      pow: { algorithm: 'SHA-256', challenge: 'a'.repeat(64), number: 1, salt: 'x', signature: 'b'.repeat(64) },
    };
    const res = await send('POST', '/api/public/leads', {
      body: leadBody(c.code, visitor(), 'fake@mail.test', { ...fake, fill_ms: 9000 }),
      headers: PAGE_HEADERS,
    });
    expect(res).toEqual({ status: 200, body: { _status: 1 } });
    const after = await counts(c.id);
    expect(after).toMatchObject({ status: CampaignStatus.Active, total_lead: 0, leads: 0, deliveries: 0 });
    expect(after.spam.map((s) => s.reasons)).toEqual([['bad_page_view', 'bad_pow']]);
  });
});

describe('a person’s pop-up', () => {
  it('gets its lead stored, counted, queued for the webhook, and toward the goal', async () => {
    const c = await withWebhook({ kpis: { lead: '1' }, stop_at_goal: true });
    const v = visitor();
    const form = await openForm(send, clock, { code: c.code, visitor: v });
    const res = await send('POST', '/api/public/leads', {
      body: leadBody(c.code, v, 'person@mail.test', form),
      headers: PAGE_HEADERS,
    });
    expect(res).toEqual({ status: 200, body: { _status: 1 } });
    expect(await counts(c.id)).toMatchObject({
      status: CampaignStatus.Paused,
      total_lead: 1,
      leads: 1,
      deliveries: 1,
      spam: [],
    });
  });
});

describe('each signal alone bins an otherwise good lead, answered the same', () => {
  type Case = [
    string,
    string[],
    (form: Awaited<ReturnType<typeof openForm>>, v: string, code: string) => Promise<Record<string, unknown>>,
  ];
  const cases: Case[] = [
    ['no page view', ['no_page_view'], async (f) => ({ ...f, pv: undefined })],
    ['a forged page view', ['bad_page_view'], async (f) => ({ ...f, pv: `${f.pv.slice(0, -3)}AAA` })],
    [
      'another visitor’s page view',
      ['bad_page_view'],
      async (f, _v, code) => {
        const other = await openForm(send, clock, { code, visitor: visitor(), wait: 0 });
        return { ...f, pv: other.pv };
      },
    ],
    [
      'a page view in which the campaign was not shown',
      ['not_shown'],
      async (f, v) => {
        const other = await p.create();
        const shown = await openForm(send, clock, { code: other.code, visitor: v, wait: 0 });
        return { ...f, pv: shown.pv };
      },
    ],
    ['no proof of work', ['no_pow'], async (f) => ({ ...f, pow: undefined })],
    ['a wrong number', ['bad_pow'], async (f) => ({ ...f, pow: { ...f.pow, number: f.pow.number + 1 } })],
    [
      'another site’s challenge',
      ['bad_pow'],
      async (f) => ({ ...f, pow: { ...f.pow, salt: f.pow.salt.replace('s=1&', 's=2&') } }),
    ],
    ['a filled honeypot', ['honeypot'], async (f) => ({ ...f, hp: 'https://cheap-pills.example' })],
    ['a fill time under the least', ['too_fast'], async (f) => ({ ...f, fill_ms: 400 })],
    ['no fill time', ['too_fast'], async (f) => ({ ...f, fill_ms: undefined })],
  ];

  it.each(cases)('%s', async (_, reasons, change) => {
    const c = await withWebhook({ kpis: { lead: '1' }, stop_at_goal: true });
    const v = visitor();
    const form = await openForm(send, clock, { code: c.code, visitor: v });
    const body = leadBody(c.code, v, 'signal@mail.test', await change(form, v, c.code));
    const res = await send('POST', '/api/public/leads', { body, headers: PAGE_HEADERS });
    expect(res).toEqual({ status: 200, body: { _status: 1 } });
    const after = await counts(c.id);
    expect(after).toMatchObject({ status: CampaignStatus.Active, total_lead: 0, leads: 0, deliveries: 0 });
    expect(after.spam.map((s) => s.reasons)).toEqual([reasons]);
  });

  it('a challenge answered sooner than the least fill time, whatever fill time is claimed', async () => {
    const c = await withWebhook();
    const v = visitor();
    const form = await openForm(send, clock, { code: c.code, visitor: v, wait: 200 });
    await send('POST', '/api/public/leads', {
      body: leadBody(c.code, v, 'quick@mail.test', { ...form, fill_ms: 5000 }),
      headers: PAGE_HEADERS,
    });
    expect((await counts(c.id)).spam.map((s) => s.reasons)).toEqual([['too_fast']]);
  });

  it('an expired challenge (over an hour old), in a fresh page view', async () => {
    const c = await withWebhook();
    const v = visitor();
    const old = await openForm(send, clock, { code: c.code, visitor: v });
    clock.advance(61 * 60_000);
    const fresh = await openForm(send, clock, { code: c.code, visitor: v });
    await send('POST', '/api/public/leads', {
      body: leadBody(c.code, v, 'late@mail.test', { ...fresh, pow: old.pow }),
      headers: PAGE_HEADERS,
    });
    expect((await counts(c.id)).spam.map((s) => s.reasons)).toEqual([['expired_pow']]);
  });

  it('a proof of work replayed by a second lead, even in a page view of its own', async () => {
    const c = await withWebhook();
    const v = visitor();
    const first = await openForm(send, clock, { code: c.code, visitor: v });
    await send('POST', '/api/public/leads', {
      body: leadBody(c.code, v, 'first@mail.test', first),
      headers: PAGE_HEADERS,
    });
    const second = await openForm(send, clock, { code: c.code, visitor: v });
    const res = await send('POST', '/api/public/leads', {
      body: leadBody(c.code, v, 'again@mail.test', { ...second, pow: first.pow }),
      headers: PAGE_HEADERS,
    });
    expect(res).toEqual({ status: 200, body: { _status: 1 } });
    const after = await counts(c.id);
    expect(after).toMatchObject({ total_lead: 1, leads: 1, deliveries: 1 });
    expect(after.spam.map((s) => s.reasons)).toEqual([['replayed_pow']]);
  });

  it('a headless browser’s user agent (its impression counted nothing either)', async () => {
    const c = await withWebhook();
    const v = visitor();
    const headless = {
      ...PAGE_HEADERS,
      'user-agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36',
    };
    const form = await openForm(send, clock, { code: c.code, visitor: v, headers: headless });
    await send('POST', '/api/public/leads', {
      body: leadBody(c.code, v, 'headless@mail.test', form),
      headers: headless,
    });
    expect((await counts(c.id)).spam.map((s) => s.reasons)).toEqual([['not_shown', 'bot_agent']]);
  });

  it('still refuses bad input with its message, binning nothing', async () => {
    const c = await withWebhook();
    const res = await send('POST', '/api/public/leads', {
      body: leadBody(c.code, visitor(), 'not-an-email'),
      headers: {},
    });
    expect(res.status).toBe(422);
    expect((await counts(c.id)).spam).toEqual([]);
  });
});

describe('GET /api/public/sites/{id}/challenge', () => {
  it('hands each form its own challenge, never cached, refused to another site’s pages and past 60 a minute per address', async () => {
    const a = await t.call<never>('GET', '/api/public/sites/1/challenge', {
      headers: PAGE_HEADERS,
      remoteAddress: '10.44.0.1',
    });
    const b = await t.call<never>('GET', '/api/public/sites/1/challenge', {
      headers: PAGE_HEADERS,
      remoteAddress: '10.44.0.1',
    });
    expect(a.status).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(a.raw).pow.salt).not.toBe(JSON.parse(b.raw).pow.salt);
    expect(JSON.parse(a.raw).pow.salt).toMatch(/s=1&$/);
    expect(
      (await t.call('GET', '/api/public/sites/1/challenge', { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(403);
    expect((await t.call('GET', '/api/public/sites/999999/challenge', { headers: PAGE_HEADERS })).status).toBe(404);
    for (let i = 0; i < 58; i++)
      await t.call('GET', '/api/public/sites/1/challenge', { headers: PAGE_HEADERS, remoteAddress: '10.44.0.1' });
    const over = await t.call('GET', '/api/public/sites/1/challenge', {
      headers: PAGE_HEADERS,
      remoteAddress: '10.44.0.1',
    });
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});
