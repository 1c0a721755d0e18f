import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { connectPGlite, connectPostgres, type Database } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { seed } from '../src/seed/index.js';
import { databaseUrl, onServer, uniqueName, VARIANTS, type Templates, type Variant } from './database.js';
import { dumpWithoutDeadWal } from './wal-trim.js';

/*
 * Once per run: a migrated, seeded template of each variant (test/database.ts), copied by every
 * test file. On PostgreSQL (DATABASE_URL) databases named for this run, closed to connections so
 * that CREATE DATABASE … TEMPLATE can copy them, dropped at the end; on PGlite data directories
 * and their tarballs under one temporary directory, removed at the end.
 */
const variants = Object.keys(VARIANTS) as Variant[];

async function fill(database: Database, variant: Variant): Promise<void> {
  try {
    await migrate(database);
    await seed(database, VARIANTS[variant]);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const run = uniqueName('lead_tpl');
    const names = Object.fromEntries(variants.map((v) => [v, `${run}_${v}`])) as Record<Variant, string>;
    const teardown = async () => {
      for (const name of Object.values(names))
        await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    try {
      await Promise.all(
        variants.map(async (v) => {
          await onServer(serverUrl, `CREATE DATABASE ${names[v]}`);
          await fill(await connectPostgres(databaseUrl(serverUrl, names[v])), v);
          // A template must have no connection while it is copied: none may open.
          await onServer(serverUrl, `ALTER DATABASE ${names[v]} WITH ALLOW_CONNECTIONS false`);
        }),
      );
    } catch (error) {
      await teardown();
      throw error;
    }
    project.provide('leadTemplates', Object.fromEntries(variants.map((v) => [v, { postgres: names[v] }])) as Templates);
    return teardown;
  }
  const root = await mkdtemp(join(tmpdir(), 'lead-templates-'));
  const teardown = () => rm(root, { recursive: true, force: true });
  const templates = {} as Templates;
  try {
    for (const v of variants) {
      // connectPGlite(dir) keeps its files in dir/pglite: that directory is the template.
      await fill(await connectPGlite(join(root, v)), v);
      const dir = join(root, v, 'pglite');
      // The same files as one tarball: loading it into memory is faster than copying the directory
      // (docs/testing.md), and faster again without the dead WAL segments (test/wal-trim.ts).
      const pglite = await PGlite.create({ dataDir: dir });
      const tarball = join(root, `${v}.tar`);
      await writeFile(tarball, await dumpWithoutDeadWal(pglite));
      await pglite.close();
      templates[v] = { dir, tarball };
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('leadTemplates', templates);
  return teardown;
}
