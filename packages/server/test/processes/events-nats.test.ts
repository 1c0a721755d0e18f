/**
 * Events through NATS JetStream (EVENTS_URL): a broker of the test's own (Debian's nats-server on
 * a free port, its own store) so that it can be stopped. Counted through the broker; with the
 * broker gone, the server says so in /health, keeps taking leads, writes events directly; with it
 * back, events go through it again. Runs on PGlite (npm test) and PostgreSQL (npm run test:pg).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validCampaign } from '@lead/contract/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate } from '../database.js';
import { openForm, postLead } from './person.js';
import { freePort, listening, startServer, until, WAIT_MS, type ServerProcess } from './server-process.js';

const NATS = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
const serverUrl = process.env.DATABASE_URL;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ORIGIN = 'https://bacsi-online.vn';

let dir = '';
let natsPort = 0;
let broker: ChildProcess | null = null;
let lead: ServerProcess;
let token = '';
let campaign = { id: 0, code: '' };
let drop = async () => {};

async function startBroker() {
  broker = spawn(NATS, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(dir, 'nats')], {
    stdio: 'ignore',
  });
  await until(() => listening(natsPort), WAIT_MS, 'the broker');
}
async function stopBroker() {
  const b = broker!;
  const exited = new Promise((r) => b.once('exit', r));
  b.kill('SIGKILL');
  await exited;
  broker = null;
}

const health = async () => (await (await fetch(`${lead.base}/health`)).json()) as { events: string };
const figures = async () => {
  const res = await fetch(`${lead.base}/api/admin/campaign/${campaign.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { _data: { campaign: Record<string, number> } })._data.campaign;
};
/** One page view: its impression and a click (two events, each counted once). */
const send = (visitor: string) =>
  fetch(`${lead.base}/api/public/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'user-agent': BROWSER },
    body: JSON.stringify({
      site_id: 1,
      visitor_id: visitor,
      events: [
        { code: campaign.code, type: 'impression', at: Date.now() },
        { code: campaign.code, type: 'click', at: Date.now() },
      ],
    }),
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lead-nats-'));
  natsPort = await freePort();
  await startBroker();
  // The run's seeded demo data: the server finds it migrated and seeded, and starts at once.
  const copy = await copyTemplate('demo', dir);
  drop = copy.drop;
  lead = await startServer({
    DATA_DIR: dir,
    DEMO: '1',
    SCHEDULER: '0',
    EVENTS_URL: `nats://127.0.0.1:${natsPort}`,
    DATABASE_URL: copy.databaseUrl,
  });
  const login = await fetch(`${lead.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
  });
  token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const clients = (await (
    await fetch(`${lead.base}/api/admin/clients?site_ids=1&assigned=1`, { headers: auth })
  ).json()) as {
    _data: { models: Array<{ id: number }> };
  };
  const created = await fetch(`${lead.base}/api/admin/campaign`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify(validCampaign(clients._data.models[0]!.id, { name: 'Through NATS' })),
  });
  campaign = ((await created.json()) as { _data: { model: { id: number; code: string } } })._data.model;
}, 3 * WAIT_MS);

afterAll(async () => {
  await lead?.stop();
  if (broker) await stopBroker();
  await drop();
  await rm(dir, { recursive: true, force: true });
});

describe(`events through NATS JetStream (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('are acknowledged once the broker has them, and counted once from it', { timeout: 3 * WAIT_MS }, async () => {
    await expect.poll(health, { timeout: WAIT_MS }).toMatchObject({ events: 'nats' });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => send(`nats-visitor-${i}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(202));
    await expect.poll(async () => (await figures()).total_click, { timeout: WAIT_MS }).toBe(30);
    const metrics = await (await fetch(`${lead.base}/metrics`)).text();
    expect(metrics).toMatch(/lead_events_written_total 60/);
    expect(metrics).toMatch(/lead_events_direct_fallback_total 0/);
    // Written by the broker's consumer: it measured how long the events waited there.
    expect(metrics).toMatch(/^lead_events_queue_lag_seconds (?!0$)\d/m);
  });

  it(
    'with the broker down: says so, keeps taking leads, writes events directly; with it back, goes through it again',
    { timeout: 5 * WAIT_MS },
    async () => {
      await stopBroker();
      await expect.poll(health, { timeout: WAIT_MS }).toMatchObject({ events: 'nats-down' });
      const during = await Promise.all(Array.from({ length: 10 }, (_, i) => send(`down-visitor-${i}`)));
      expect(during.map((r) => r.status)).toEqual(Array(10).fill(202));
      const leadAnswer = await postLead(lead.base, {
        site_id: 1,
        code: campaign.code,
        visitor_id: 'down-lead',
        page_url: 'https://bacsi-online.vn/heart/',
        fields: { name: 'Down', email: 'down@example.vn' },
        ...(await openForm(lead.base, campaign.code, 'down-lead')),
      });
      expect(leadAnswer.status).toBe(200);
      expect(await figures()).toMatchObject({ total_click: 40, total_lead: 1 });
      const metrics = await (await fetch(`${lead.base}/metrics`)).text();
      // The 20 events of the batches and the impression of the lead's form.
      expect(metrics).toMatch(/lead_events_direct_fallback_total 21/);
      expect(lead.output()).toContain('events broker unreachable');

      await startBroker();
      await expect.poll(health, { timeout: WAIT_MS }).toMatchObject({ events: 'nats' });
      const after = await Promise.all(Array.from({ length: 10 }, (_, i) => send(`back-visitor-${i}`)));
      expect(after.map((r) => r.status)).toEqual(Array(10).fill(202));
      await expect.poll(async () => (await figures()).total_click, { timeout: WAIT_MS }).toBe(50);
      expect(await (await fetch(`${lead.base}/metrics`)).text()).toMatch(/lead_events_direct_fallback_total 21/);
    },
  );
});
