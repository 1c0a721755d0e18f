import { randomBytes } from 'node:crypto';
import type { Destination, DestinationInput } from '@lead/contract';
import { DestinationInputSchema, DestinationSchema } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Selectable } from 'kysely';
import { toWire } from '../lib/time.js';
import type { Destinations } from '../db/schema.js';
import type { Executor } from '../db/types.js';
import { answerColumns, bodyColumns, pick } from './columns.js';

/** How long a rotated-out secret still signs beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A webhook secret as Standard Webhooks writes it: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

type Row = Selectable<Destinations>;

/** The answer's columns: every key of `DestinationSchema` (its times are written in the server's zone). */
const readColumns = answerColumns('destinations', DestinationSchema);

export function toDestination(r: Row, timeZone: string): Destination {
  return {
    ...pick(r, readColumns),
    last_success_at: toWire(r.last_success_at, timeZone),
    last_failure_at: toWire(r.last_failure_at, timeZone),
    created_at: toWire(r.created_at, timeZone)!,
    updated_at: toWire(r.updated_at, timeZone)!,
  };
}

/** The columns a save writes (`DestinationInputSchema`): campaigns in order, each once; recipients lower-case, each once. */
const columns = bodyColumns('destinations', DestinationInputSchema, {
  normalise: {
    campaign_ids: (ids) => ids && [...new Set(ids)].sort((a, b) => a - b),
    recipients: (list) => list && [...new Set(list.map((r) => r.trim().toLowerCase()))],
  },
});

/** The columns a save writes: only the fields of the destination's kind, the others null. */
export function inputColumns(p: DestinationInput) {
  const other =
    p.kind === 'webhook'
      ? { format: null, schedule: null, hour: null, recipients: null }
      : { url: null, ...(p.schedule === 'daily' ? {} : { hour: null }) };
  return { ...columns(p), ...other };
}

export interface DestinationsRepository {
  list(clientId: number): Promise<Destination[]>;
  find(clientId: number, id: number): Promise<Destination | undefined>;
  /** The campaigns among `ids` that are not the client's (a destination covers only its client's). */
  foreignCampaigns(clientId: number, ids: number[]): Promise<number[]>;
  insert(clientId: number, p: DestinationInput, db: Executor): Promise<number>;
  /** Saving also resumes a paused or disabled destination: an admin has looked at it. */
  update(id: number, p: DestinationInput, db: Executor): Promise<void>;
  delete(id: number, db: Executor): Promise<void>;
  /** A new current secret; the one it replaces signs beside it for 24 hours, older ones are dropped. */
  rotateSecret(id: number, db: Executor): Promise<string>;
  /** The secrets that sign now, current first. */
  signingSecrets(id: number): Promise<string[]>;
  /** What the webhook worker posts with, in one query: the URL and the secrets that sign now (current first); undefined once deleted. */
  signingTarget(id: number): Promise<{ url: string | null; secrets: string[] } | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    destinations: DestinationsRepository;
  }
}

export default fp(
  async function destinationsRepository(app: FastifyInstance, opts: { timeZone: string; now: () => Date }) {
    const tz = opts.timeZone;
    const select = () => app.db.selectFrom('destinations').selectAll();
    app.decorate('destinations', {
      async list(clientId) {
        const rows = await select().where('client_id', '=', clientId).orderBy('id').execute();
        return rows.map((r) => toDestination(r, tz));
      },
      async find(clientId, id) {
        const row = await select().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
        return row && toDestination(row, tz);
      },
      async foreignCampaigns(clientId, ids) {
        if (ids.length === 0) return [];
        const own = await app.db
          .selectFrom('campaigns')
          .select('id')
          .where('client_id', '=', clientId)
          .where('id', 'in', ids)
          .execute();
        const mine = new Set(own.map((r) => r.id));
        return ids.filter((id) => !mine.has(id));
      },
      async insert(clientId, p, db) {
        const now = opts.now();
        const { id } = await db
          .insertInto('destinations')
          .values({ client_id: clientId, ...inputColumns(p), created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      },
      async update(id, p, db) {
        await db
          .updateTable('destinations')
          .set({
            ...inputColumns(p),
            state: 'active',
            failing_since: null,
            consecutive_failures: 0,
            updated_at: opts.now(),
          })
          .where('id', '=', id)
          .execute();
      },
      async delete(id, db) {
        await db.deleteFrom('destinations').where('id', '=', id).execute();
      },
      async rotateSecret(id, db) {
        const now = opts.now();
        // One rotation at a time per destination: two at once would leave two secrets that never expire.
        await db.selectFrom('destinations').select('id').where('id', '=', id).forUpdate().execute();
        await db
          .deleteFrom('destination_secrets')
          .where('destination_id', '=', id)
          .where('expires_at', 'is not', null)
          .execute();
        await db
          .updateTable('destination_secrets')
          .set({ expires_at: new Date(now.getTime() + ROTATION_OVERLAP_MS) })
          .where('destination_id', '=', id)
          .where('expires_at', 'is', null)
          .execute();
        const secret = newWebhookSecret();
        await db.insertInto('destination_secrets').values({ destination_id: id, secret, created_at: now }).execute();
        return secret;
      },
      async signingSecrets(id) {
        const rows = await app.db
          .selectFrom('destination_secrets')
          .select('secret')
          .where('destination_id', '=', id)
          .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', opts.now())]))
          .orderBy('id', 'desc')
          .execute();
        return rows.map((r) => r.secret);
      },
      async signingTarget(id) {
        const { rows } = await sql<{ url: string | null; secrets: string[] }>`
          SELECT t.url, array(
            SELECT s.secret FROM destination_secrets s
            WHERE s.destination_id = t.id AND (s.expires_at IS NULL OR s.expires_at > ${opts.now()})
            ORDER BY s.id DESC) AS secrets
          FROM destinations t WHERE t.id = ${id}`.execute(app.db);
        return rows[0];
      },
    } satisfies DestinationsRepository);
  },
  { name: 'destinations-repository' },
);
