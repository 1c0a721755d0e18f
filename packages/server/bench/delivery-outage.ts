/**
 * bench:delivery's outage phase: a receiver down for `minutes` of simulated time while `leads`
 * leads arrive, evenly spread, then back; how long the backlog takes to empty and what draining it
 * costs. Ten minutes are not waited for: the server runs in this process on a clock the bench
 * moves (buildApp's `now`, as the tests do), and its webhook worker's rounds are run by hand
 * (`app.delivery.runOnce()`, what the worker's loop runs) until nothing is due. Posts are real
 * HTTP to a receiver here; the database is PGlite or a scratch PostgreSQL database, with a small
 * demo seed (the phase needs one client and campaign, not the demo's volume).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validCampaign } from '@lead/contract/fixtures';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectPGlite, connectPostgres } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { PROBE_EVERY_MS } from '../src/delivery/schedule.js';
import { seed } from '../src/seed/index.js';
import { scratchDatabase } from './scratch-database.js';

const ORIGIN = 'https://bacsi-online.vn';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

export interface OutageOptions {
  db: 'pglite' | 'postgres';
  /** Simulated minutes the receiver is down. */
  minutes: number;
  /** Leads that arrive while it is down. */
  leads: number;
}

/** The rows of bench:delivery's table for the outage. */
export async function outageDrain(o: OutageOptions): Promise<string[][]> {
  let clockMs = Date.now();
  const now = () => new Date(clockMs);

  // The receiver: 503 while down; when each lead (by e-mail) first arrived, in simulated time.
  let down = false;
  const arrived = new Map<string, number>();
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (down) return void res.writeHead(503).end('down for the benchmark');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { lead: { fields: Array<{ key: string; value: string }> } };
      };
      const email = body.data.lead.fields.find((f) => f.key === 'email')!.value;
      if (!arrived.has(email)) arrived.set(email, clockMs);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`;

  const dataDir = await mkdtemp(join(tmpdir(), 'lead-bench-outage-'));
  let dropDb = async () => {};
  let url = '';
  if (o.db === 'postgres') ({ url, drop: dropDb } = await scratchDatabase(`lead_bench_outage_${process.pid}`));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DEMO: '1',
      SCHEDULER: '0',
      NODE_ENV: 'production',
      APP_ENV: 'development',
      LOG_LEVEL: 'warn',
      DELIVERY_ALLOW_PRIVATE: '127.0.0.1',
    },
    // The worker's loop stays off: the bench runs its rounds, between moves of the clock.
    { deliveryWorker: false, maxConnectionsPerAddress: 0, shedEventLoopDelayMs: 0 },
  );
  const database = url ? await connectPostgres(url) : await connectPGlite(null);
  await migrate(database);
  await seed(database, { demo: true, campaigns: 4, bigLeadCampaign: 0, passwordHash: config.passwordHash });
  const app = await buildApp({ config, database, closeDatabase: true, now, logger: false });
  await app.ready();
  try {
    const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> => {
      const res = await app.inject({
        method,
        url: `/api/admin/${path}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body ? { payload: body as object } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
      return (res.json() as { _data: T })._data;
    };
    const token = (
      await call<{ access_token: string }>('POST', 'login', { email: 'system@lead.test', password: 'Password123!' })
    ).access_token;
    const client = (
      await call<{ model: { id: number } }>(
        'POST',
        'clients',
        { name: 'Bench outage', manager_id: 1, site_ids: [1] },
        token,
      )
    ).model.id;
    const { code } = (
      await call<{ model: { code: string } }>(
        'POST',
        'campaign',
        validCampaign(client, { name: 'Bench outage' }),
        token,
      )
    ).model;
    const destination = (
      await call<{ model: { id: number } }>(
        'POST',
        `clients/${client}/destinations`,
        { name: 'Bench receiver', enabled: true, kind: 'webhook', campaign_ids: null, url: hookUrl },
        token,
      )
    ).model.id;

    let rounds = 0;
    let failed = 0;
    /** The worker's rounds until nothing is due at the clock's time; answers how many deliveries were tried. */
    const settle = async () => {
      let tried = 0;
      for (;;) {
        const n = await app.delivery.runOnce();
        rounds += 1;
        if (n === 0) return tried;
        tried += n;
      }
    };
    /**
     * Moves the clock from one thing due to the next (a retry, or a paused destination's probe),
     * running the worker's rounds at each, up to `until` (the clock is then there) or, without
     * it, until nothing is left to deliver. Answers the real milliseconds the rounds took.
     */
    const runUntil = async (until = Infinity) => {
      let worked = 0;
      for (;;) {
        const next = await app.db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.min('next_attempt_at').as('at'))
          .where('destination_id', '=', destination)
          .where('state', 'in', ['pending', 'retrying'])
          .executeTakeFirst();
        const dest = await app.db
          .selectFrom('destinations')
          .select(['state', 'last_failure_at'])
          .where('id', '=', destination)
          .executeTakeFirstOrThrow();
        const probe =
          dest.state === 'paused' && dest.last_failure_at
            ? new Date(dest.last_failure_at).getTime() + PROBE_EVERY_MS
            : Infinity;
        const due = next?.at ? Math.min(new Date(next.at).getTime(), probe) : Infinity;
        if (due > until || due === Infinity) break;
        clockMs = Math.max(clockMs, due);
        const t0 = performance.now();
        failed += await settle();
        worked += performance.now() - t0;
      }
      if (until !== Infinity) clockMs = Math.max(clockMs, until);
      return worked;
    };
    const lead = async (i: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/public/leads',
        remoteAddress: `10.77.${(i >> 8) & 255}.${i & 255}`,
        headers: { origin: ORIGIN, 'user-agent': BROWSER },
        payload: {
          site_id: 1,
          code,
          visitor_id: `bench-outage-${i}`,
          page_url: `${ORIGIN}/outage/`,
          fields: { name: 'O', email: `outage-${i}@bench.test` },
        },
      });
      if (res.statusCode !== 200) throw new Error(`POST /leads: ${res.statusCode} ${res.body}`);
    };

    // The outage: a lead every minutes/leads of simulated time, each tried at once and retried on
    // its schedule (5 s, 5 min, 30 min…) while the receiver answers 503.
    down = true;
    const start = clockMs;
    const outageMs = o.minutes * 60_000;
    for (let i = 0; i < o.leads; i++) {
      await runUntil(start + Math.round((i * outageMs) / o.leads));
      await lead(i);
      failed += await settle();
    }
    await runUntil(start + outageMs);
    const failedInOutage = failed;

    // The receiver is back. Nobody replays: each lead goes at its own next attempt. The clock
    // jumps to the next thing due (a retry, or a paused destination's probe) until none is left.
    down = false;
    const recovered = clockMs;
    const drainStarted = rounds;
    const worked = await runUntil();
    const drainRounds = rounds - drainStarted;
    // Simulated time stands still while the rounds run: the time to empty is the simulated wait
    // (for retries to fall due) plus the real time of the rounds that sent the backlog.
    const waits = [...arrived.values()].map((at) => at - recovered).sort((a, b) => a - b);
    const backlog = arrived.size;
    if (backlog !== o.leads) throw new Error(`${o.leads} leads sent, ${backlog} arrived`);
    const empty = (waits.at(-1) ?? 0) + worked;
    const span = (ms: number) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : minutes(ms));
    return [
      [
        `receiver down ${o.minutes} min (simulated clock) while ${o.leads} leads arrive, then back; no replay`,
        `empty ${span(empty)} after it is back`,
        '',
        `${failedInOutage} failed attempts during the outage; the first lead through ${span(waits[0] ?? 0)} after it is back (the earliest retry); each lead's wait (simulated): p50 ${span(quantile(waits, 0.5))}, p95 ${span(quantile(waits, 0.95))}, max ${span(waits.at(-1) ?? 0)}`,
      ],
      [
        'drain rate after that outage',
        `${Math.round(backlog / (worked / 1000))} leads/s`,
        '',
        `${backlog} leads in ${drainRounds} worker rounds, ${(worked / 1000).toFixed(1)} s of real time`,
      ],
    ];
  } finally {
    await app.close();
    receiver.close();
    await dropDb();
    await rm(dataDir, { recursive: true, force: true });
  }
}
