import type { Client, ClientPayload } from '@lead/contract';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { toWire } from '../lib/time.js';
import { escapeLike, unique } from './common.js';
import type { Executor } from '../db/types.js';

function selectClients(db: Executor) {
  return db
    .selectFrom('clients as c')
    .leftJoin('users as m', 'm.id', 'c.manager_id')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.contact_name',
      'c.phone_number',
      'c.title',
      'c.email',
      'c.manager_id',
      sql<string | null>`nullif(trim(m.first_name || ' ' || m.last_name), '')`.as('manager_name'),
      'c.created_at',
      'c.updated_at',
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
    eb.exists(eb.selectFrom('client_sites as f').whereRef('f.client_id', '=', 'c.id').where('f.site_id', 'in', f.siteIds.length ? f.siteIds : [-1])),
  );
  if (f.name) q = q.where('c.name', 'ilike', `%${escapeLike(f.name)}%`);
  if (f.assignedTo !== undefined) {
    const userId = f.assignedTo;
    q = q.where((eb) => eb.exists(eb.selectFrom('user_clients as uc').whereRef('uc.client_id', '=', 'c.id').where('uc.user_id', '=', userId)));
  }
  const rows = await q.orderBy('c.name').orderBy('c.id').execute();
  return rows.map((r) => toClient(r, timeZone));
}

export async function findClient(db: Executor, id: number, timeZone: string): Promise<Client | undefined> {
  const row = await selectClients(db).where('c.id', '=', id).executeTakeFirst();
  return row && toClient(row, timeZone);
}

const columns = (p: ClientPayload) => ({
  name: p.name.trim(),
  contact_name: p.contact_name?.trim() || null,
  phone_number: p.phone_number?.trim() || null,
  title: p.title?.trim() || null,
  email: p.email?.trim().toLowerCase() || null,
  manager_id: p.manager_id,
});

async function setSites(db: Executor, clientId: number, siteIds: number[]) {
  await db.deleteFrom('client_sites').where('client_id', '=', clientId).execute();
  await db.insertInto('client_sites').values(unique(siteIds).map((site_id) => ({ client_id: clientId, site_id }))).execute();
}

export async function insertClient(db: Executor, p: ClientPayload): Promise<number> {
  const { id } = await db.insertInto('clients').values(columns(p)).returning('id').executeTakeFirstOrThrow();
  await setSites(db, id, p.site_ids);
  return id;
}

export async function updateClient(db: Executor, id: number, p: ClientPayload): Promise<void> {
  await db.updateTable('clients').set({ ...columns(p), updated_at: new Date() }).where('id', '=', id).execute();
  await setSites(db, id, p.site_ids);
}
