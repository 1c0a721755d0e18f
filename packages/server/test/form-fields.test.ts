/**
 * Where visitors give up (issue #46, docs/decisions/0009): the pop-up's `start` and `leave` events
 * name a form field by its block's index, never what was typed. A page view counts one start after
 * its impression and one leave after its start, per campaign; the figures are summed per field.
 * The shared valid campaign's form: 0 Title, 1 name (Text), 2 email (Email), 3 Submit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_VIEWS_PER_ADDRESS } from '../src/routes/public/events.js';
import type { TestApp } from './helpers.js';
import { publicSession, type MovableClock, type PublicClient } from './public-fixtures.js';

let t: TestApp;
let p: PublicClient;
let clock: MovableClock;
let leader: string;
beforeAll(async () => {
  ({ t, p, clock } = await publicSession());
  leader = await t.login('leader@lead.test');
});
afterAll(() => t.close());

const ev = (code: string, type: string, extra = {}) => ({ code, type, at: 1, ...extra });
const batch = (visitor: string, events: unknown[], pv?: string) => ({
  site_id: 1,
  visitor_id: visitor,
  ...(pv ? { pv } : {}),
  events,
});
/** Opens a page view of `code` (its impression): its signed id. */
const open = async (visitor: string, code: string): Promise<string> => {
  const res = await p.post('events', batch(visitor, [ev(code, 'impression')]));
  return (res.body as unknown as { pv: string }).pv;
};
/** The campaign's figures as the admin reads them (GET /api/admin/campaign/{id}/fields). */
const figures = async (id: number) => {
  const res = await t.call('GET', `/api/admin/campaign/${id}/fields`, { token: leader });
  expect(res.status).toBe(200);
  return res.body;
};

describe('POST /api/public/events: a form started and left unsent, per field', () => {
  it('counts one start at the first field and one leave at the last field reached, once per page view', async () => {
    const c = await p.create();
    const pv = await open('visitor-f1', c.code);
    const started = await p.post('events', batch('visitor-f1', [ev(c.code, 'start', { field: 1 })], pv));
    expect(started.status).toBe(202);
    const left = [ev(c.code, 'close', { open_ms: 9000 }), ev(c.code, 'leave', { field: 2 })];
    await p.post('events', batch('visitor-f1', left, pv));
    // A replayed batch, and a second start or leave of the page view, count nothing more.
    await p.post('events', batch('visitor-f1', left, pv));
    await p.post(
      'events',
      batch('visitor-f1', [ev(c.code, 'start', { field: 2 }), ev(c.code, 'leave', { field: 1 })], pv),
    );
    expect((await figures(c.id))._data).toEqual({
      started: 1,
      fields: [
        { field: 1, started: 1, dropped: 0 },
        { field: 2, started: 0, dropped: 1 },
      ],
    });
    // The other figures are as before: one impression, one intentional exit.
    expect(await p.figures(c.id)).toMatchObject({ total_impression: 1, total_intentional_exit: 1, total_bounce: 0 });
  });

  it('counts a start, close and leave sent together with the impression (a pop-up closed within a second)', async () => {
    const c = await p.create();
    const res = await p.post(
      'events',
      batch('visitor-f2', [
        ev(c.code, 'impression'),
        ev(c.code, 'start', { field: 2 }),
        ev(c.code, 'close', { open_ms: 800 }),
        ev(c.code, 'leave', { field: 2 }),
      ]),
    );
    expect(res.status).toBe(202);
    expect((await figures(c.id))._data).toEqual({ started: 1, fields: [{ field: 2, started: 1, dropped: 1 }] });
  });

  it('counts no start without its impression, and no leave without its start', async () => {
    const c = await p.create();
    await p.post('events', batch('visitor-f3', [ev(c.code, 'start', { field: 1 })]));
    const pv = await open('visitor-f3', c.code);
    await p.post('events', batch('visitor-f3', [ev(c.code, 'leave', { field: 1 })], pv));
    expect((await figures(c.id))._data).toEqual({ started: 0, fields: [] });
  });

  it('counts nothing for a field that is not one of the form’s fields (a title, a button, past the end)', async () => {
    const c = await p.create();
    for (const [i, field] of [0, 3, 99].entries()) {
      const visitor = `visitor-f4${i}`;
      const pv = await open(visitor, c.code);
      const res = await p.post('events', batch(visitor, [ev(c.code, 'start', { field })], pv));
      expect(res.status).toBe(202);
    }
    expect((await figures(c.id))._data).toEqual({ started: 0, fields: [] });
  });

  it('adds the days up: each day has its own rows', async () => {
    const c = await p.create();
    try {
      for (const visitor of ['visitor-f5a', 'visitor-f5b']) {
        const pv = await open(visitor, c.code);
        await p.post(
          'events',
          batch(
            visitor,
            [ev(c.code, 'start', { field: 1 }), ev(c.code, 'bounce'), ev(c.code, 'leave', { field: 1 })],
            pv,
          ),
        );
        clock.advance(86_400_000);
      }
    } finally {
      clock.reset();
    }
    expect(await t.count('campaign_daily_fields')).toBeGreaterThanOrEqual(2);
    expect((await figures(c.id))._data).toEqual({ started: 2, fields: [{ field: 1, started: 2, dropped: 2 }] });
  });

  it('refuses with 422 a start or leave without its field, a field on another event, and a bad or typed field', async () => {
    const c = await p.create();
    const bad = [
      ev(c.code, 'start'),
      ev(c.code, 'leave'),
      ev(c.code, 'close', { field: 1 }),
      ev(c.code, 'start', { field: -1 }),
      ev(c.code, 'start', { field: 100 }),
      ev(c.code, 'start', { field: 1.5 }),
      ev(c.code, 'start', { field: '1' }),
      ev(c.code, 'leave', { field: 'name' }),
      // Nothing typed has a place: an event's value is an unknown field.
      ev(c.code, 'leave', { field: 1, value: 'Nguyen Van A' }),
    ];
    for (const e of bad) {
      const res = await p.post('events', batch('visitor-f6', [ev(c.code, 'impression'), e]));
      expect(res.status, JSON.stringify(e)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).join(), JSON.stringify(e)).toMatch(/^events\.1/);
    }
    expect(await p.figures(c.id)).toMatchObject({ total_impression: 0 });
  });
});

describe('the bound per minute (docs/runtime-people.md)', () => {
  it(`one address adds at most ${PAGE_VIEWS_PER_ADDRESS} starts and leaves a minute, whatever visitor ids it makes up`, async () => {
    const c = await p.create();
    const statuses: number[] = [];
    for (let i = 0; i <= PAGE_VIEWS_PER_ADDRESS; i++) {
      const events = [ev(c.code, 'impression'), ev(c.code, 'start', { field: 1 }), ev(c.code, 'leave', { field: 2 })];
      statuses.push((await p.post('events', batch(`visitor-fb-${i}`, events), {}, '203.0.113.46')).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await figures(c.id))._data).toEqual({
      started: PAGE_VIEWS_PER_ADDRESS,
      fields: [
        { field: 1, started: PAGE_VIEWS_PER_ADDRESS, dropped: 0 },
        { field: 2, started: 0, dropped: PAGE_VIEWS_PER_ADDRESS },
      ],
    });
  });
});

describe('hostile input in a start or leave', () => {
  // The public routes check their bodies in the handler (hostile.test.ts walks the schemas Fastify holds).
  const HOSTILE = [
    '99999999999999999999',
    '-1e400',
    '1e400',
    '2147483648',
    '"Infinity"',
    '"NaN"',
    '"\\u0000"',
    '"\\ud800"',
    'null',
    'true',
    '{}',
    '[]',
    '[1]',
    '{"__proto__":{"polluted":1}}',
    JSON.stringify('x'.repeat(20_000)),
  ];
  it('answers 4xx (never 5xx) and counts nothing, whatever stands in the field or the type', async () => {
    const c = await p.create();
    for (const value of HOSTILE) {
      for (const template of [
        `{"code":"${c.code}","type":"start","at":1,"field":VALUE}`,
        `{"code":"${c.code}","type":VALUE,"at":1,"field":1}`,
      ]) {
        const raw = `{"site_id":1,"visitor_id":"visitor-h1","events":[{"code":"${c.code}","type":"impression","at":1},${template.replace('VALUE', value)}]}`;
        const res = await p.post('events', JSON.parse(raw) as unknown);
        expect(res.status, raw.slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(res.status, raw.slice(0, 200)).toBeLessThan(500);
      }
    }
    expect((await figures(c.id))._data).toEqual({ started: 0, fields: [] });
    expect(await p.figures(c.id)).toMatchObject({ total_impression: 0 });
  });
});

describe('GET /api/admin/campaign/{id}/fields', () => {
  it('is the campaign’s, for whoever sees it: another site’s staff get no figures', async () => {
    const c = await p.create();
    const limited = await t.login('limited@lead.test');
    const res = await t.call('GET', `/api/admin/campaign/${c.id}/fields`, { token: limited });
    expect([403, 404]).toContain(res.status);
    expect((await t.call('GET', '/api/admin/campaign/2147483647/fields', { token: leader })).status).toBe(404);
  });
});
