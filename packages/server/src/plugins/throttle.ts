import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { tooManyRequests } from '../lib/http-error.js';

/** A limit of `max` events per key within `windowMs`. */
export interface Limit {
  bucket: string;
  key: string;
  max: number;
  windowMs: number;
}

export interface Throttle {
  /** Throws 429 with Retry-After when any of `limits` is used up. */
  assert(limits: Limit[]): Promise<void>;
  record(limits: Limit[]): Promise<void>;
  clear(bucket: string, key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    throttle: Throttle;
  }
}

/**
 * Counts attempts in the database, so that the limits hold across every
 * server process sharing one PostgreSQL, and across restarts.
 */
export default fp(async function throttle(app: FastifyInstance, opts: { now?: () => Date }) {
  const now = opts.now ?? (() => new Date());

  app.decorate('throttle', {
    async assert(limits) {
      let retryAfter = 0;
      for (const limit of limits) {
        const since = new Date(now().getTime() - limit.windowMs);
        const row = await app.db
          .selectFrom('throttle_events')
          .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
          .where('bucket', '=', limit.bucket)
          .where('key', '=', limit.key)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow();
        if (Number(row.count) >= limit.max && row.oldest) {
          const freeAt = new Date(row.oldest).getTime() + limit.windowMs;
          retryAfter = Math.max(retryAfter, Math.ceil((freeAt - now().getTime()) / 1000), 1);
        }
      }
      if (retryAfter > 0) throw tooManyRequests(retryAfter);
    },
    async record(limits) {
      await app.db
        .insertInto('throttle_events')
        .values(limits.map((l) => ({ bucket: l.bucket, key: l.key, created_at: now() })))
        .execute();
      // Old events count for nothing; drop them as we go.
      await app.db
        .deleteFrom('throttle_events')
        .where('created_at', '<', sql<Date>`${now()}::timestamptz - interval '1 day'`)
        .execute();
    },
    async clear(bucket, key) {
      await app.db.deleteFrom('throttle_events').where('bucket', '=', bucket).where('key', '=', key).execute();
    },
  } satisfies Throttle);
});
