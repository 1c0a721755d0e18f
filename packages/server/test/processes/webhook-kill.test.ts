/**
 * The outbox holds when the process dies: leads are sent while their webhooks are in flight, the
 * server is killed with SIGKILL, started again on the same database, and every lead that got a
 * 200 reaches the receiver (an HTTP server in the test) at least once, under its one webhook-id.
 * Runs on PGlite (npm test) and on PostgreSQL (npm run test:pg).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validCampaign } from '@lead/contract/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate } from '../database.js';
import { Receiver } from '../webhook-receiver.js';
import { openForm, postLead } from './person.js';
import { startServer, WAIT_MS } from './server-process.js';

const serverUrl = process.env.DATABASE_URL;
let dataDir = '';
let env: Record<string, string> = {};
let drop = async () => {};
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.up();
  dataDir = await mkdtemp(join(tmpdir(), 'lead-hook-kill-'));
  const copy = await copyTemplate('demo', dataDir);
  drop = copy.drop;
  // A 1-second request limit makes the claim's lease 6 s: the restarted process takes the dead one's rows soon.
  env = {
    DATA_DIR: dataDir,
    DEMO: '1',
    SCHEDULER: '0',
    DATABASE_URL: copy.databaseUrl,
    DELIVERY_ALLOW_PRIVATE: '127.0.0.1',
    DELIVERY_TIMEOUT: '1',
  };
});

afterAll(async () => {
  await receiver.down();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`webhooks through SIGKILL (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'delivers every acknowledged lead at least once, each under one webhook-id',
    { timeout: 6 * WAIT_MS },
    async () => {
      const first = await startServer(env);
      const login = await fetch(`${first.base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
      });
      const token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const clients = (await (
        await fetch(`${first.base}/api/admin/clients?site_ids=1&assigned=1`, { headers: auth })
      ).json()) as {
        _data: { models: Array<{ id: number }> };
      };
      const client = clients._data.models[0]!.id;
      const created = await fetch(`${first.base}/api/admin/campaign`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(validCampaign(client, { name: 'Hook kill' })),
      });
      const { id, code } = ((await created.json()) as { _data: { model: { id: number; code: string } } })._data.model;
      const hook = await fetch(`${first.base}/api/admin/clients/${client}/destinations`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: 'Receiver',
          enabled: true,
          kind: 'webhook',
          campaign_ids: [id],
          url: receiver.url,
        }),
      });
      expect(hook.status).toBe(200);
      const destination = ((await hook.json()) as { _data: { model: { id: number } } })._data.model.id;

      const acknowledged: string[] = [];
      let stop = false;
      const stream = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const email = `h${n}-${i}@example.vn`;
          try {
            const visitor = `hook-kill-${n}-${Math.floor(i / 9)}`;
            const person = await openForm(first.base, code, visitor);
            const res = await postLead(first.base, {
              site_id: 1,
              code,
              visitor_id: visitor,
              page_url: 'https://bacsi-online.vn/heart/',
              fields: { name: 'K', email },
              ...person,
            });
            if (res.status === 200) acknowledged.push(email);
            else await res.text();
          } catch {
            // The server is gone: this one was never acknowledged.
          }
        }
      };
      const streams = Array.from({ length: 4 }, (_, n) => stream(n));
      // Killed once leads are flowing and some have reached the receiver: others are in flight or queued.
      await expect
        .poll(() => acknowledged.length >= 12 && receiver.received.length >= 3, { timeout: WAIT_MS, interval: 20 })
        .toBe(true);
      await first.stop('SIGKILL');
      stop = true;
      await Promise.all(streams);
      expect(first.child.signalCode).toBe('SIGKILL');

      const second = await startServer(env);
      const emailsReceived = () =>
        new Set(
          receiver.received.map(
            (r) =>
              (
                JSON.parse(r.body) as { data: { lead: { fields: { key: string; value: string }[] } } }
              ).data.lead.fields.find((f) => f.key === 'email')!.value,
          ),
        );
      await expect
        .poll(() => acknowledged.filter((e) => !emailsReceived().has(e)), { timeout: 2 * WAIT_MS, interval: 100 })
        .toEqual([]);
      expect(await second.stop('SIGTERM')).toBe(0);
      // Each lead came under its one id, lead_{lead}_{destination}; a repeat carries the same id.
      for (const r of receiver.received) {
        const lead = (JSON.parse(r.body) as { data: { lead: { id: number } } }).data.lead.id;
        expect(r.headers['webhook-id']).toBe(`lead_${lead}_${destination}`);
      }
    },
  );
});
