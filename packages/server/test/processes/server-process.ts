import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { leadServerArgs } from '@lead/testing/server';
import { TEST_SCRYPT_COST } from '../database.js';

/**
 * The ceiling of every wait on a server process: generous, for a loaded 2-core machine, and never
 * spent when things go well, since each wait returns as soon as its condition holds.
 */
export const WAIT_MS = 60_000;
/** Starting takes longest: the server migrates (and tsx compiles it from source, before a build). */
const START_MS = 2 * WAIT_MS;

export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcess;
  output(): string;
  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the server as its own process, as `npm start` does (its build, or its sources before a
 * build: `leadServerArgs`), and waits for it to listen. Its password hashes cost what the
 * template's do (test/database.ts), so signing in rehashes nothing.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, leadServerArgs(), {
    // Shedding by event-loop delay answers 503 when this shared machine starves the process: off, as in-process tests have it.
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      SCRYPT_COST: TEST_SCRYPT_COST,
      SHED_EVENT_LOOP_DELAY: '0',
      ...env,
    },
    cwd: join(import.meta.dirname, '..', '..'),
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in ${START_MS / 1000} s:\n${out}`)), START_MS);
    const check = () => {
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${out}`));
    });
  });
  // An exit the test did not ask for shows in the output (a crash's cause is just above it).
  void exited.then((code) => (out += `\n[the server process exited: code ${code}, signal ${child.signalCode}]\n`));
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

/** What a failed test prints of a server: its output's last lines but the per-request ones (level 30). */
export const outputTail = (server: ServerProcess | undefined, chars = 8000): string =>
  (server?.output() ?? '(no server)')
    .split('\n')
    .filter((line) => !line.includes('"level":30'))
    .join('\n')
    .slice(-chars);

/** Resolves when `check` gives true, polling every 100 ms; rejects after `timeoutMs` (for hooks, where expect.poll cannot run). */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether something listens on 127.0.0.1:`port`. */
export const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });

/** A port nothing listens on now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
