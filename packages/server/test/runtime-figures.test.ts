/**
 * Honest figures (issue #28): nobody can inflate a campaign's impressions, clicks or visitors.
 * A page view counts at most one impression per campaign; a click, close or bounce only after
 * that page view's impression; a replayed batch once; events from no page of the site nothing;
 * one address and one visitor open at most the page views a minute docs/runtime-people.md states.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_VIEWS_PER_ADDRESS, PAGE_VIEWS_PER_VISITOR } from '../src/routes/public/events.js';
import type { TestApp } from './helpers.js';
import { publicSession, type MovableClock, type PublicClient } from './public-fixtures.js';

let t: TestApp;
let p: PublicClient;
let clock: MovableClock;
beforeAll(async () => {
  ({ t, p, clock } = await publicSession());
});
afterAll(() => t.close());

const ev = (code: string, type: string, extra = {}) => ({ code, type, at: 1, ...extra });
const batch = (visitor: string, events: unknown[], pv?: string) => ({
  site_id: 1,
  visitor_id: visitor,
  ...(pv ? { pv } : {}),
  events,
});

describe('POST /api/public/events counts what a page view did, once', () => {
  it('counts one impression for a batch of 100, and gives the page view its signed id', async () => {
    const c = await p.create();
    const res = await p.post(
      'events',
      batch(
        'visitor-a100',
        Array.from({ length: 100 }, () => ev(c.code, 'impression')),
      ),
    );
    expect(res.status).toBe(202);
    expect((res.body as unknown as { pv: string }).pv).toMatch(/^[A-Za-z0-9_-]{16}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(await p.figures(c.id)).toMatchObject({ total_impression: 1, total_visitor: 1 });
  });

  it('counts no click, close or bounce without its page view impression (100 clicks count nothing)', async () => {
    const c = await p.create();
    const clicks = await p.post(
      'events',
      batch(
        'visitor-c100',
        Array.from({ length: 100 }, () => ev(c.code, 'click')),
      ),
    );
    expect(clicks.status).toBe(202);
    expect((clicks.body as unknown as { pv?: string }).pv).toBeUndefined();
    // A page view of another campaign: its impression does not let this one's clicks count.
    const other = await p.create();
    const open = await p.post('events', batch('visitor-c101', [ev(other.code, 'impression')]));
    const pv = (open.body as unknown as { pv: string }).pv;
    await p.post(
      'events',
      batch('visitor-c101', [ev(c.code, 'click'), ev(c.code, 'close', { open_ms: 100 }), ev(c.code, 'bounce')], pv),
    );
    expect(await p.figures(c.id)).toMatchObject({
      total_impression: 0,
      total_click: 0,
      total_habit_exit: 0,
      total_bounce: 0,
    });
    // After its impression, one of each.
    await p.post(
      'events',
      batch(
        'visitor-c101',
        [ev(other.code, 'click'), ev(other.code, 'click'), ev(other.code, 'close', { open_ms: 5000 })],
        pv,
      ),
    );
    expect(await p.figures(other.id)).toMatchObject({ total_impression: 1, total_click: 1, total_intentional_exit: 1 });
  });

  it('counts a repeated or replayed batch once, also when the copies arrive together', async () => {
    const c = await p.create();
    const open = await p.post('events', batch('visitor-r1', [ev(c.code, 'impression')]));
    const pv = (open.body as unknown as { pv: string }).pv;
    const again = batch('visitor-r1', [ev(c.code, 'impression'), ev(c.code, 'click'), ev(c.code, 'bounce')], pv);
    const answers = await Promise.all(Array.from({ length: 10 }, () => p.post('events', again)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(202));
    await p.post('events', again);
    expect(await p.figures(c.id)).toMatchObject({
      total_impression: 1,
      total_click: 1,
      total_bounce: 1,
      total_visitor: 1,
    });
  });

  it('answers events from no page of the site and counts nothing; a Referer of the site is a page', async () => {
    const c = await p.create();
    const body = batch('visitor-n1', [ev(c.code, 'impression')]);
    const none = await p.post('events', body, { origin: '' });
    expect(none.status).toBe(202);
    const elsewhere = await p.post('events', body, { origin: '', referer: 'https://evil.example/page' });
    expect(elsewhere.status).toBe(202);
    expect((await p.figures(c.id)).total_impression).toBe(0);
    const fromPage = await p.post('events', body, { origin: '', referer: 'https://bacsi-online.vn/heart/article-1/' });
    expect(fromPage.status).toBe(202);
    expect((await p.figures(c.id)).total_impression).toBe(1);
  });

  it('counts nothing under a page-view id it did not sign, of another visitor, or older than an hour', async () => {
    const c = await p.create();
    const open = await p.post('events', batch('visitor-s1', [ev(c.code, 'impression')]));
    const pv = (open.body as unknown as { pv: string }).pv;
    const [nonce, issued] = pv.split('.');
    const forged = `${nonce}.${issued}.${'A'.repeat(22)}`;
    expect((await p.post('events', batch('visitor-s1', [ev(c.code, 'click')], forged))).status).toBe(202);
    expect((await p.post('events', batch('visitor-s2', [ev(c.code, 'click')], pv))).status).toBe(202);
    expect((await p.figures(c.id)).total_click).toBe(0);
    clock.advance(61 * 60_000);
    try {
      expect((await p.post('events', batch('visitor-s1', [ev(c.code, 'click')], pv))).status).toBe(202);
      expect((await p.figures(c.id)).total_click).toBe(0);
    } finally {
      clock.reset();
    }
    expect((await p.post('events', batch('visitor-s1', [ev(c.code, 'click')], pv))).status).toBe(202);
    expect((await p.figures(c.id)).total_click).toBe(1);
  });
});

describe('the bounds per minute (docs/runtime-people.md)', () => {
  it(`one address opens at most ${PAGE_VIEWS_PER_ADDRESS} page views a minute, whatever visitor ids it makes up`, async () => {
    const c = await p.create();
    const statuses: number[] = [];
    for (let i = 0; i <= PAGE_VIEWS_PER_ADDRESS; i++) {
      const res = await p.post(
        'events',
        batch(`visitor-ip-${i}`, [ev(c.code, 'impression'), ev(c.code, 'click')]),
        {},
        '203.0.113.7',
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(PAGE_VIEWS_PER_ADDRESS);
    expect(statuses.at(-1)).toBe(429);
    expect(await p.figures(c.id)).toMatchObject({
      total_impression: PAGE_VIEWS_PER_ADDRESS,
      total_click: PAGE_VIEWS_PER_ADDRESS,
      total_visitor: PAGE_VIEWS_PER_ADDRESS,
    });
  });

  it('an IPv6 network counts as one address per /64', async () => {
    const c = await p.create();
    const statuses: number[] = [];
    for (let i = 0; i <= PAGE_VIEWS_PER_ADDRESS; i++) {
      const res = await p.post(
        'events',
        batch(`visitor-v6-${i}`, [ev(c.code, 'impression')]),
        {},
        `2001:db8:aa:bb:${i.toString(16)}::1`,
      );
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await p.figures(c.id)).total_impression).toBe(PAGE_VIEWS_PER_ADDRESS);
  });

  it(`one visitor opens at most ${PAGE_VIEWS_PER_VISITOR} page views a minute, from any addresses`, async () => {
    const c = await p.create();
    const statuses: number[] = [];
    for (let i = 0; i <= PAGE_VIEWS_PER_VISITOR; i++) {
      statuses.push(
        (await p.post('events', batch('visitor-busy', [ev(c.code, 'impression')]), {}, `198.51.100.${i + 1}`)).status,
      );
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(PAGE_VIEWS_PER_VISITOR);
    expect(statuses.at(-1)).toBe(429);
    expect(await p.figures(c.id)).toMatchObject({ total_impression: PAGE_VIEWS_PER_VISITOR, total_visitor: 1 });
  });
});

describe('bodies', () => {
  it('bounds each public route: events 16 KiB, leads 32 KiB, OTP 1 KiB (413 beyond, as JSON or a beacon)', async () => {
    const c = await p.create();
    const pad = (bytes: number) => 'x'.repeat(bytes);
    const cases: Array<[string, number]> = [
      ['events', 16 * 1024],
      ['leads', 32 * 1024],
      ['otp', 1024],
    ];
    for (const [path, limit] of cases) {
      const body = JSON.stringify({ site_id: 1, code: c.code, visitor_id: 'visitor-big', pad: pad(limit) });
      for (const type of ['application/json', 'text/plain']) {
        const res = await p.post(path, body, { 'content-type': type });
        expect(res.status, `${path} ${type}`).toBe(413);
      }
    }
  });
});

describe('visitor hashes', () => {
  it('are salted with a salt of the day from a secret in the database: one visitor hashes differently each day, never as a bare SHA-256', async () => {
    const { createHash } = await import('node:crypto');
    const c = await p.create();
    const hashes: string[] = [];
    try {
      for (const day of [0, 1]) {
        clock.reset();
        clock.advance(day * 24 * 3600_000);
        await p.post('events', batch('visitor-salted', [ev(c.code, 'impression')]), {}, `192.0.2.${day + 1}`);
        const row = await t.database.db
          .selectFrom('campaign_daily_visitors')
          .select('visitor')
          .where('campaign_id', '=', c.id)
          .where('day', '=', day ? '2026-11-22' : '2026-11-21')
          .executeTakeFirstOrThrow();
        hashes.push(String(row.visitor));
      }
    } finally {
      clock.reset();
    }
    expect(hashes[0]).not.toBe(hashes[1]);
    const bare = (
      createHash('sha256').update('visitor-salted').digest().readBigInt64BE(0) & 0x7fffffffffffffffn
    ).toString();
    expect(hashes).not.toContain(bare);
    const secret = await t.database.db
      .selectFrom('runtime_secrets')
      .select('secret')
      .where('name', '=', 'server')
      .executeTakeFirstOrThrow();
    expect(secret.secret.length).toBeGreaterThanOrEqual(40);
  });
});
