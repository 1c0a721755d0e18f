import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/connect.js';

/**
 * The server on `database` at a fixed `now`, listening on a free loopback port, and the bearer
 * header of `system@lead.test` signed in there: what each API bench measures against.
 */
export async function signedInServer(database: Database, now: Date, TZ: string) {
  const config = loadConfig({ DATA_DIR: join(tmpdir(), 'lead-bench-data'), SCHEDULER: '0', TZ, LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, database, logger: false, now: () => now });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
  });
  const token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
  return { app, address, authorization: `Bearer ${token}` };
}
