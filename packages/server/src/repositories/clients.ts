import { Messages, holdsAllSites, type Client, type ClientPayload } from '@lead/contract';
import { ClientBody, ClientSchema } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { HttpError, conflict, forbidden, notFound } from '../lib/http-error.js';
import type { Viewer } from '../lib/scope.js';
import { toWire } from '../lib/time.js';
import { bodyColumns, answerColumns, emailOrNull } from './columns.js';
import { escapeLike, unique } from './common.js';
import type { Executor } from '../db/types.js';

/** The answer's columns: every key of `ClientSchema` but those computed here. */
const readColumns = answerColumns('clients', ClientSchema, ['manager_name', 'site_ids', 'sites']);

/** The columns a save writes (`ClientBody`); its sites live in `client_sites`. */
const columns = bodyColumns('clients', ClientBody, {
  relations: ['site_ids'],
  normalise: { email: emailOrNull },
});

function selectClients(db: Executor) {
  return db
    .selectFrom('clients as c')
    .leftJoin('users as m', 'm.id', 'c.manager_id')
    .select((eb) => [
      ...readColumns.map((k) => `c.${k}` as const),
      sql<string | null>`nullif(trim(m.first_name || ' ' || m.last_name), '')`.as('manager_name'),
      jsonArrayFrom(
        eb
          .selectFrom('client_sites as cs')
          .innerJoin('sites as s', 's.id', 'cs.site_id')
          .whereRef('cs.client_id', '=', 'c.id')
          .select(['s.id', 's.name', 's.label'])
          .orderBy('s.id'),
      ).as('sites'),
    ]);
}

type ClientRow = Awaited<ReturnType<ReturnType<typeof selectClients>['executeTakeFirstOrThrow']>>;

const toClient = (r: ClientRow, timeZone: string): Client => ({
  ...r,
  site_ids: r.sites.map((s) => s.id),
  created_at: toWire(r.created_at, timeZone)!,
  updated_at: toWire(r.updated_at, timeZone)!,
});

export interface ClientFilter {
  /** Only clients on at least one of these sites (the caller's sites, narrowed by the query). */
  siteIds: number[];
  name?: string;
  /** Only clients assigned to this user. */
  assignedTo?: number;
}

export async function listClients(db: Executor, f: ClientFilter, timeZone: string): Promise<Client[]> {
  let q = selectClients(db).where((eb) =>
    eb.exists(
      eb
        .selectFrom('client_sites as f')
        .whereRef('f.client_id', '=', 'c.id')
        .where('f.site_id', 'in', f.siteIds.length ? f.siteIds : [-1]),
    ),
  );
  if (f.name) q = q.where('c.name', 'ilike', `%${escapeLike(f.name)}%`);
  if (f.assignedTo !== undefined) {
    const userId = f.assignedTo;
    q = q.where((eb) =>
      eb.exists(
        eb.selectFrom('user_clients as uc').whereRef('uc.client_id', '=', 'c.id').where('uc.user_id', '=', userId),
      ),
    );
  }
  const rows = await q.orderBy('c.name').orderBy('c.id').execute();
  return rows.map((r) => toClient(r, timeZone));
}

export async function findClient(db: Executor, id: number, timeZone: string): Promise<Client | undefined> {
  const row = await selectClients(db).where('c.id', '=', id).executeTakeFirst();
  return row && toClient(row, timeZone);
}

async function setSites(db: Executor, clientId: number, siteIds: number[]) {
  await db.deleteFrom('client_sites').where('client_id', '=', clientId).execute();
  await db
    .insertInto('client_sites')
    .values(unique(siteIds).map((site_id) => ({ client_id: clientId, site_id })))
    .execute();
}

export async function insertClient(db: Executor, p: ClientPayload): Promise<number> {
  const { id } = await db.insertInto('clients').values(columns(p)).returning('id').executeTakeFirstOrThrow();
  await setSites(db, id, p.site_ids);
  return id;
}

export async function updateClient(db: Executor, id: number, p: ClientPayload): Promise<void> {
  await db
    .updateTable('clients')
    .set({ ...columns(p), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await setSites(db, id, p.site_ids);
}

/**
 * Clients, with who may change which in one place. Listing shows the clients
 * that share a site with the caller (their campaigns need them); changing or
 * deleting one needs every one of its sites (a system user has them all).
 */
export interface ClientsRepository {
  list(f: ClientFilter): Promise<Client[]>;
  find(id: number): Promise<Client | undefined>;
  /** 404 when missing, 403 unless `viewer` holds every site of the client. */
  findChangeable(viewer: Viewer, id: number): Promise<Client>;
  /** 422 unless the account manager is a user. */
  assertManager(managerId: number, db: Executor): Promise<void>;
  insert(p: ClientPayload, db: Executor): Promise<number>;
  update(id: number, p: ClientPayload, db: Executor): Promise<void>;
  /** 409 while any campaign (deleted ones too, whose figures stay) belongs to it. */
  delete(id: number, db: Executor): Promise<void>;
  /** Whether the client runs on the site. */
  isOnSite(clientId: number, siteId: number): Promise<boolean>;
  /** Whether `viewer` holds each of the clients: every site each runs on is theirs (a system user holds them all). */
  holdsAll(viewer: Viewer, clientIds: number[]): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    clients: ClientsRepository;
  }
}

export const CLIENT_HAS_CAMPAIGNS = 'This client still has campaigns and cannot be deleted.';

export default fp(
  async function clientsRepository(app: FastifyInstance, opts: { timeZone: string }) {
    const tz = opts.timeZone;
    app.decorate('clients', {
      list: (f) => listClients(app.db, f, tz),
      find: (id) => findClient(app.db, id, tz),
      async findChangeable(viewer, id) {
        const client = await findClient(app.db, id, tz);
        if (!client) throw notFound();
        if (!holdsAllSites(viewer, client.site_ids)) throw forbidden(Messages.siteForbidden);
        return client;
      },
      async assertManager(managerId, db) {
        const exists = await db.selectFrom('users').select('id').where('id', '=', managerId).executeTakeFirst();
        if (!exists) throw HttpError.validation({ manager_id: ['The selected account manager is invalid.'] });
      },
      insert: (p, db) => insertClient(db, p),
      update: (id, p, db) => updateClient(db, id, p),
      async delete(id, db) {
        const used = await db
          .selectFrom('campaigns')
          .select('id')
          .where('client_id', '=', id)
          .limit(1)
          .executeTakeFirst();
        if (used) throw conflict(CLIENT_HAS_CAMPAIGNS);
        await db.deleteFrom('clients').where('id', '=', id).execute();
      },
      async isOnSite(clientId, siteId) {
        const row = await app.db
          .selectFrom('client_sites')
          .select('client_id')
          .where('client_id', '=', clientId)
          .where('site_id', '=', siteId)
          .executeTakeFirst();
        return row !== undefined;
      },
      async holdsAll(viewer, clientIds) {
        if (viewer.isSystem) return true;
        const rows = await app.db
          .selectFrom('client_sites')
          .select('site_id')
          .where('client_id', 'in', clientIds.length ? clientIds : [-1])
          .execute();
        return holdsAllSites(
          viewer,
          rows.map((r) => r.site_id),
        );
      },
    } satisfies ClientsRepository);
  },
  { name: 'clients-repository' },
);
