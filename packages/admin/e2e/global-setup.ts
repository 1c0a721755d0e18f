import { execFileSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { useDemoData } from './demo-data.js';
import { adminDir, fingerprint, freePort, repoRoot, running, startLeadServer } from './lead-server.js';
import { makeTestTls, type TestTls } from './tls.js';

/*
 * The browser tests run against the real thing: the admin built by Vite, served by the real API
 * server (started as its own process, as `npm start` does) on a fresh PGlite database with the
 * demo data. Nothing of our own is mocked.
 */
const popupDir = join(repoRoot, 'packages/popup');

/**
 * Runs `make` unless `output` (a file of its build) is up to date: made by it from these very
 * inputs (the fingerprint it left beside), or newer than every input, as after `npm run build`
 * (CI builds everything first: the journeys do not build it again).
 */
async function buildOnce(
  name: string,
  output: string,
  inputs: string[],
  make: () => Promise<void> | void,
): Promise<void> {
  const stamp = join(dirname(output), '.e2e-inputs');
  const wanted = fingerprint(inputs);
  const stamped = existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted.hash;
  if (stamped || (existsSync(output) && statSync(output).mtimeMs > wanted.newest)) return;
  const started = Date.now();
  await make();
  await writeFile(stamp, wanted.hash);
  console.warn(`e2e: built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const contractSources = join(repoRoot, 'packages/contract/src');
const lockfile = join(repoRoot, 'package-lock.json');

let server: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The embed partner pages load (/embed/v1/loader.js and popup.js), as `npm run build` makes it;
  // first, since the admin's builder imports the renderer from it too.
  await buildOnce(
    'the pop-up',
    join(popupDir, 'dist/index.js'),
    [
      join(popupDir, 'src'),
      join(popupDir, 'tsup.config.ts'),
      join(popupDir, 'package.json'),
      contractSources,
      lockfile,
    ],
    () => {
      execFileSync(process.execPath, [join(repoRoot, 'node_modules/tsup/dist/cli-default.js')], {
        cwd: popupDir,
        stdio: 'ignore',
      });
    },
  );
  await buildOnce(
    'the admin',
    join(adminDir, 'dist/index.html'),
    [
      join(adminDir, 'src'),
      join(adminDir, 'build'),
      join(adminDir, 'index.html'),
      join(adminDir, 'vite.config.ts'),
      join(adminDir, 'package.json'),
      contractSources,
      join(popupDir, 'dist/index.js'),
      // The component library as the admin imports it: its build (`npm run build`).
      join(repoRoot, 'packages/headless/dist'),
      join(repoRoot, 'packages/styles/dist'),
      lockfile,
    ],
    async () => {
      const env = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        await build({ root: adminDir, mode: 'production', logLevel: 'error' });
      } finally {
        process.env.NODE_ENV = env;
      }
    },
  );

  dataDir = await mkdtemp(join(tmpdir(), 'lead-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Webhook receivers of the journeys: HTTPS on 127.0.0.1, signed by this run's authority (tls.ts).
  const tls = makeTestTls(join(dataDir, 'tls'));
  // The demo data made ahead, if there is some (e2e/demo-data.ts); else the server seeds its own.
  const age = await useDemoData(dataDir);
  if (age !== null) console.warn(`e2e: the server starts on demo data made ${Math.round(age / 1000)} s ago`);
  server = startLeadServer(dataDir, {
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    // The lifecycle sweep every second: a journey's campaign whose timeframe has passed expires
    // within one, as the scheduler would make it within a minute.
    SCHEDULER: '1',
    SCHEDULER_INTERVAL: '1',
    // Every browser and the runner itself reach the server from one address, on a machine that
    // other suites load too: no cap on that address's connections, and no shedding of the public
    // routes when the event loop lags (both are the server's tests' to prove, not a journey's).
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    // Each partner-page visitor comes through a proxy of its own on loopback, which names the
    // visitor's own address (e2e/visitor-address.ts): the limits per address count each visitor apart.
    TRUST_PROXY: '127.0.0.1',
    SHED_EVENT_LOOP_DELAY: '0',
    ADMIN_DIST: join(adminDir, 'dist'),
    // The journeys' receivers: trusted, and let through the private-address check (127.0.0.1 only).
    NODE_EXTRA_CA_CERTS: tls.ca,
    DELIVERY_ALLOW_PRIVATE: '127.0.0.1',
  });
  // Not awaited here: the server seeds its demo data if it has none (half a minute on one core)
  // while the admin's unit tests run; each journey file waits for it first (e2e/server-ready.ts).
  // What it prints goes to server.log, and its exit code to server.exit should it stop.
  const log = createWriteStream(join(dataDir, 'server.log'));
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  const started = Date.now();
  running(server).then(
    () => console.warn(`e2e: the server answered in ${((Date.now() - started) / 1000).toFixed(1)} s`),
    () => undefined, // server-ready.ts reports it, with server.log
  );
  const exitFile = join(dataDir, 'server.exit');
  server.once('exit', (code, signal) => void writeFile(exitFile, String(code ?? signal)).catch(() => undefined));
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('tls', tls);
}

export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    tls: TestTls;
  }
}
