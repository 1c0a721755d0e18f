import { randomBytes } from 'node:crypto';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../src/config.js';
import { connectPGlite, connectPostgres, type Database } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';
import type { SeedOptions } from '../src/seed/index.js';

/**
 * The tests' databases. Migrating and seeding took most of a test file's time, so a run does it
 * once per kind of data (test/global-setup.ts makes a template of each) and every file gets a
 * copy of its own: a database created from the template on PostgreSQL, the template's files
 * loaded into memory on PGlite. Tests of the migrations and the seed themselves start from nothing.
 */

/** The demo's fixed "today", so that seeded dates are the same in every run. */
export const TEST_NOW = new Date('2026-11-21T03:00:00Z');

/**
 * scrypt's cost in the tests: a hash in about a millisecond instead of 0.4 s. Production refuses
 * it (config.ts); the tests of OWASP's parameters and of rehashing set their own.
 */
export const TEST_SCRYPT_COST = '1024';
export const testPasswordHash = loadConfig({ NODE_ENV: 'test', SCRYPT_COST: TEST_SCRYPT_COST }).passwordHash;

/** The kinds of seeded data the tests start from: the demo (DEMO=1), or only the first admin (DEMO=0). */
export type Variant = 'demo' | 'admin';
export const VARIANTS: Record<Variant, SeedOptions> = {
  demo: { demo: true, now: TEST_NOW, campaigns: 48, bigLeadCampaign: 1200, passwordHash: testPasswordHash },
  admin: { demo: false, adminEmail: 'admin@lead.test', adminPassword: DEMO_PASSWORD, passwordHash: testPasswordHash },
};

/**
 * What global-setup provides per variant: on PostgreSQL the template database's name; on PGlite
 * the template's data directory (copied for servers started as processes) and the same files as
 * one tarball (PGlite's dumpDataDir), loaded into memory by each test file.
 */
export interface Template {
  postgres?: string;
  dir?: string;
  tarball?: string;
}
export type Templates = Record<Variant, Template>;
declare module 'vitest' {
  export interface ProvidedContext {
    leadTemplates: Templates;
  }
}

export interface TestDatabase {
  database: Database;
  /** Drops the database (PostgreSQL), or closes it (PGlite, in memory). */
  dispose(): Promise<void>;
}

/** A statement on the PostgreSQL server of DATABASE_URL, over a connection of its own (CREATE/DROP DATABASE). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A unique database name: `prefix` and this process and a random part, so that runs sharing a server never collide. */
export const uniqueName = (prefix: string): string => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/**
 * Copies the template of `variant` for a server started as its own process: on PostgreSQL into a
 * new database (its URL), on PGlite into `dataDir`/pglite, where the server looks for its files.
 */
export async function copyTemplate(
  variant: Variant,
  dataDir: string,
): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const template = inject('leadTemplates')[variant];
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    await cp(template.dir!, join(dataDir, 'pglite'), { recursive: true });
    return { databaseUrl: '', drop: async () => {} };
  }
  return newDatabase(serverUrl, template.postgres);
}

/**
 * A database of this file's own: a copy of the run's seeded template of `variant` (in memory on
 * PGlite); or, with `fromScratch`, a new one migrated here from nothing, that the caller seeds
 * (tests of the migrations and the seed).
 */
export async function freshDatabase(opts: { variant: Variant } | { fromScratch: true }): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const tarball =
      'variant' in opts ? new Blob([await readFile(inject('leadTemplates')[opts.variant].tarball!)]) : undefined;
    const database = await connectPGlite(null, tarball);
    if (!tarball) await migrate(database);
    return { database, dispose: () => database.close() };
  }
  const copy = 'variant' in opts ? await copyTemplate(opts.variant, '') : await newDatabase(serverUrl);
  const database = await connectPostgres(copy.databaseUrl);
  if (!('variant' in opts)) await migrate(database);
  return {
    database,
    async dispose() {
      await database.close();
      await copy.drop();
    },
  };
}

/** A new database on the server of `serverUrl`: empty, or a copy of `template` (which nobody may be connected to). */
async function newDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const name = uniqueName('lead_test');
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    databaseUrl: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
