import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageRoot } from '../lib/paths.js';
import type { Database } from './connect.js';

const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+\.sql$/;
/** Held while migrating, so that processes starting together apply each file once. */
const MIGRATION_LOCK = 720_001;

export const migrationsDir = (): string => join(packageRoot(), 'migrations');

/** Applies every migrations/NNNN_name.sql not yet applied, in order, each in its own transaction. */
export async function migrate(database: Database, dir = migrationsDir()): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => MIGRATION_NAME.test(f)).sort();
  return database.session(async (s) => {
    await s.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await s.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const applied = new Set(
        (await s.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
      );
      const done: string[] = [];
      for (const file of files) {
        if (applied.has(file)) continue;
        const script = await readFile(join(dir, file), 'utf8');
        await s.exec('BEGIN');
        try {
          await s.exec(script);
          await s.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
          await s.exec('COMMIT');
        } catch (error) {
          await s.exec('ROLLBACK');
          throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        done.push(file);
      }
      return done;
    } finally {
      await s.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}
