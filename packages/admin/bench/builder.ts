/**
 * npm run bench:builder (the pop-up designer): how long a keystroke in a block's field takes to
 * show in the builder's canvas, in Debian's Chromium against the real server (the e2e setup: the
 * admin built by Vite, served by the API server, on a fresh PGlite database with the demo data).
 *
 * A campaign of 20 blocks is made through the API and opened on the DESIGN step at 1280×800; the
 * Subtitle is selected by a click in the canvas and KEYS keystrokes are typed into its Text field,
 * one at a time, after WARMUP untimed ones (the first of a page compile its code). Each is timed from its keydown (the event's timestamp) to the frame after the
 * canvas's shadow root changed (a MutationObserver, then requestAnimationFrame and a task: the
 * repainted frame). Prints p50/p95/max and the embed's gzipped sizes, and exits 1 when p95 is
 * over the goal or a keystroke never reached the canvas. PROFILE=1 also records the page's CPU
 * profile over the timed keystrokes and prints the functions with the most time of their own.
 */
import { validCampaign } from '@lead/contract/fixtures';
import type { CampaignPayload, FormBlock } from '@lead/contract';
import { launchBrowser } from '@lead/testing';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { setup, teardown } from '../e2e/global-setup.js';

const KEYS = Number(process.env.KEYS ?? 120);
const WARMUP = Number(process.env.WARMUP ?? 10);
const PROFILE = process.env.PROFILE === '1';
const GOAL_P95_MS = 50;
const EMAIL = 'system@lead.test';
const PASSWORD = 'Password123!';

/** Twenty blocks, as a long form would have them. */
const FORMS: FormBlock[] = [
  { name: 'Title', id: 'b1', data: { placeholder: 'Check your heart', align: 'center' } },
  { name: 'Subtitle', id: 'b2', data: { placeholder: 'Two minutes, free', align: 'center' } },
  { name: 'Text', id: 'b3', data: { value: 'name', placeholder: 'Full name', required: true } },
  { name: 'Email', id: 'b4', data: { value: 'email', placeholder: 'Email', required: true } },
  { name: 'Phone', id: 'b5', data: { value: 'phone', placeholder: 'Phone', required: false } },
  { name: 'Number', id: 'b6', data: { value: 'age', placeholder: 'Age', required: false } },
  { name: 'Date', id: 'b7', data: { value: 'birthday', placeholder: 'Birthday', required: false } },
  { name: 'Location', id: 'b8', data: { value: 'city', placeholder: 'City', required: false } },
  ...(['Dropdown', 'Radio', 'Checkbox'] as const).map((name, i) => ({
    name,
    id: `c${i}`,
    data: {
      value: `choice${i}`,
      placeholder: `Question ${i + 1}`,
      listQuestion: [
        { value: '1', placeholder: 'Yes' },
        { value: '0', placeholder: 'No' },
      ],
    },
  })),
  ...[1, 2, 3, 4, 5, 6].map((n) => ({
    name: 'Text' as const,
    id: `q${n}`,
    data: { value: `q${n}`, placeholder: `Question ${n + 3}`, required: false },
  })),
  { name: 'LinkButton', id: 'l1', data: { placeholder: 'Read more', url: 'https://bacsi-online.vn/more' } },
  {
    name: 'Terms',
    id: 't1',
    data: { value: 'terms', placeholder: 'https://bacsi-online.vn/terms', valueHTML: '', required: true },
  },
  { name: 'Submit', id: 's1', data: { placeholder: 'Send' } },
];

async function api<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api/admin/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { _data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json._data;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;

interface CpuProfile {
  nodes: Array<{
    id: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame of the built admin comes from: its source file, line and name, by the bundle's source map. */
const consumers = new Map<string, SourceMapConsumer | null>();
function source(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const file = frame.url.split('/').at(-1) ?? '';
  if (!consumers.has(file)) {
    const map = join(import.meta.dirname, '..', 'dist', 'assets', `${file}.map`);
    consumers.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
  }
  const at = consumers.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const name = frame.functionName || '(anonymous)';
  if (!at?.source) return `${name} ${file}:${frame.lineNumber + 1}`;
  const where = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
  return `${at.name ?? name} ${where}:${at.line}`;
}

/** The functions with the most time of their own in `profile`, and their share of it. */
function printProfile(profile: CpuProfile): void {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const name = source(byNode.get(id)!);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    self.set(name, (self.get(name) ?? 0) + ms);
    total += ms;
  });
  const print = (title: string, times: Map<string, number>) => {
    console.log(`\nCPU profile of the timed keystrokes, ${total.toFixed(0)} ms; ${title}:\n`);
    for (const [name, ms] of [...times].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`);
  };
  print('most self time', self);
  // Time with callees, for the admin's and the embed's own functions (components, actions): which
  // part of a keystroke's work each one holds.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const withCallees = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = source(byNode.get(at)!);
      if (/\bsrc\//.test(name) && !name.includes('node_modules')) seen.add(name);
    }
    for (const name of seen) withCallees.set(name, (withCallees.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  print("most time with callees, the project's own functions", withCallees);
}

async function main(): Promise<void> {
  if (FORMS.length !== 20) throw new Error(`the bench's campaign has ${FORMS.length} blocks, not 20`);
  const provided = new Map<string, string>();
  await setup({ provide: (key: string, value: string) => provided.set(key, value) } as never);
  const baseUrl = provided.get('baseUrl')!;
  // The server starts in the background: wait until it answers (a ceiling, not a wait).
  for (
    const until = Date.now() + 300_000;
    !(await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    ));
  ) {
    if (Date.now() > until) throw new Error('the server did not answer in 300 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await launchBrowser();
  let failed = false;
  try {
    const login = await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const { _data: session } = (await login.json()) as { _data: { access_token: string; user: unknown } };
    const token = session.access_token;
    const clients = await api<{ models: Array<{ id: number }> }>(
      baseUrl,
      token,
      'GET',
      'clients?site_ids=1&assigned=1',
    );
    const payload: CampaignPayload = validCampaign(clients.models[0]!.id, { name: `Builder bench ${Date.now()}` });
    payload.forms = FORMS;
    payload.extra_fields = { ...payload.extra_fields, listBlockAdded: JSON.stringify(FORMS) };
    const { model } = await api<{ model: { id: number } }>(baseUrl, token, 'POST', 'campaign', payload);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem('lead.access_token', t as string);
        localStorage.setItem('lead.user', JSON.stringify(u));
      },
      [token, session.user] as const,
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/#/edit-campaign/${model.id}?siteID=1&siteURL=bacsi-online.vn`);
    await page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('button', { name: /DESIGN/ })
      .click();
    await page.locator('[data-popup-preview] .subtitle').click();
    const field = page.getByRole('region', { name: 'Edit Subtitle' }).getByRole('textbox', { name: 'Text' });
    await field.click();
    await page.keyboard.press('End');
    const blocks = await page
      .locator('[data-popup-preview]')
      .evaluate((h) => h.shadowRoot!.querySelectorAll('[data-index]').length);
    if (blocks !== 20) throw new Error(`the canvas shows ${blocks} blocks, not 20`);

    // In the page: each keydown's time, and the frame after the canvas next changed.
    await page.evaluate(() => {
      const w = window as unknown as { samples: number[]; pending: number | null };
      w.samples = [];
      w.pending = null;
      const root = document.querySelector('[data-popup-preview]')!.shadowRoot!;
      document.addEventListener('keydown', (e) => (w.pending = e.timeStamp), true);
      new MutationObserver(() => {
        const start = w.pending;
        if (start === null) return;
        w.pending = null;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => w.samples.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    // The keys typed, a to z over and over; the last ten end the Subtitle once all are in.
    const keys = 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil((WARMUP + KEYS) / 26)).slice(0, WARMUP + KEYS);
    const lastTen = keys.slice(-10);
    const cdp = PROFILE ? await context.newCDPSession(page) : null;
    for (let i = 0; i < WARMUP + KEYS; i++) {
      if (cdp && i === WARMUP) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.keyboard.press(keys[i]!);
      // A ceiling, not a wait: each keystroke's sample comes within a frame or two.
      await page
        .waitForFunction((n) => (window as unknown as { samples: number[] }).samples.length >= n, i + 1, {
          timeout: 30_000,
        })
        .catch(() => {
          throw new Error(`keystroke ${i + 1} did not reach the canvas within 30 s`);
        });
    }
    if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
    // Once typing pauses the block list's row takes the text (LIST_SETTLES_MS): the longest task
    // that redraw takes, which a keystroke arriving then would wait behind.
    await page.evaluate(() => {
      const w = window as unknown as { longest: number };
      w.longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
      }).observe({ type: 'longtask' });
    });
    await page
      .getByRole('grid', { name: 'Form blocks' })
      .getByRole('row', { name: new RegExp(`${lastTen}$`) })
      .waitFor({ timeout: 30_000 });
    // A long task is reported after it ends: two frames later it has been.
    const settleTask = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve((window as unknown as { longest: number }).longest)),
          ),
        ),
    );
    const samples = (await page.evaluate(() => (window as unknown as { samples: number[] }).samples)).slice(WARMUP);
    const typed = await page.locator('[data-popup-preview] .subtitle').textContent();
    if (!typed?.endsWith(lastTen)) {
      console.error(`The canvas shows "${typed}", not the keys typed.`);
      failed = true;
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const p95 = percentile(sorted, 0.95);
    const popupDist = join(import.meta.dirname, '..', '..', 'popup', 'dist', 'embed');
    console.log(
      `\nKeystroke to repainted canvas, ${samples.length} keystrokes after ${WARMUP} untimed, a campaign of 20 blocks (1280×800), load average ${loadavg()[0]!.toFixed(1)}:\n`,
    );
    console.log('| p50 | p95 | max | goal (p95) |');
    console.log('|---:|---:|---:|---:|');
    console.log(
      `| ${percentile(sorted, 0.5).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${sorted.at(-1)!.toFixed(1)} ms | < ${GOAL_P95_MS} ms${p95 >= GOAL_P95_MS ? ' **missed**' : ''} |`,
    );
    console.log(
      `\nOnce typing pauses, the block list takes the text; its longest task: ${settleTask ? `${settleTask.toFixed(0)} ms` : 'none over 50 ms'}.`,
    );
    console.log('\n| embed file | gzipped |\n|---|---:|');
    for (const name of ['loader.js', 'popup.js'])
      console.log(`| /embed/v1/${name} | ${kb(gz(join(popupDist, name)))} |`);
    failed ||= p95 >= GOAL_P95_MS;
    await context.close();
  } finally {
    await browser.close();
    await teardown();
  }
  if (failed) process.exit(1);
}

await main();
