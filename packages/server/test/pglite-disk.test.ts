import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectPGlite } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { seed } from '../src/seed/index.js';
import { testPasswordHash as passwordHash } from './database.js';
import { startServer, WAIT_MS } from './processes/server-process.js';

/*
 * PGlite's own files on disk, through the server as `npm start` runs it by default. On PGlite
 * whatever DATABASE_URL says, so the PostgreSQL run leaves this file out (vitest.config.ts): it
 * would repeat it exactly.
 */
describe('PGlite on disk', () => {
  it('keeps its data across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lead-pglite-'));
    try {
      const first = await connectPGlite(dir);
      await migrate(first);
      await seed(first, { demo: false, adminEmail: 'keep@lead.test', adminPassword: 'Secret123!', passwordHash });
      await first.close();
      const second = await connectPGlite(dir);
      expect(await migrate(second)).toEqual([]);
      const users = await second.db.selectFrom('users').select('email').execute();
      expect(users).toEqual([{ email: 'keep@lead.test' }]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the server process (on PGlite, whatever DATABASE_URL says)', () => {
  it(
    'starts, serves, closes cleanly on SIGTERM, and keeps its data for the next start',
    { timeout: 5 * WAIT_MS },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'lead-proc-'));
      // From nothing: the process migrates and seeds its own new database.
      const env = {
        DATABASE_URL: '',
        DATA_DIR: dir,
        DEMO: '0',
        ADMIN_EMAIL: 'proc@lead.test',
        ADMIN_PASSWORD: 'Secret123!',
        SCHEDULER: '0',
      };
      const run = async () => {
        const server = await startServer(env);
        const login = await fetch(`${server.base}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'proc@lead.test', password: 'Secret123!' }),
        });
        const exit = await server.stop('SIGTERM');
        return { status: login.status, exit, out: server.output() };
      };
      try {
        const first = await run();
        expect(first.status).toBe(200);
        expect(first.exit).toBe(0);
        expect(first.out).toContain('SIGTERM: closing');
        const second = await run();
        expect(second.status).toBe(200);
        expect(second.exit).toBe(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
