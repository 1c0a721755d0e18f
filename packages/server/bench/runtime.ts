/**
 * npm run bench:runtime: the runtime's path from partner pages, over real HTTP, on this machine.
 *
 *   --db=postgres|pglite (postgres)   --seconds=8   --connections=20   --batch=5 (events per request)
 *   --events-url=nats://127.0.0.1:4222: events through NATS JetStream (EVENTS_URL) rather than direct writes
 *   --only=flood: the "admin under flood" row alone (bench/flood.ts)
 *
 * Starts a Fastify hello-world and the Lead server (src/main.ts, its own process, demo data) side
 * by side, and drives both with autocannon from this process. Each POST comes from a different
 * visitor and address (X-Forwarded-For, TRUST_PROXY=127.0.0.1), as real traffic would, so the per-visitor
 * and per-address limits do not cut it short. Then, in Debian's Chromium, the time from a page's
 * load to its on_landing pop-up, less the configured delay. Prints one table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { adminUnderFlood } from './flood.js';
import { validCampaign } from '@lead/contract/fixtures';
import { scratchDatabase } from './scratch-database.js';
import { launchBrowser } from '@lead/testing/chromium';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    batch: { type: 'string', default: '5' },
    'events-url': { type: 'string', default: '' },
    only: { type: 'string', default: '' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const BATCH = Number(values.batch);
const root = join(import.meta.dirname, '..');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ORIGIN = 'https://bacsi-online.vn';

function start(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${out}`)), 120_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
}

const ip = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;
const visitor = () => randomBytes(9).toString('base64url');

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(opts: autocannon.Options): Promise<Run> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function main() {
  const rows: string[][] = [];
  const embed = join(root, '..', 'popup', 'dist', 'embed');
  for (const file of ['loader.js', 'popup.js']) {
    const code = readFileSync(join(embed, file));
    rows.push([
      `/embed/v1/${file}`,
      `${(gzipSync(code, { level: 9 }).length / 1024).toFixed(2)} KB gzip, ${(brotliCompressSync(code).length / 1024).toFixed(2)} KB brotli`,
      file === 'loader.js' ? '≤ 2 KB gzip' : '',
      '',
    ]);
  }

  // The database.
  let databaseUrl = '';
  let dropDb = async () => {};
  const dataDir = await mkdtemp(join(tmpdir(), 'lead-bench-runtime-'));
  if (values.db === 'postgres') {
    ({ url: databaseUrl, drop: dropDb } = await scratchDatabase(`lead_bench_rt_${process.pid}`));
  }

  const hello = await start(['bench/hello-world.mjs'], {}, /hello-world listening on (\d+)/);
  const lead = await start(
    ['--import', 'tsx', 'src/main.ts'],
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '1',
      SCHEDULER: '0',
      // The bench's own requests (127.0.0.1) name their visitor's address; the flood's (127.0.0.2…) are their own.
      TRUST_PROXY: '127.0.0.1',
      MAX_CONNECTIONS_PER_ADDRESS: '64',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      APP_ENV: 'staging',
    },
    /Lead is running/,
  );
  // The port: the server prints PUBLIC_URL's; ask the OS instead.
  const port = await new Promise<number>((resolve) => {
    const probe = spawn('sh', ['-c', `ss -ltnp | grep "pid=${lead.child.pid}," | head -1`]);
    let s = '';
    probe.stdout.on('data', (d) => (s += d));
    probe.on('exit', () => resolve(Number(/127\.0\.0\.1:(\d+)/.exec(s)?.[1])));
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    // A campaign to send figures and leads to.
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
    });
    const token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const clients = (await (
      await fetch(`${base}/api/admin/clients?site_ids=1&assigned=1`, { headers: auth })
    ).json()) as {
      _data: { models: Array<{ id: number }> };
    };
    const created = await fetch(`${base}/api/admin/campaign`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(validCampaign(clients._data.models[0]!.id, { name: 'Bench runtime' })),
    });
    const { id, code } = ((await created.json()) as { _data: { model: { id: number; code: string } } })._data.model;

    // The admin's median answer alone and while 20 addresses flood the public routes.
    const flood = await adminUnderFlood({
      base,
      port,
      adminUrl: `${base}/api/admin/campaign/${id}`,
      auth,
      code,
      seconds: SECONDS,
      origin: ORIGIN,
      userAgent: BROWSER,
    });
    rows.push([
      'admin under flood (GET a campaign, signed in; 20 addresses × 100 connections flooding POST events, 100 per request)',
      `median ${flood.flooded.p50} ms (alone ${flood.alone.p50} ms); flood ${Math.round(flood.flood.rps)} req/s answered ${JSON.stringify(flood.flood.statuses)}, ${flood.flood.errors} connections closed by the server`,
      'median < 100 ms',
      `p99 ${flood.flooded.p99} ms (alone ${flood.alone.p99} ms), ${flood.flooded.n} admin requests`,
    ]);
    if (values.only === 'flood') return printTable(rows);

    const helloRun = await load({ url: `http://127.0.0.1:${hello.port}/` });
    // As a browser asks: gzip and brotli accepted.
    const campaignsRun = await load({
      url: `${base}/api/public/sites/1/campaigns`,
      headers: { origin: ORIGIN, 'user-agent': BROWSER, 'accept-encoding': 'gzip, deflate, br' },
    });
    rows.push([
      'Fastify hello-world',
      `${Math.round(helloRun.rps)} req/s`,
      '',
      `p50 ${helloRun.p50} ms, p99 ${helloRun.p99} ms`,
    ]);
    rows.push([
      'GET campaigns (site 1, 30 campaigns)',
      `${Math.round(campaignsRun.rps)} req/s (${((campaignsRun.rps / helloRun.rps) * 100).toFixed(0)}% of hello-world)`,
      '≥ 50% of hello-world',
      `p50 ${campaignsRun.p50} ms, p99 ${campaignsRun.p99} ms`,
    ]);

    const events = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ code, type: i % 5 === 0 ? 'impression' : 'click', at: Date.now() }));
    const eventsRun = await load({
      url: `${base}/api/public/events`,
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: ORIGIN, 'user-agent': BROWSER },
      setupClient: (client) => {
        client.setHeadersAndBody(
          { 'content-type': 'text/plain', origin: ORIGIN, 'user-agent': BROWSER, 'x-forwarded-for': ip() },
          JSON.stringify({ site_id: 1, visitor_id: visitor(), events: events(BATCH) }),
        );
      },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, 'x-forwarded-for': ip() },
            body: JSON.stringify({ site_id: 1, visitor_id: visitor(), events: events(BATCH) }),
          }),
        },
      ],
    });
    // Accepted is what got a 202; written is what reached the figures (with a broker, once it has drained).
    const clicksWritten = async () => {
      const res = await fetch(`${base}/api/admin/campaign/${id}`, { headers: auth });
      const c = ((await res.json()) as { _data: { campaign: { total_click: number; total_impression: number } } })._data
        .campaign;
      return c.total_click + c.total_impression;
    };
    // Each request is a page view of its own: its impression and one click count (the other clicks repeat it).
    const accepted = Math.round(eventsRun.rps * SECONDS) * Math.min(BATCH, 2);
    const t0 = Date.now();
    let written = await clicksWritten();
    while (written < accepted * 0.99 && Date.now() - t0 < 60_000) {
      await new Promise((r) => setTimeout(r, 200));
      written = await clicksWritten();
    }
    const drainSeconds = (Date.now() - t0) / 1000;
    rows.push([
      `POST events (${BATCH} per request${values['events-url'] ? ', through NATS JetStream' : ', direct'})`,
      `${Math.round(eventsRun.rps * BATCH)} events/s accepted (${Math.round(eventsRun.rps)} req/s); written ${Math.round(written / (SECONDS + drainSeconds))}/s over the run and the drain (${drainSeconds.toFixed(1)} s after)`,
      '10,000 events/s, p99 < 20 ms',
      `p50 ${eventsRun.p50} ms, p99 ${eventsRun.p99} ms${eventsRun.non2xx ? `, ${eventsRun.non2xx} not 2xx` : ''}`,
    ]);
    const leadsRun = await load({
      url: `${base}/api/public/leads`,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: {
              'content-type': 'application/json',
              origin: ORIGIN,
              'user-agent': BROWSER,
              'x-forwarded-for': ip(),
            },
            body: JSON.stringify({
              site_id: 1,
              code,
              visitor_id: visitor(),
              page_url: 'https://bacsi-online.vn/heart/a/',
              fields: { name: 'Bench', email: `b${visitor()}@example.vn` },
            }),
          }),
        },
      ],
    });
    rows.push([
      'POST leads',
      `${Math.round(leadsRun.rps)} leads/s committed`,
      '',
      `p50 ${leadsRun.p50} ms, p99 ${leadsRun.p99} ms${leadsRun.non2xx ? `, ${leadsRun.non2xx} not 2xx` : ''}`,
    ]);

    // Page load to pop-up, in Chromium: a partner page with an on_landing campaign of 3 s.
    const landing = await fetch(`${base}/api/admin/campaign`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(
        validCampaign(clients._data.models[0]!.id, {
          name: 'Bench landing',
          targets: [
            { type: 'links', option: 'exact_match', target: 'https://bacsi-online.vn/bench/landing/', sub_target: [] },
          ],
          rules: [
            { rule: 'time_on_page', value: 3 },
            { rule: 'days_to_show_again', value: 0 },
          ],
        }),
      ),
    });
    const landingCode = ((await landing.json()) as { _data: { model: { code: string } } })._data.model.code;
    const browser = await launchBrowser({
      args: [`--host-resolver-rules=MAP bacsi-online.vn 127.0.0.1, MAP localhost 127.0.0.1`],
    });
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.newContext({ userAgent: BROWSER });
      // When the pop-up's host enters the page, on the page's own clock (0 = navigation start).
      await context.addInitScript({
        content: `new MutationObserver((m, o) => { if (document.querySelector('[data-lead-popup]')) { window.shownAt = performance.now(); o.disconnect(); } }).observe(document, { childList: true, subtree: true });`,
      });
      const page = await context.newPage();
      await page.goto(`http://bacsi-online.vn:${port}/bench/landing/`);
      await page.waitForSelector(`[data-lead-popup="${landingCode}"]`, { state: 'attached', timeout: 15_000 });
      // From the navigation's start to the pop-up in the page, less its 3 s.
      waits.push(Number(await page.evaluate('window.shownAt')) - 3000);
      await context.close();
    }
    await browser.close();
    waits.sort((a, b) => a - b);
    rows.push([
      'page load → on_landing pop-up, less its delay',
      `median ${Math.round(waits[2]!)} ms (${waits.map(Math.round).join(', ')})`,
      '',
      'Chromium, loopback',
    ]);
  } finally {
    hello.child.kill('SIGTERM');
    lead.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await dropDb();
    await rm(dataDir, { recursive: true, force: true });
  }

  printTable(rows);
}

function printTable(rows: string[][]) {
  console.log(
    `\nnpm run bench:runtime (${values.db === 'postgres' ? 'PostgreSQL 15' : 'PGlite'}; ${CONNECTIONS} connections, ${SECONDS} s each; ${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log('| measure | result | goal | latency |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
