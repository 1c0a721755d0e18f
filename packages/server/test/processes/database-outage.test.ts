/**
 * A database outage with EVENTS_URL set: a PostgreSQL cluster of the test's own (Debian's
 * binaries, run as the postgres user) is stopped while partner pages keep sending events, until
 * the server has seen the outage (its health, a batch it could not write) and taken 100 more; every
 * event that got a 202 is in the figures once it is back. Runs in `npm run test:pg`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validCampaign } from '@lead/contract/fixtures';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { copyTemplate } from '../database.js';
import { freePort, listening, outputTail, startServer, until, WAIT_MS, type ServerProcess } from './server-process.js';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const NATS = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let dir = '';
let pgPort = 0;
let broker: ChildProcess;
let lead: ServerProcess;

/** PostgreSQL refuses to run as root: its tools run as the postgres user. */
const asPostgres = (cmd: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args], { stdio: 'pipe' });
const pgCtl = (action: 'start' | 'stop') =>
  asPostgres('pg_ctl', [
    '-D',
    join(dir, 'pg'),
    '-l',
    join(dir, 'pg.log'),
    '-w',
    ...(action === 'start' ? ['-o', `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1`] : ['-m', 'fast']),
    action,
  ]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lead-outage-'));
  await chmod(dir, 0o777);
  pgPort = await freePort();
  asPostgres('initdb', ['-D', join(dir, 'pg'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  pgCtl('start');
  const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
  // The run's seeded demo data, carried over from the tests' server (a template copies only within one server).
  const copy = await copyTemplate('demo', dir);
  try {
    const dump = execFileSync(join(PG_BIN, 'pg_dump'), ['--no-owner', '-d', copy.databaseUrl], {
      maxBuffer: 512 * 1024 * 1024,
    });
    execFileSync(join(PG_BIN, 'psql'), ['-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl], {
      input: dump,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
  } finally {
    await copy.drop();
  }
  const natsPort = await freePort();
  broker = spawn(NATS, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(dir, 'nats')], {
    stdio: 'ignore',
  });
  await until(() => listening(natsPort), WAIT_MS, 'the broker');
  lead = await startServer({
    DATABASE_URL: databaseUrl,
    EVENTS_URL: `nats://127.0.0.1:${natsPort}`,
    DATA_DIR: join(dir, 'data'),
    DEMO: '1',
    SCHEDULER: '0',
    TRUST_PROXY: '1',
  });
}, 3 * WAIT_MS);

afterAll(async () => {
  await lead?.stop();
  broker?.kill('SIGKILL');
  try {
    pgCtl('stop');
  } catch {
    // Already stopped.
  }
  await rm(dir, { recursive: true, force: true });
});

describe('the database stopped under load, with EVENTS_URL', () => {
  it('loses no accepted event', { timeout: 8 * WAIT_MS }, async () => {
    // A failure says what the server said (it once stopped answering during the outage in CI).
    onTestFailed(() => console.error(`the server's output:\n${outputTail(lead)}`));
    const login = await fetch(`${lead.base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
    });
    const token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const clients = (await (
      await fetch(`${lead.base}/api/admin/clients?site_ids=1&assigned=1`, { headers: auth })
    ).json()) as {
      _data: { models: Array<{ id: number }> };
    };
    const created = await fetch(`${lead.base}/api/admin/campaign`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(validCampaign(clients._data.models[0]!.id, { name: 'Outage' })),
    });
    const { id, code } = ((await created.json()) as { _data: { model: { id: number; code: string } } })._data.model;
    // The campaigns are read once while the database is up; pages keep them during the outage.
    await fetch(`${lead.base}/api/public/sites/1/campaigns`);

    let accepted = 0;
    const statuses = new Map<number | 'shed', number>();
    let stop = false;
    const pages = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(`${lead.base}/api/public/events`, {
          method: 'POST',
          // Many visitors from many addresses, as partner traffic is: under the per-visitor and per-address limits.
          headers: {
            'content-type': 'application/json',
            origin: 'https://bacsi-online.vn',
            'user-agent': BROWSER,
            'x-forwarded-for': `10.${n}.${(i >> 8) & 255}.${i & 255}`,
          },
          // Each request a page view of its own, shown (an impression).
          body: JSON.stringify({
            site_id: 1,
            visitor_id: `outage-${n}-${i}`,
            events: [{ code, type: 'impression', at: Date.now() }],
          }),
        }).catch(() => null);
        // A request shed while the server's event loop was behind (503 "busy", issue #28) was not accepted: told apart from a 503 of the database.
        const kind = res?.status === 503 && /busy/.test(await res.text()) ? 'shed' : res?.status;
        if (kind !== undefined) statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
        if (res?.status === 202) accepted += 1;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const health = async () => ((await (await fetch(`${lead.base}/health`)).json()) as { database: string }).database;
    const load = [0, 1, 2, 3].map(pages);
    await expect.poll(() => accepted, { timeout: WAIT_MS }).toBeGreaterThanOrEqual(50);
    pgCtl('stop');
    const acceptedBefore = accepted;
    // Down long enough for the server to see it, for the broker's consumer to fail a batch, and for
    // 100 page views more: each wait ends as soon as it holds, however fast or slow the machine.
    await expect.poll(health, { timeout: WAIT_MS }).toBe('down');
    await expect
      .poll(() => lead.output(), { timeout: WAIT_MS })
      .toContain('events could not be written yet; they stay queued');
    await expect.poll(() => accepted - acceptedBefore, { timeout: WAIT_MS }).toBeGreaterThan(100);
    const acceptedDuring = accepted - acceptedBefore;
    pgCtl('start');
    await expect.poll(health, { timeout: WAIT_MS }).toBe('up');
    const acceptedBack = accepted;
    await expect.poll(() => accepted, { timeout: WAIT_MS }).toBeGreaterThanOrEqual(acceptedBack + 50);
    stop = true;
    await Promise.all(load);

    // Every page view's event was taken while the database was away.
    expect(acceptedDuring).toBeGreaterThan(100);
    expect([...statuses.keys()].filter((k) => k !== 'shed')).toEqual([202]);
    const impressions = async () => {
      const res = await fetch(`${lead.base}/api/admin/campaign/${id}`, { headers: auth });
      return res.status === 200
        ? ((await res.json()) as { _data: { campaign: { total_impression: number } } })._data.campaign.total_impression
        : -1;
    };
    await expect.poll(impressions, { timeout: WAIT_MS, interval: 500 }).toBe(accepted);
  });
});
