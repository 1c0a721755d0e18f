/**
 * Two server processes on one PostgreSQL (runs only with DATABASE_URL: `npm run test:pg`): the
 * scheduler runs in one, a change made through one is served by the other at once (NOTIFY), and
 * events and leads sent to both are each counted once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validCampaign } from '@lead/contract/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate } from '../database.js';
import { openForm, postLead } from './person.js';
import { startServer, WAIT_MS, type ServerProcess } from './server-process.js';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ORIGIN = 'https://bacsi-online.vn';

let a: ServerProcess;
let b: ServerProcess;
let token = '';
let dataDir = '';
let drop = async () => {};

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
    (await (await fetch(`${base}/api/public/sites/1/campaigns`, { headers: { origin: ORIGIN } })).json()) as {
      campaigns: Array<{ code: string }>;
    }
  ).campaigns.map((c) => c.code);
const health = async (base: string) =>
  (await (await fetch(`${base}/health`)).json()) as { ok: boolean; scheduler: { leader: boolean } };
const publicPost = (base: string, path: string, body: unknown) =>
  fetch(`${base}/api/public/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'user-agent': BROWSER },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lead-two-'));
  // A copy of the run's seeded demo data: both find it migrated and seeded.
  const copy = await copyTemplate('demo', dataDir);
  drop = copy.drop;
  const env = { DATABASE_URL: copy.databaseUrl, DEMO: '1', SCHEDULER: '1', SCHEDULER_INTERVAL: '1', DATA_DIR: dataDir };
  a = await startServer(env);
  b = await startServer(env);
  const login = await fetch(`${a.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
  });
  token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
}, 3 * WAIT_MS);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two processes on one PostgreSQL', () => {
  it('run the scheduler in one of them, and hand it over when that one stops', { timeout: 2 * WAIT_MS }, async () => {
    await expect
      .poll(
        async () =>
          [(await health(a.base)).scheduler.leader, (await health(b.base)).scheduler.leader].filter(Boolean).length,
        { timeout: WAIT_MS },
      )
      .toBe(1);
    const aLeads = (await health(a.base)).scheduler.leader;
    expect(a.output().includes('this process runs the campaign lifecycle scheduler')).toBe(aLeads);
    expect(b.output().includes('this process runs the campaign lifecycle scheduler')).toBe(!aLeads);
  });

  it(
    'serve a change made through one from the other at once, and count every event and lead once',
    { timeout: 4 * WAIT_MS },
    async () => {
      const clients = await admin(a.base, 'GET', 'clients?site_ids=1&assigned=1');
      const created = await admin(
        a.base,
        'POST',
        'campaign',
        validCampaign(clients.body._data.models[0].id, { name: 'Two processes' }),
      );
      expect(created.status).toBe(200);
      const { id, code } = created.body._data.model as { id: number; code: string };
      await expect.poll(() => served(b.base), { timeout: WAIT_MS }).toContain(code);
      // Deactivated through A: B stops serving it (B's copy was dropped by A's NOTIFY). The ceiling stays
      // under the 30 s after which B would read again anyway, so that only the NOTIFY can pass it.
      expect((await admin(a.base, 'PUT', `campaign/${id}?_status=1`, { status: -1 })).status).toBe(200);
      await expect.poll(() => served(b.base), { timeout: 20_000, interval: 100 }).not.toContain(code);
      expect((await admin(b.base, 'PUT', `campaign/${id}?_status=1`, { status: 1 })).status).toBe(200);
      await expect.poll(() => served(a.base), { timeout: WAIT_MS, interval: 100 }).toContain(code);

      const at = Date.now();
      const sends: Array<Promise<{ status: number }>> = [];
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
      // Each lead's challenge comes from one process and the lead goes to the other: both verify what either signed.
      for (let i = 0; i < 20; i++) {
        const [opened, base] = i % 2 ? [a.base, b.base] : [b.base, a.base];
        sends.push(
          openForm(base, code, `lead-visitor-${i}`, opened).then((person) =>
            postLead(base, {
              site_id: 1,
              code,
              visitor_id: `lead-visitor-${i}`,
              page_url: 'https://bacsi-online.vn/heart/a/',
              fields: { name: `Lead ${i}`, email: `lead${i}@example.vn` },
              ...person,
            }),
          ),
        );
      }
      const statuses = (await Promise.all(sends)).map((r) => r.status);
      expect(statuses.filter((s) => s === 202)).toHaveLength(60);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      const detail = await admin(b.base, 'GET', `campaign/${id}`);
      expect(detail.body._data.campaign).toMatchObject({
        total_impression: 80,
        total_click: 60,
        total_visitor: 35,
        total_submit: 20,
        total_lead: 20,
      });
      expect(detail.body._data.lead).toHaveLength(20);
    },
  );

  it('hands the scheduler over when its process stops', { timeout: 2 * WAIT_MS }, async () => {
    const [leader, other] = (await health(a.base)).scheduler.leader ? [a, b] : [b, a];
    expect(await leader.stop('SIGTERM')).toBe(0);
    await expect.poll(async () => (await health(other.base)).scheduler.leader, { timeout: WAIT_MS }).toBe(true);
  });
});
