import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '@lead/contract';
import { startTestApp, type Response, type TestApp } from './helpers.js';

describe('GET /history', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('system@lead.test');
  });
  afterAll(() => t.close());

  it('pages newest first, 20 a page, with prev and next, and never counts every entry (issue #44): total_pages is the pages known so far', async () => {
    const total = await t.count('history');
    const pages = Math.ceil(total / 20);
    expect(pages).toBeGreaterThan(2);
    const first = await t.call('GET', '/api/admin/history', { token: admin });
    expect(first.status).toBe(200);
    // Page 1 knows of page 2, not of how many follow.
    expect(first.body._data).toMatchObject({ prev_page: null, next_page: 2, total_pages: 2, message: '' });
    expect(first.body._data.history).toHaveLength(20);
    const dates = first.body._data.history.map((h: { created_at: string }) => h.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.body._data.history[0]).toEqual({
      id: expect.any(Number),
      icon: expect.any(String),
      user: { first_name: expect.any(String), last_name: expect.any(String) },
      text: expect.any(String),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const second = await t.call('GET', '/api/admin/history?page=2', { token: admin });
    expect(second.body._data).toMatchObject({ prev_page: 1, next_page: 3, total_pages: 3 });
    const last = await t.call('GET', `/api/admin/history?page=${pages}`, { token: admin });
    expect(last.body._data).toMatchObject({ prev_page: pages - 1, next_page: null, total_pages: pages });
    expect(last.body._data.history.length).toBe(total - (pages - 1) * 20);
    // Following Next from the first page reads every entry once.
    const seen = new Set<number>();
    for (let page: number | null = 1; page !== null;) {
      const res: Response<HistoryPage> = await t.call('GET', `/api/admin/history?page=${page}`, { token: admin });
      for (const h of res.body._data.history) seen.add(h.id);
      page = res.body._data.next_page;
    }
    expect(seen.size).toBe(total);
  });

  it('reads the same entries by keyset (?before=, next_before) as by page number, entries of the same second included', async () => {
    // Entries that share their time: the id orders them.
    const at = (await t.database.db.selectFrom('history').select('created_at').orderBy('id').executeTakeFirstOrThrow())
      .created_at;
    await t.database.db
      .insertInto('history')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          user_id: 1,
          icon: 'update',
          text: `Same second ${i}`,
          created_at: at,
        })),
      )
      .execute();
    const byPage: number[] = [];
    for (let page: number | null = 1; page !== null;) {
      const res: Response<HistoryPage> = await t.call('GET', `/api/admin/history?page=${page}`, { token: admin });
      byPage.push(...res.body._data.history.map((h) => h.id));
      page = res.body._data.next_page;
    }
    const byKey: number[] = [];
    let pages = 0;
    for (let before: number | null | undefined; before !== null; pages++) {
      const res: Response<HistoryPage> = await t.call(
        'GET',
        `/api/admin/history${before === undefined ? '' : `?before=${before}`}`,
        { token: admin },
      );
      expect(res.status, res.raw).toBe(200);
      byKey.push(...res.body._data.history.map((h) => h.id));
      before = res.body._data.next_before;
      if (before !== null) expect(before).toBe(res.body._data.history.at(-1)!.id);
      // A keyset page has no number.
      if (pages > 0) expect(res.body._data).toMatchObject({ prev_page: null, next_page: null, total_pages: 0 });
    }
    expect(byKey).toEqual(byPage);
    expect(pages).toBe(Math.ceil(byPage.length / 20));
    // Before an entry that does not exist: nothing; not a positive number: 422.
    const none = await t.call('GET', '/api/admin/history?before=999999999', { token: admin });
    expect(none.body._data).toMatchObject({ history: [], next_before: null, message: 'There is no history yet.' });
    expect((await t.call('GET', '/api/admin/history?before=0', { token: admin })).status).toBe(422);
    expect((await t.call('GET', '/api/admin/history?before=abc', { token: admin })).status).toBe(422);
  });

  it('escapes every value in the HTML text', async () => {
    await t.call('POST', '/api/admin/clients', {
      token: admin,
      body: { name: '<img src=x onerror=alert(1)>', manager_id: 1, site_ids: [1] },
    });
    const entry = (await t.call('GET', '/api/admin/history', { token: admin })).body._data.history[0];
    expect(entry.text).toBe('Created client <b>&lt;img src=x onerror=alert(1)&gt;</b>.');
    expect(entry.user).toEqual({ first_name: 'Sam', last_name: 'System' });
  });

  it('shows a member only their own entries and those of their sites', async () => {
    const member = await t.login('member@lead.test');
    await t.call('POST', '/api/admin/clients', {
      token: admin,
      body: { name: 'Site five client', manager_id: 1, site_ids: [5] },
    });
    const texts = (await t.call('GET', '/api/admin/history', { token: member })).body._data.history.map(
      (h: { text: string }) => h.text,
    );
    expect(texts.join('\n')).not.toContain('Site five client');
    expect(texts.join('\n')).toContain('&lt;img');
  });

  it('answers 422 for a page that is not a positive number, and a message past the end', async () => {
    expect((await t.call('GET', '/api/admin/history?page=0', { token: admin })).status).toBe(422);
    expect((await t.call('GET', '/api/admin/history?page=abc', { token: admin })).status).toBe(422);
    const beyond = await t.call('GET', '/api/admin/history?page=999', { token: admin });
    expect(beyond.body._data).toMatchObject({ history: [], message: 'There is no history yet.', next_page: null });
  });
});

describe('GET /history on a new database', () => {
  it('says so with the server message', async () => {
    const t = await startTestApp({ demo: false });
    try {
      const token = await t.login('admin@lead.test');
      const res = await t.call('GET', '/api/admin/history', { token });
      expect(res.body._data).toEqual({
        history: [],
        message: 'There is no history yet.',
        prev_page: null,
        next_page: null,
        total_pages: 0,
        next_before: null,
      });
    } finally {
      await t.close();
    }
  });
});
