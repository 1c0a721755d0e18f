import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { tooManyRequests } from '../lib/http-error.js';

/** A limit of `max` attempts per key within `windowMs`. */
export interface Limit {
  bucket: string;
  key: string;
  max: number;
  windowMs: number;
}

/** One counted attempt. */
export interface Attempt {
  /** Takes the attempt back (a sign-in that succeeded counts for nothing). */
  forgive(): Promise<void>;
}

export interface Throttle {
  /**
   * Counts one attempt against every limit before the caller does the slow
   * work (a password hash), and throws 429 with Retry-After when any limit is
   * over. The attempt is written first and counted after, so that parallel
   * attempts see each other: of N at once, at most `max` get through.
   */
  hit(limits: Limit[]): Promise<Attempt>;
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
  const forget = async (ids: number[]) => {
    if (ids.length) await app.db.deleteFrom('throttle_events').where('id', 'in', ids).execute();
  };

  app.decorate('throttle', {
    async hit(limits) {
      const at = now();
      // Written and committed on its own, before counting: whoever counts last sees everyone.
      const inserted = await app.db
        .insertInto('throttle_events')
        .values(limits.map((l) => ({ bucket: l.bucket, key: l.key, created_at: at })))
        .returning('id')
        .execute();
      const ids = inserted.map((r) => Number(r.id));
      let retryAfter = 0;
      for (const limit of limits) {
        const since = new Date(at.getTime() - limit.windowMs);
        const row = await app.db
          .selectFrom('throttle_events')
          .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
          .where('bucket', '=', limit.bucket)
          .where('key', '=', limit.key)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow();
        if (Number(row.count) > limit.max && row.oldest) {
          const freeAt = new Date(row.oldest).getTime() + limit.windowMs;
          retryAfter = Math.max(retryAfter, Math.ceil((freeAt - at.getTime()) / 1000), 1);
        }
      }
      if (retryAfter > 0) {
        // A refused attempt does not push the wait further out.
        await forget(ids);
        throw tooManyRequests(retryAfter);
      }
      // Old events count for nothing; drop them as we go.
      await app.db
        .deleteFrom('throttle_events')
        .where('created_at', '<', sql<Date>`${at}::timestamptz - interval '1 day'`)
        .execute();
      return { forgive: () => forget(ids) };
    },
    async clear(bucket, key) {
      await app.db.deleteFrom('throttle_events').where('bucket', '=', bucket).where('key', '=', key).execute();
    },
  } satisfies Throttle);
});
