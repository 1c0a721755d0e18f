/**
 * Two server processes on one PostgreSQL (runs only with DATABASE_URL: `npm run test:pg`): the
 * scheduler runs in one, a change made through one is served by the other at once (NOTIFY), and
 * events and leads sent to both are each counted once.
 */
import { randomBytes } from 'node:crypto';
import { validCampaign } from '@lead/contract/fixtures';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './server-process.js';

const serverUrl = process.env.DATABASE_URL!;
const name = `lead_two_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
})();
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ORIGIN = 'https://bacsi-online.vn';

let a: ServerProcess;
let b: ServerProcess;
let token = '';

const admin = async (base: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}/api/admin/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { _data: any } };
};
const served = async (base: string) =>
  (
    (await (await fetch(`${base}/api/public/sites/1/campaigns`, { headers: { origin: ORIGIN } })).json()) as { campaigns: Array<{ code: string }> }
  ).campaigns.map((c) => c.code);
const health = async (base: string) => (await (await fetch(`${base}/health`)).json()) as { ok: boolean; scheduler: { leader: boolean } };
const publicPost = (base: string, path: string, body: unknown) =>
  fetch(`${base}/api/public/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'user-agent': BROWSER },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const env = { DATABASE_URL: dbUrl, DEMO: '1', SCHEDULER: '1', SCHEDULER_INTERVAL: '1', DATA_DIR: `/tmp/${name}` };
  // The first migrates and seeds; the second finds both done.
  a = await startServer(env);
  b = await startServer(env);
  const login = await fetch(`${a.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
  });
  token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
}, 150_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
});

describe('two processes on one PostgreSQL', () => {
  it('run the scheduler in one of them, and hand it over when that one stops', async () => {
    await expect
      .poll(async () => [(await health(a.base)).scheduler.leader, (await health(b.base)).scheduler.leader].filter(Boolean).length, { timeout: 10_000 })
      .toBe(1);
    const aLeads = (await health(a.base)).scheduler.leader;
    expect(a.output().includes('this process runs the campaign lifecycle scheduler')).toBe(aLeads);
    expect(b.output().includes('this process runs the campaign lifecycle scheduler')).toBe(!aLeads);
  });

  it('serve a change made through one from the other at once, and count every event and lead once', async () => {
    const clients = await admin(a.base, 'GET', 'clients?site_ids=1&assigned=1');
    const created = await admin(a.base, 'POST', 'campaign', validCampaign(clients.body._data.models[0].id, { name: 'Two processes' }));
    expect(created.status).toBe(200);
    const { id, code } = created.body._data.model as { id: number; code: string };
    await expect.poll(() => served(b.base)).toContain(code);
    // Deactivated through A: B stops serving it (B's copy was dropped by A's NOTIFY, well within its 30 s).
    expect((await admin(a.base, 'PUT', `campaign/${id}?_status=1`, { status: -1 })).status).toBe(200);
    await expect.poll(() => served(b.base), { timeout: 3000, interval: 100 }).not.toContain(code);
    expect((await admin(b.base, 'PUT', `campaign/${id}?_status=1`, { status: 1 })).status).toBe(200);
    await expect.poll(() => served(a.base), { timeout: 3000, interval: 100 }).toContain(code);

    const at = Date.now();
    const sends: Array<Promise<Response>> = [];
    for (let i = 0; i < 60; i++) {
      const base = i % 2 ? b.base : a.base;
      sends.push(
        publicPost(base, 'events', {
          site_id: 1,
          visitor_id: `visitor-${i % 15}-two`,
          events: [
            { code, type: 'impression', at },
            { code, type: 'click', at },
          ],
        }),
      );
    }
    for (let i = 0; i < 20; i++) {
      const base = i % 2 ? b.base : a.base;
      sends.push(
        publicPost(base, 'leads', {
          site_id: 1,
          code,
          visitor_id: `lead-visitor-${i}`,
          page_url: 'https://bacsi-online.vn/heart/a/',
          fields: { name: `Lead ${i}`, email: `lead${i}@example.vn` },
        }),
      );
    }
    const statuses = (await Promise.all(sends)).map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(60);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    const detail = await admin(b.base, 'GET', `campaign/${id}`);
    expect(detail.body._data.campaign).toMatchObject({ total_impression: 60, total_click: 60, total_visitor: 15, total_submit: 20, total_lead: 20 });
    expect(detail.body._data.lead).toHaveLength(20);
  });

  it('hands the scheduler over when its process stops', async () => {
    const [leader, other] = (await health(a.base)).scheduler.leader ? [a, b] : [b, a];
    expect(await leader.stop('SIGTERM')).toBe(0);
    await expect.poll(async () => (await health(other.base)).scheduler.leader, { timeout: 10_000 }).toBe(true);
  });
});
