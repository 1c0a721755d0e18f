import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Database } from '../src/db/connect.js';
import { sql } from 'kysely';

/**
 * A connection the server ends while the app holds it (a database outage, a restart, an
 * administrator's pg_terminate_backend) fails what it carried, and never the process: pg emits
 * that loss on the client in use, where nothing listened (database-outage.test.ts crashed on it).
 * PostgreSQL only (npm run test:pg; vitest.config.ts leaves it out of the PGlite run): PGlite has
 * no server to lose.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('This file runs on PostgreSQL: DATABASE_URL=postgres://… npm run test:pg');

describe('a PostgreSQL connection lost while in use', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connectPostgres(url);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('rejects the next query of the session, keeps the process, and answers again on a new connection', async () => {
    const unhandled: unknown[] = [];
    const record = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', record);
    try {
      const outcome = await database.session(async (held) => {
        const [row] = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const pid = row!.pid;
        // Ended from another connection while this one sits checked out between queries.
        await sql`SELECT pg_terminate_backend(${pid})`.execute(database.db);
        // Its socket closes: the client's 'error' event comes before any further query.
        await expect
          .poll(async () =>
            held.query('SELECT 1').then(
              () => 'answered',
              () => 'refused',
            ),
          )
          .toBe('refused');
        return 'ended';
      });
      expect(outcome).toBe('ended');
      // The pool drops the dead connection (a request that drew it before its socket closed fails
      // as its query did) and answers on a new one.
      const one = () =>
        sql<{ one: number }>`SELECT 1 AS one`.execute(database.db).then(
          ({ rows }) => rows[0]?.one,
          () => 'refused',
        );
      await expect.poll(one).toBe(1);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});
