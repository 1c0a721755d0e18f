import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

/*
 * The browser tests run against the real thing: the admin built by Vite, served by the real API
 * server (started as its own process, as `npm start` does) on a fresh PGlite database with the
 * demo data. Nothing of our own is mocked.
 */
const adminDir = join(import.meta.dirname, '..');
const repoRoot = join(adminDir, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ root: adminDir, mode: 'production', logLevel: 'error' });
  process.env.NODE_ENV = env;
  // The embed partner pages load (/embed/v1/loader.js and popup.js), as `npm run build` makes it.
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/tsup/dist/cli-default.js')], { cwd: join(repoRoot, 'packages/popup'), stdio: 'ignore' });

  dataDir = await mkdtemp(join(tmpdir(), 'lead-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'packages/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'production',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DEMO: '1',
      SCHEDULER: '0',
      LOG_LEVEL: 'warn',
      ADMIN_DIST: join(adminDir, 'dist'),
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Lead is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server!.stdout!.on('data', onData);
    server!.stderr!.on('data', onData);
    server!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
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
  }
}
