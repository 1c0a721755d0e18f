import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { connectPGlite, connectPostgres } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { resolveAdminDist } from './lib/admin-dist.js';
import { logOutput, quiet } from './lib/log-output.js';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/accounts.js';
import { seed } from './seed/index.js';

async function main() {
  // Output whose reader is gone (EPIPE) must not throw: a line nobody can read is dropped.
  quiet(process.stderr);
  const config = loadConfig();
  if (!config.adminDist) config.adminDist = resolveAdminDist();
  const database = config.databaseUrl ? await connectPostgres(config.databaseUrl) : await connectPGlite(config.dataDir);
  const applied = await migrate(database);
  const seeded = await seed(database, {
    demo: config.demo,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    timeZone: config.timeZone,
    passwordHash: config.passwordHash,
  });
  const app = await buildApp({
    config,
    database,
    closeDatabase: true,
    logger: { level: config.logLevel, stream: logOutput() },
  });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: closing`);
      // A close that hangs (a database that does not answer) must not keep the process alive; the
      // timer holds the event loop itself, so it fires even when nothing else is left.
      setTimeout(() => {
        app.log.error('close did not finish in 10 s: exiting');
        process.exit(1);
      }, 10_000);
      app
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'close failed');
          process.exit(1);
        });
    });
  }

  if (config.demo && config.env === 'production') {
    console.warn(
      [
        '',
        '!!! DEMO=1 in production: the demo accounts are signed in with a published password.',
        '!!! Use DEMO=1 only on a throw-away server; set DEMO=0 with ADMIN_EMAIL and ADMIN_PASSWORD otherwise.',
        '',
      ].join('\n'),
    );
  }
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const lines = [`Lead is running at ${config.publicUrl}/admin/ (database: ${where})`];
  if (seeded && config.demo)
    lines.push(
      `Demo data loaded. Sign in as ${DEMO_USERS.map((u) => u.email).join(', ')} with password ${DEMO_PASSWORD}`,
    );
  else if (config.demo) lines.push(`Demo sign-in: ${DEMO_USERS[0].email} / ${DEMO_PASSWORD}`);
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
