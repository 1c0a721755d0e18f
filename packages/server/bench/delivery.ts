/**
 * npm run bench:delivery: leads delivered to a client's webhook, over real HTTP, on this machine.
 *
 *   --db=pglite|postgres (pglite)   --leads=200   --streams=4 (visitors sending at once)   --backlog=200
 *   --outage-minutes=10   --outage-leads=300   --outage-only (phase 4 alone)
 *
 * Starts the Lead server (src/main.ts, its own process, demo data, the webhook worker on) and a
 * receiver (an HTTP server in this process, answering 204), then measures:
 *  1. POST /api/public/leads without any destination (the lead's own latency, the baseline);
 *  2. the same with a webhook destination: the lead's own latency again (the outbox row is written
 *     in its transaction), leads per second delivered, and the time from the lead's answer (its
 *     commit) to its arrival at the receiver, p50/p95/p99;
 *  3. a backlog: the receiver answers 503 while `--backlog` leads arrive (each is then waiting for
 *     its retry), comes back, and staff replay the campaign's leads (POST /deliveries/replay): the
 *     rate at which the backlog drains. (Left alone, each would go at its own retry time: 5 s,
 *     then 5 min, 30 min…, docs/decisions/0005-lead-delivery-outbox.md.)
 *  4. an outage: the receiver down `--outage-minutes` while `--outage-leads` leads arrive, then
 *     back, nobody replaying: the time to empty the backlog and its drain rate. Simulated on a
 *     clock the bench moves, with the server in this process (bench/delivery-outage.ts).
 * Prints one table (docs/performance.md, "Lead delivery").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as netServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { validCampaign } from '@lead/contract/fixtures';
import { outageDrain } from './delivery-outage.js';
import { scratchDatabase } from './scratch-database.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    leads: { type: 'string', default: '200' },
    streams: { type: 'string', default: '4' },
    backlog: { type: 'string', default: '200' },
    'outage-minutes': { type: 'string', default: '10' },
    'outage-leads': { type: 'string', default: '300' },
    'outage-only': { type: 'boolean', default: false },
  },
});
const LEADS = Number(values.leads);
const STREAMS = Number(values.streams);
const BACKLOG = Number(values.backlog);
const root = join(import.meta.dirname, '..');
const ORIGIN = 'https://bacsi-online.vn';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

function startLead(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${out}`)), 300_000);
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes('Lead is running')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
}

/** The receiver: when each lead (by its e-mail) arrived, and how many times; 503 while `down`. */
class Receiver {
  arrived = new Map<string, number>();
  posts = 0;
  down = false;
  server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.posts += 1;
      if (this.down) return void res.writeHead(503).end('down for the benchmark');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        data: { lead: { fields: Array<{ key: string; value: string }> } };
      };
      const email = body.data.lead.fields.find((f) => f.key === 'email')!.value;
      if (!this.arrived.has(email)) this.arrived.set(email, performance.now());
      res.writeHead(204).end();
    });
  });
}

/** CPU milliseconds (user and system) the process has used: Linux's /proc, else NaN. */
const cpuMs = (pid: number | undefined): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
};
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const waitFor = async (check: () => boolean, what: string, timeoutMs = 300_000) => {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

async function main() {
  const rows = values['outage-only'] ? [] : await againstServer();
  // The server process is gone: the outage phase has the machine to itself (--outage-leads=0: none).
  if (Number(values['outage-leads']) > 0)
    rows.push(
      ...(await outageDrain({
        db: values.db === 'postgres' ? 'postgres' : 'pglite',
        minutes: Number(values['outage-minutes']),
        leads: Number(values['outage-leads']),
      })),
    );
  console.log(
    `\nnpm run bench:delivery (${values.db === 'postgres' ? 'PostgreSQL 15' : 'PGlite'}; ${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log('| measure | result | goal | detail |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

/** Phases 1–3, against the server in its own process. */
async function againstServer(): Promise<string[][]> {
  const receiver = new Receiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/leads`;

  let databaseUrl = '';
  let dropDb = async () => {};
  if (values.db === 'postgres') {
    ({ url: databaseUrl, drop: dropDb } = await scratchDatabase(`lead_bench_delivery_${process.pid}`));
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'lead-bench-delivery-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const lead = await startLead({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DEMO: '1',
    SCHEDULER: '0',
    TRUST_PROXY: '127.0.0.1',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    SHED_EVENT_LOOP_DELAY: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // The receiver is this process, on http://127.0.0.1: a webhook over plain http to localhost is
    // taken in development only (production asks for https://); NODE_ENV keeps production's costs.
    APP_ENV: 'development',
    DELIVERY_ALLOW_PRIVATE: '127.0.0.1',
  });
  const rows: string[][] = [];
  try {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
    });
    const token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}/api/admin/${path}`, {
        method,
        headers: auth,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await res.json()) as { _data: T };
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json._data;
    };
    // A client of its own (on site 1), so that no demo destination or lead is in the way.
    const client = (
      await admin<{ model: { id: number } }>('POST', 'clients', {
        name: `Bench delivery ${process.pid}`,
        manager_id: 1,
        site_ids: [1],
      })
    ).model.id;
    const { id, code } = (
      await admin<{ model: { id: number; code: string } }>(
        'POST',
        'campaign',
        validCampaign(client, { name: 'Bench delivery' }),
      )
    ).model;

    let sentCount = 0;
    /** `n` leads over STREAMS visitors at once; each lead's answer time (its commit) and latency, by e-mail. */
    const send = async (n: number, tag: string) => {
      const answered = new Map<string, number>();
      const latencies: number[] = [];
      let next = 0;
      const stream = async () => {
        while (next < n) {
          const i = next++;
          sentCount += 1;
          const email = `${tag}-${i}@bench.test`;
          const started = performance.now();
          const res = await fetch(`${base}/api/public/leads`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: ORIGIN,
              'user-agent': BROWSER,
              'x-forwarded-for': `10.${(sentCount >> 16) & 255}.${(sentCount >> 8) & 255}.${sentCount & 255}`,
            },
            body: JSON.stringify({
              site_id: 1,
              code,
              visitor_id: `bench-delivery-${sentCount}`,
              page_url: `${ORIGIN}/bench/`,
              fields: { name: 'B', email },
            }),
          });
          const text = await res.text();
          const done = performance.now();
          if (res.status !== 200) throw new Error(`POST /leads: ${res.status} ${text}`);
          answered.set(email, done);
          latencies.push(done - started);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: STREAMS }, stream));
      return { answered, latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
    };
    const leadRow = (what: string, r: { latencies: number[]; seconds: number }, cpu: number) => [
      what,
      `${Math.round(r.latencies.length / r.seconds)} leads/s`,
      '',
      `p50 ${ms(quantile(r.latencies, 0.5))}, p95 ${ms(quantile(r.latencies, 0.95))}, p99 ${ms(quantile(r.latencies, 0.99))}; server CPU ${(cpu / r.latencies.length).toFixed(1)} ms a lead`,
    ];

    // 1. The lead's own latency with no destination.
    // Warm: the first requests compile the routes' paths.
    await send(20, 'warm');
    let cpu = cpuMs(lead.pid);
    const bare = await send(LEADS, 'bare');
    rows.push(leadRow(`POST /leads, no destination (${LEADS} leads, ${STREAMS} at once)`, bare, cpuMs(lead.pid) - cpu));

    // 2. With a webhook.
    await admin<unknown>('POST', `clients/${client}/destinations`, {
      name: 'Bench receiver',
      enabled: true,
      kind: 'webhook',
      campaign_ids: null,
      url: hookUrl,
    });
    cpu = cpuMs(lead.pid);
    const hooked = await send(LEADS, 'hook');
    await waitFor(
      () => [...hooked.answered.keys()].every((e) => receiver.arrived.has(e)),
      'every lead at the receiver',
    );
    // The server's CPU until every lead has arrived: the lead's own work and its delivery's.
    rows.push(leadRow(`POST /leads, one webhook (${LEADS} leads, ${STREAMS} at once)`, hooked, cpuMs(lead.pid) - cpu));
    const firstSent = Math.min(...hooked.answered.values()) - quantile(hooked.latencies, 0);
    const lastArrived = Math.max(...[...hooked.answered.keys()].map((e) => receiver.arrived.get(e)!));
    const lag = [...hooked.answered].map(([e, at]) => Math.max(0, receiver.arrived.get(e)! - at)).sort((a, b) => a - b);
    rows.push([
      'delivered to a local receiver',
      `${Math.round(LEADS / ((lastArrived - firstSent) / 1000))} leads/s`,
      '',
      `${LEADS} leads sent and delivered in ${((lastArrived - firstSent) / 1000).toFixed(1)} s`,
    ]);
    rows.push([
      "lead's answer (commit) → receiver",
      `p95 ${ms(quantile(lag, 0.95))}`,
      'p95 < 1 s',
      `p50 ${ms(quantile(lag, 0.5))}, p99 ${ms(quantile(lag, 0.99))}, max ${ms(lag.at(-1)!)}`,
    ]);

    // 3. A backlog: the receiver down while BACKLOG leads arrive, then back, and a replay.
    receiver.down = true;
    const queued = await send(BACKLOG, 'backlog');
    await waitFor(() => receiver.posts >= LEADS + BACKLOG, 'a first (failed) attempt of each backlog lead');
    receiver.down = false;
    const replayed = performance.now();
    const destination = (await admin<{ models: Array<{ id: number }> }>('GET', `clients/${client}/destinations`))
      .models[0]!.id;
    const { queued: n } = await admin<{ queued: number }>('POST', 'deliveries/replay', {
      destination_id: destination,
      campaign_id: id,
    });
    await waitFor(
      () => [...queued.answered.keys()].every((e) => receiver.arrived.has(e)),
      'the backlog at the receiver',
    );
    const drained = (performance.now() - replayed) / 1000;
    rows.push([
      `backlog drain (${BACKLOG} leads failed while the receiver was down; the campaign replayed: ${n} deliveries queued, the earlier leads' again too)`,
      `${Math.round(n / drained)} deliveries/s`,
      '',
      `all ${n} delivered ${drained.toFixed(1)} s after the replay`,
    ]);
  } finally {
    lead.kill('SIGTERM');
    await new Promise((r) => lead.once('exit', r));
    receiver.server.close();
    await dropDb();
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
