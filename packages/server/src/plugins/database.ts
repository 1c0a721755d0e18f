import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/connect.js';
import type { DB } from '../db/types.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    database: Database;
  }
}

/** Exposes the connected database as `app.db` (Kysely) and closes it with the server. */
export default fp(async function database(app: FastifyInstance, opts: { database: Database; closeDatabase: boolean }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.closeDatabase) app.addHook('onClose', () => opts.database.close());
});
