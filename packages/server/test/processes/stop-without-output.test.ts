/**
 * A stop that stops (issue #44): the server's stdout and stderr lose their reader (closed: every
 * write fails; or no longer read: the pipes fill up), requests make it log into them, and SIGTERM
 * still ends it with code 0, its requests answered, its database closed cleanly (it opens again
 * and holds what was written). Before src/lib/log-output.ts, a full pipe hung the process for
 * good: pino retried its write in a sleeping loop, and no handler or timer ran again. On PGlite
 * (npm test), where it was seen, and on PostgreSQL (npm run test:pg).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { connectPGlite } from '../../src/db/connect.js';
import { copyTemplate } from '../database.js';
import { startServer, WAIT_MS, type ServerProcess } from './server-process.js';

let dataDir = '';
let server: ServerProcess | undefined;
let drop = async () => {};
let databaseUrl = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lead-stop-'));
  const copy = await copyTemplate('admin', dataDir);
  drop = copy.drop;
  databaseUrl = copy.databaseUrl;
});

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`SIGTERM whatever becomes of its output (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'exits with 0 when the reading ends of its pipes are closed (every write fails: EPIPE)',
    { timeout: 4 * WAIT_MS },
    async () => {
      const s = await start();
      s.child.stdout!.destroy();
      s.child.stderr!.destroy();
      await stopsCleanly(s, 3);
    },
  );

  it('exits with 0 when nobody reads its pipes any more (they fill up)', { timeout: 4 * WAIT_MS }, async () => {
    const s = await start();
    s.child.stdout!.pause();
    s.child.stderr!.pause();
    // Each request logs two lines of about 300 bytes: 400 fill a pipe's 64 KiB twice over.
    await stopsCleanly(s, 400);
  });
});

async function start(): Promise<ServerProcess> {
  server = await startServer({
    DATA_DIR: dataDir,
    DEMO: '0',
    ADMIN_EMAIL: 'admin@lead.test',
    ADMIN_PASSWORD: 'Password123!',
    SCHEDULER: '0',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
  });
  return server;
}

/**
 * Signs in (a session written to the database), makes `requests` more (each logs its lines into
 * the pipes), sends SIGTERM and expects code 0; then the database opens anew and holds the session.
 */
async function stopsCleanly(s: ServerProcess, requests: number): Promise<void> {
  const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
  const login = await fetch(`${s.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@lead.test', password: 'Password123!' }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
  for (let i = 0; i < requests; i++)
    expect((await fetch(`${s.base}/api/admin/account`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
  s.child.kill('SIGTERM');
  // The server's own exit timer (10 s) is its grace period; this ceiling only keeps a hang from holding the run.
  const code = await Promise.race([
    exited,
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), WAIT_MS).unref()),
  ]);
  expect(code).toBe(0);
  expect(await sessions()).toBeGreaterThan(0);
}

/** How many sessions the stopped server's database holds, opened anew. */
async function sessions(): Promise<number> {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM access_tokens');
    await c.end();
    return rows[0]!.n;
  }
  const db = await connectPGlite(dataDir);
  try {
    return (await db.db.selectFrom('access_tokens').select('id').execute()).length;
  } finally {
    await db.close();
  }
}
