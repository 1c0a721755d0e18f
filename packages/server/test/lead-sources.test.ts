/**
 * Where leads come from (docs/runtime-audience.md): the source a pop-up sends with the batch that opens its
 * page view is kept with that page view, copied to the lead sent in it (and to a spam lead, kept on
 * release), written in the lead exports and in the webhook's body; bad values are refused.
 */
import { MIN_FILL_MS, solveChallenge, type VisitSource } from '@lead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvent } from '../src/delivery/payload.js';
import { CsvParser } from '../src/lib/csv.js';
import { powChallenges } from '../src/runtime/pow.js';
import { MovableClock, publicClient, type PublicClient } from './public-fixtures.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let p: PublicClient;
let leader: string;
beforeAll(async () => {
  t = await startTestApp({ now: new MovableClock().now });
  p = await publicClient(t);
  leader = await t.login('leader@lead.test');
});
afterAll(() => t.close());

const SOURCE: VisitSource = {
  referrer_host: 'www.google.com',
  utm_source: 'zalo',
  utm_medium: 'social',
  utm_campaign: 'tết 2027',
  utm_term: 'tim mạch',
  utm_content: 'banner-a',
  gclid: 'Cj0KCQ',
  fbclid: 'IwAR0x',
  ttclid: 'E.C.P.1',
};
const KEYS = Object.keys(SOURCE) as Array<keyof VisitSource>;

let n = 0;
/** A page view that shows campaign `code` (its impression), with `source`: its signed id and the visitor. */
async function pageView(code: string, source?: unknown, headers: Record<string, string> = {}) {
  n += 1;
  const visitor = `visitor-source-${n}`;
  const res = await p.post(
    'events',
    { site_id: 1, visitor_id: visitor, ...(source ? { source } : {}), events: [{ code, type: 'impression', at: 1 }] },
    headers,
    `10.77.0.${n}`,
  );
  return { res, visitor, pv: (res.body as { pv?: string }).pv };
}

/** A person's lead in page view `pv`: the challenge solved, the fill time a person takes. */
async function lead(code: string, visitor: string, pv: string | undefined, email: string) {
  const challenge = await (
    await powChallenges(t.database.db)
  ).issue(1, new Date(t.now().getTime() - MIN_FILL_MS - 1000));
  const res = await p.post(
    'leads',
    {
      site_id: 1,
      code,
      visitor_id: visitor,
      page_url: 'https://bacsi-online.vn/heart/a/?utm_source=zalo',
      fields: { name: 'Lan Nguyen', email },
      ...(pv ? { pv } : {}),
      pow: (await solveChallenge(challenge))!,
      fill_ms: MIN_FILL_MS + 1000,
    },
    {},
    `10.78.0.${n}`,
  );
  expect(res.status, res.raw).toBe(200);
}

const newest = (table: 'leads' | 'spam_leads') =>
  t.database.db.selectFrom(table).selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('the source of a page view and of its lead', () => {
  it('keeps the source with the page view that opens, and copies it to the lead sent in it', async () => {
    const c = await p.create();
    const { res, visitor, pv } = await pageView(c.code, SOURCE);
    expect(res.status, res.raw).toBe(202);
    const kept = await t.database.db
      .selectFrom('page_view_sources')
      .selectAll()
      .where('page_view', '=', pv!.split('.')[0]!)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ site_id: 1, ...SOURCE });

    await lead(c.code, visitor, pv, 'source@mail.test');
    const row = await newest('leads');
    expect(row.campaign_id).toBe(c.id);
    for (const k of KEYS) expect(row[k], k).toBe(SOURCE[k]);

    // The campaign's export, the Leads page's export and the webhook's body say the same.
    const csv = (raw: string) => {
      const parser = new CsvParser();
      return [...parser.push(raw), ...parser.end()].map((r) => r.fields);
    };
    const [header, first] = csv(
      (await t.call('GET', `/api/admin/campaign/leads/export?ids=${c.id}`, { token: leader })).raw,
    );
    expect(header!.slice(-9)).toEqual(['Referrer host', ...KEYS.slice(1)]);
    expect(first!.slice(-9)).toEqual(KEYS.map((k) => SOURCE[k]));
    const page = csv((await t.call('GET', `/api/admin/leads/export?campaign_ids=${c.id}`, { token: leader })).raw);
    expect(page[1]!.slice(-9)).toEqual(KEYS.map((k) => SOURCE[k]));
    const event = await leadEvent(t.database.db, Number(row.id));
    expect(event!.data.lead.source).toEqual(SOURCE);
  });

  it("erases a lead's click ids with its personal data, keeping its campaign tags and referring host", async () => {
    const c = await p.create();
    const { visitor, pv } = await pageView(c.code, SOURCE);
    await lead(c.code, visitor, pv, 'erase.source@mail.test');
    const erased = await t.call('POST', '/api/admin/leads/erasure', {
      token: leader,
      body: { email: 'erase.source@mail.test' },
    });
    expect(erased.status, erased.raw).toBe(200);
    const row = await newest('leads');
    expect(row.erased_at).not.toBeNull();
    expect(row).toMatchObject({
      gclid: null,
      fbclid: null,
      ttclid: null,
      utm_source: 'zalo',
      referrer_host: 'www.google.com',
    });
  });

  it('writes every source field as null in the webhook and empty cells in the export when the visit had none', async () => {
    const c = await p.create();
    const { visitor, pv } = await pageView(c.code);
    await lead(c.code, visitor, pv, 'nosource@mail.test');
    const row = await newest('leads');
    expect(KEYS.map((k) => row[k])).toEqual(KEYS.map(() => null));
    const event = await leadEvent(t.database.db, Number(row.id));
    expect(event!.data.lead.source).toEqual(Object.fromEntries(KEYS.map((k) => [k, null])));
  });

  it("keeps nothing of a bot's page view, and a lead without a page view has no source", async () => {
    const c = await p.create();
    const bot = await pageView(c.code, SOURCE, { 'user-agent': 'curl/8.0' });
    expect(bot.res.status).toBe(202);
    const none = await t.database.db
      .selectFrom('page_view_sources')
      .select('page_view')
      .where('page_view', '=', bot.pv!.split('.')[0]!)
      .execute();
    expect(none).toEqual([]);
  });

  it('keeps the source with a spam lead, and its release gives it to the lead', async () => {
    const c = await p.create();
    const { visitor, pv } = await pageView(c.code, { utm_source: 'zalo' });
    // Sent far too fast: the spam bin, with the page view's source.
    const res = await p.post(
      'leads',
      {
        site_id: 1,
        code: c.code,
        visitor_id: visitor,
        page_url: 'https://bacsi-online.vn/a/',
        fields: { name: 'Quick', email: 'q@x.test' },
        pv,
        fill_ms: 0,
      },
      {},
      `10.79.0.${n}`,
    );
    expect(res.status, res.raw).toBe(200);
    const spam = await newest('spam_leads');
    expect(spam).toMatchObject({ campaign_id: c.id, utm_source: 'zalo', referrer_host: null });
    const released = await t.call('POST', `/api/admin/campaign/${c.id}/spam/${spam.id}/release`, { token: leader });
    expect(released.status, released.raw).toBe(200);
    expect(await newest('leads')).toMatchObject({ campaign_id: c.id, utm_source: 'zalo', referrer_host: null });
  });

  it('refuses a source with an unknown field, a full referrer address, control characters or a too long value (422), counting nothing', async () => {
    const c = await p.create();
    for (const source of [
      { utm_id: 'x' },
      { referrer_host: 'https://google.com/search?q=me' },
      { referrer_host: 'google.com/path' },
      { utm_source: 'a\nb' },
      { utm_source: '' },
      { gclid: 'x'.repeat(201) },
      { referrer_host: 'a'.repeat(254) },
      'zalo',
    ]) {
      const { res } = await pageView(c.code, source);
      expect(res.status, JSON.stringify(source)).toBe(422);
      expect(res.body._messages?.[0], JSON.stringify(source)).toBeTruthy();
    }
    expect((await p.figures(c.id)).total_impression).toBe(0);
  });
});
