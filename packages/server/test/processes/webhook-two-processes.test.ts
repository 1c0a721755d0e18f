/**
 * Two server processes on one PostgreSQL share the webhook outbox (runs only with DATABASE_URL:
 * `npm run test:pg`): leads sent to both, both workers claiming (FOR UPDATE SKIP LOCKED), and under
 * normal running every lead reaches the receiver (an HTTP server in the test) exactly once.
 * Two processes rarely claim in the same instant here, so this passes even without SKIP LOCKED:
 * test/delivery-claim.test.ts is what holds one claim open while another runs, and fails then.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validCampaign } from '@lead/contract/fixtures';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate } from '../database.js';
import { Receiver } from '../webhook-receiver.js';
import { openForm, postLead } from './person.js';
import { startServer, WAIT_MS, type ServerProcess } from './server-process.js';

const receiver = new Receiver();
let a: ServerProcess;
let b: ServerProcess;
let dataDir = '';
let databaseUrl = '';
let drop = async () => {};

beforeAll(async () => {
  await receiver.up();
  dataDir = await mkdtemp(join(tmpdir(), 'lead-hook-two-'));
  const copy = await copyTemplate('demo', dataDir);
  drop = copy.drop;
  databaseUrl = copy.databaseUrl;
  const env = {
    DATABASE_URL: databaseUrl,
    DEMO: '1',
    SCHEDULER: '0',
    DATA_DIR: dataDir,
    DELIVERY_ALLOW_PRIVATE: '127.0.0.1',
  };
  a = await startServer(env);
  b = await startServer(env);
});

afterAll(async () => {
  await a?.stop('SIGTERM');
  await b?.stop('SIGTERM');
  await receiver.down();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('webhooks from two processes on one PostgreSQL', () => {
  it(
    'delivers each lead once, whichever process took it and whichever worker claimed it',
    { timeout: 4 * WAIT_MS },
    async () => {
      const login = await fetch(`${a.base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
      });
      const token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const clients = (await (
        await fetch(`${a.base}/api/admin/clients?site_ids=1&assigned=1`, { headers: auth })
      ).json()) as {
        _data: { models: Array<{ id: number }> };
      };
      const client = clients._data.models[0]!.id;
      const created = await fetch(`${a.base}/api/admin/campaign`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(validCampaign(client, { name: 'Hook two' })),
      });
      const { id, code } = ((await created.json()) as { _data: { model: { id: number; code: string } } })._data.model;
      const hook = await fetch(`${a.base}/api/admin/clients/${client}/destinations`, {
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

      // 40 leads, every other one to each process, four at a time.
      const sent: string[] = [];
      const send = async (i: number) => {
        const base = i % 2 ? b.base : a.base;
        const email = `two-${i}@example.vn`;
        const person = await openForm(base, code, `hook-two-${i}`);
        const res = await postLead(base, {
          site_id: 1,
          code,
          visitor_id: `hook-two-${i}`,
          page_url: 'https://bacsi-online.vn/heart/',
          fields: { name: 'T', email },
          ...person,
        });
        expect(res.status, await res.text()).toBe(200);
        sent.push(email);
      };
      for (let i = 0; i < 40; i += 4) await Promise.all([i, i + 1, i + 2, i + 3].map(send));

      // Every delivery settled as delivered (both workers idle on it), then: each lead once.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const open = async () =>
          Number(
            (
              await db.query('SELECT count(*) AS n FROM deliveries WHERE destination_id = $1 AND state <> $2', [
                destination,
                'delivered',
              ])
            ).rows[0].n,
          );
        await expect.poll(open, { timeout: WAIT_MS, interval: 100 }).toBe(0);
        const delivered = Number(
          (await db.query('SELECT count(*) AS n FROM deliveries WHERE destination_id = $1', [destination])).rows[0].n,
        );
        expect(delivered).toBe(40);
      } finally {
        await db.end();
      }
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      const emails = receiver.received.map(
        (r) =>
          (
            JSON.parse(r.body) as { data: { lead: { fields: { key: string; value: string }[] } } }
          ).data.lead.fields.find((f) => f.key === 'email')!.value,
      );
      expect(emails.sort()).toEqual([...sent].sort());
    },
  );
});
