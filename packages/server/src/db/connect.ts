import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { DB } from './types.js';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Holds one connection for `fn`: scripts of several statements, and parameterised queries. */
  session<T>(fn: (session: ScriptSession) => Promise<T>): Promise<T>;
  /**
   * A connection of its own for as long as the caller keeps it: what a session-level advisory
   * lock (the scheduler's leadership) and LISTEN need. PGlite has one connection and one process.
   */
  dedicated(): Promise<DedicatedSession>;
  close(): Promise<void>;
}

export interface DedicatedSession {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Calls `fn` for every NOTIFY on `channel` (a plain identifier). */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  /** Called when the connection is lost (a database restart): the session is gone. */
  onLost(fn: () => void): void;
  release(): void;
}

export interface ScriptSession {
  /** Runs a script of several statements, with no parameters (migration files). */
  exec(script: string): Promise<void>;
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
}

// Counts and sums come back as numbers on both drivers: int8 (20) and numeric (1700).
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// Dates (days of the daily figures) stay 'YYYY-MM-DD' strings: they are days in the server's time zone, not instants.
pg.types.setTypeParser(1082, (v) => v);

export async function connectPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, a terminated backend, a dropped database)
  // is an 'error' event on the pool; unhandled, it would crash the process. The pool replaces
  // the connection on the next checkout, so a warning is enough.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL idle connection closed: ${error.message}`));
  // A connection in use (a query, a transaction, a session) whose server end goes away emits
  // 'error' on its own client, not on the pool: pg-pool listens only while a client is idle.
  // Unhandled, that too crashes the process (a database outage did in CI). The queries it carried
  // are rejected with the error and fail where they were made; the pool drops the client when it
  // is released, as it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Fail at start, not at the first request, when the server is unreachable.
  const client = await pool.connect();
  client.release();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    async session(fn) {
      const conn = await pool.connect();
      try {
        return await fn({
          exec: async (script) => void (await conn.query(script)),
          query: async (q, params) => (await conn.query(q, params)).rows,
        });
      } finally {
        conn.release();
      }
    },
    async dedicated() {
      const conn = await pool.connect();
      let lost = () => {};
      let released = false;
      conn.on('error', () => {
        if (!released) lost();
      });
      return {
        query: async (q, params) => (await conn.query(q, params)).rows,
        async listen(channel, fn) {
          conn.on('notification', (n) => {
            if (n.channel === channel) fn(n.payload ?? '');
          });
          await conn.query(`LISTEN ${channel}`);
        },
        onLost(fn) {
          lost = fn;
        },
        release() {
          released = true;
          // Destroyed, not returned: its locks and LISTENs end with it.
          conn.release(true);
        },
      };
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * Embedded PostgreSQL; `dataDir` null keeps it in memory (tests), empty or, with `loadDataDir`,
 * holding a copy of a database dumped with PGlite's dumpDataDir() (the tests' seeded templates).
 */
export async function connectPGlite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  // Counts and sums come back as numbers, as they do from pg above.
  const parsers = { 20: Number, 1700: Number, 1082: (v: string) => v };
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm backs keyword search by name and link, as it does on a PostgreSQL server; a loaded
  // copy needs it as much as a new database (its catalog names the extension, the WASM module is loaded here).
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir: join(dataDir, 'pglite') } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers,
    extensions: { pg_trgm },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    session(fn) {
      return fn({
        exec: async (script) => void (await pglite.exec(script)),
        query: async <R>(q: string, params?: unknown[]) => (await pglite.query<R>(q, params)).rows,
      });
    },
    async dedicated() {
      return {
        query: async <R>(q: string, params?: unknown[]) => (await pglite.query<R>(q, params)).rows,
        async listen(channel, fn) {
          await pglite.listen(channel, fn);
        },
        onLost() {},
        release() {},
      };
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}
