import type { User, UserPayload } from '@lead/contract';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Executor } from '../db/types.js';
import { toWire } from '../lib/time.js';
import { escapeLike, unique } from './common.js';


/** The user as the API shows it, with role, sites and client ids; never the password hash. */
function selectUsers(db: Executor) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select((eb) => [
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.avatar',
      'u.status',
      'u.created_at',
      'r.id as role_id',
      'r.name as role_name',
      'r.display_name as role_display_name',
      'r.description as role_description',
      jsonArrayFrom(
        eb
          .selectFrom('user_sites as us')
          .innerJoin('sites as s', 's.id', 'us.site_id')
          .whereRef('us.user_id', '=', 'u.id')
          .select(['s.id', 's.name as hostname'])
          .orderBy('s.id'),
      ).as('sites'),
      jsonArrayFrom(
        eb.selectFrom('user_clients as uc').whereRef('uc.user_id', '=', 'u.id').select('uc.client_id').orderBy('uc.client_id'),
      ).as('clients'),
    ]);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

export function toUser(row: UserRow, timeZone: string): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    avatar: row.avatar,
    status: row.status,
    roles: [{ id: row.role_id, name: row.role_name, display_name: row.role_display_name, description: row.role_description }],
    sites: row.sites,
    client_ids: row.clients.map((c) => c.client_id),
    created_at: toWire(row.created_at, timeZone)!,
    hostname: row.sites[0]?.hostname ?? null,
  };
}

export async function findUser(db: Executor, id: number, timeZone: string): Promise<User | undefined> {
  const row = await selectUsers(db).where('u.id', '=', id).executeTakeFirst();
  return row && toUser(row, timeZone);
}

export async function listUsers(
  db: Executor,
  filter: { excludeId: number; name?: string; siteIds?: number[] },
  timeZone: string,
): Promise<User[]> {
  let q = selectUsers(db).where('u.id', '!=', filter.excludeId);
  if (filter.name) {
    const like = `%${escapeLike(filter.name)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', like),
        eb('u.email', 'ilike', like),
      ]),
    );
  }
  if (filter.siteIds?.length) {
    const siteIds = filter.siteIds;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('user_sites as f').whereRef('f.user_id', '=', 'u.id').where('f.site_id', 'in', siteIds)),
    );
  }
  const rows = await q.orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').execute();
  return rows.map((r) => toUser(r, timeZone));
}


export async function findCredentials(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

async function setLinks(db: Executor, userId: number, siteIds: number[], clientIds: number[]) {
  await db.deleteFrom('user_sites').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_clients').where('user_id', '=', userId).execute();
  if (siteIds.length) await db.insertInto('user_sites').values(siteIds.map((site_id) => ({ user_id: userId, site_id }))).execute();
  if (clientIds.length) {
    await db.insertInto('user_clients').values(clientIds.map((client_id) => ({ user_id: userId, client_id }))).execute();
  }
}

export async function insertUser(db: Executor, p: UserPayload & { password_hash?: string | null }): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      first_name: p.first_name.trim(),
      last_name: (p.last_name ?? '').trim(),
      email: p.email.trim().toLowerCase(),
      avatar: p.avatar ?? null,
      status: p.status,
      role_id: p.role_ids[0]!,
      password_hash: p.password_hash ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setLinks(db, id, unique(p.site_ids), unique(p.client_ids));
  return id;
}

export async function updateUser(db: Executor, id: number, p: UserPayload): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: p.first_name.trim(),
      last_name: (p.last_name ?? '').trim(),
      avatar: p.avatar ?? null,
      status: p.status,
      role_id: p.role_ids[0]!,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  await setLinks(db, id, unique(p.site_ids), unique(p.client_ids));
}

