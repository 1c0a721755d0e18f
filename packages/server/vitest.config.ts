import { configDefaults, defineConfig } from 'vitest/config';

/** PGlite's own tests: its dialect and its files on disk. They make their databases themselves. */
const PGLITE_OWN = ['test/pglite-dialect.test.ts', 'test/pglite-disk.test.ts'];

export default defineConfig({
  test: {
    // Each file has a database of its own; two at a time suits a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph (Fastify, Kysely, PGlite's
    // WASM imported once per worker, not once per file): the suite's CPU time fell by a third
    // (#27, docs/testing.md). Each file still has its own app and database; no test mocks a
    // module, stubs the environment or fakes timers, so nothing of one file reaches the next.
    isolate: false,
    // Ceilings, not waits: every wait returns when its condition holds. At a load of 14 (five
    // agents' builds and Chromiums beside the suite) a production-cost hash or a spawned server's
    // start passed 30 s; a loaded machine must not fail a test.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          // Several processes (or connections at once) on one PostgreSQL server: only in the
          // PostgreSQL run (npm run test:pg). The unit tests of src/ open no database and run in both.
          exclude: [
            ...configDefaults.exclude,
            ...PGLITE_OWN,
            ...(process.env.DATABASE_URL
              ? []
              : [
                  'test/processes/two-processes.test.ts',
                  'test/processes/webhook-two-processes.test.ts',
                  'test/processes/database-outage.test.ts',
                  'test/delivery-claim.test.ts',
                  'test/postgres-connection-lost.test.ts',
                ]),
          ],
          // One migrated, seeded template per kind of data for the run; each file copies it
          // (test/database.ts). Vitest runs it only when this project has a file to run.
          globalSetup: ['test/global-setup.ts'],
        },
      },
      {
        extends: true,
        // Only in the PGlite run; without the templates, which these files never read.
        test: { name: 'pglite', include: PGLITE_OWN, exclude: process.env.DATABASE_URL ? PGLITE_OWN : [] },
      },
    ],
  },
});
