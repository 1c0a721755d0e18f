import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const fetched: string[] = [];
let cmsAnswer: () => Response = () => new Response('{}', { status: 500 });

beforeAll(async () => {
  // The partner CMS is another company's server: the one outside part faked here.
  const fakeFetch = (async (url: URL | string) => {
    fetched.push(String(url));
    return cmsAnswer();
  }) as typeof fetch;
  t = await startTestApp({ fetch: fakeFetch });
});
afterAll(() => t.close());

describe('GET /sites', () => {
  it('lists only the caller’s sites, each with its clients', async () => {
    const member = await t.login('member@lead.test');
    const res = await t.call('GET', '/api/admin/sites', { token: member });
    expect(res.status).toBe(200);
    expect(res.body._data.models.map((s: { id: number }) => s.id)).toEqual([1, 2]);
    const site = res.body._data.models[0];
    expect(site).toMatchObject({ id: 1, name: 'bacsi-online.vn', label: 'Bacsi Online', country_id: 'VN', flag: '🇻🇳' });
    expect(site.description).not.toBe('');
    expect(site.clients.length).toBeGreaterThan(0);
    expect(site.clients[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      site_ids: expect.arrayContaining([site.id]),
    });
  });

  it('gives admins their 12 sites, over all ten brands', async () => {
    const res = await t.call('GET', '/api/admin/sites', { token: await t.login('system@lead.test') });
    expect(res.body._data.models).toHaveLength(12);
    expect(new Set(res.body._data.models.map((s: { country_id: string }) => s.country_id))).toEqual(
      new Set(['VN', 'ID', 'TH', 'MY', 'TW', 'KH', 'MM', 'IN', 'PH', 'HHG']),
    );
  });
});

describe('GET /sites/{id}/sponsors', () => {
  it('answers the stored sponsors when the site has no CMS', async () => {
    const res = await t.call('GET', '/api/admin/sites/1/sponsors', { token: await t.login('member@lead.test') });
    expect(res.status).toBe(200);
    expect(res.body._data.models.length).toBeGreaterThanOrEqual(2);
    expect(res.body._data.models[0]).toEqual({ id: expect.any(Number), name: expect.stringContaining('Bacsi Online') });
    expect(fetched).toHaveLength(0);
  });

  it('answers 403 for a site the caller is not assigned to and 404 for an unknown one', async () => {
    const member = await t.login('member@lead.test');
    expect((await t.call('GET', '/api/admin/sites/3/sponsors', { token: member })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/sites/99/sponsors', { token: member })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/sites/abc/sponsors', { token: member })).status).toBe(422);
  });

  it('maps the CMS answer, caches it, and falls back to stored sponsors when the CMS fails', async () => {
    await t.database.db
      .updateTable('sites')
      .set({ cms_base: 'https://cms.example/wp' })
      .where('id', 'in', [2, 5])
      .execute();
    const token = await t.login('system@lead.test');
    cmsAnswer = () =>
      Response.json({
        data: {
          sponsors: [{ ID: 7, post_title: 'Clinic A' }, { ID: '8', post_title: 'Clinic B' }, { post_title: 'no id' }],
        },
      });
    const first = await t.call('GET', '/api/admin/sites/2/sponsors', { token });
    expect(first.body._data.models).toEqual([
      { id: 7, name: 'Clinic A' },
      { id: 8, name: 'Clinic B' },
    ]);
    expect(fetched).toEqual(['https://cms.example/wp/api/sponsors?per_page=100']);
    await t.call('GET', '/api/admin/sites/2/sponsors', { token });
    expect(fetched).toHaveLength(1);

    cmsAnswer = () => new Response('oops', { status: 502 });
    const fallback = await t.call('GET', '/api/admin/sites/5/sponsors', { token });
    expect(fallback.status).toBe(200);
    expect(fallback.body._data.models[0].name).toContain('Sukhapap');
  });
});
