import {
  Messages,
  SYSTEM_ROLE,
  holdsAllSites,
  normalizeEmail,
  type User,
  type UserPayload,
  AccountStatus,
} from '@lead/contract';
import { UserBody, UserSchema } from '@lead/contract/api';
import type { Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Executor } from '../db/types.js';
import { toWire } from '../lib/time.js';
import { HttpError, forbidden, notFound } from '../lib/http-error.js';
import { assertHoldsAll, siteLimit, type Viewer } from '../lib/scope.js';
import { answerColumns, bodyColumns, pick } from './columns.js';
import { escapeLike, unique } from './common.js';

/** The answer's columns: every key of `UserSchema` but those computed here (never the password hash). */
const readColumns = answerColumns('users', UserSchema, ['roles', 'sites', 'client_ids', 'hostname']);

/** The user as the API shows it, with role, sites and client ids; never the password hash. */
function selectUsers(db: Executor) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select((eb) => [
      ...readColumns.map((k) => `u.${k}` as const),
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
        eb
          .selectFrom('user_clients as uc')
          .whereRef('uc.user_id', '=', 'u.id')
          .select('uc.client_id')
          .orderBy('uc.client_id'),
      ).as('clients'),
    ]);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

export function toUser(row: UserRow, timeZone: string): User {
  return {
    ...pick(row, readColumns),
    roles: [
      { id: row.role_id, name: row.role_name, display_name: row.role_display_name, description: row.role_description },
    ],
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
  filter: { excludeId: number; name?: string; siteIds?: number[]; withinSites?: number[] | null; hideRole?: string },
  timeZone: string,
): Promise<User[]> {
  let q = selectUsers(db).where('u.id', '!=', filter.excludeId);
  if (filter.name) {
    const like = `%${escapeLike(filter.name)}%`;
    q = q.where((eb) =>
      eb.or([eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', like), eb('u.email', 'ilike', like)]),
    );
  }
  if (filter.siteIds?.length) {
    const siteIds = filter.siteIds;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('user_sites as f').whereRef('f.user_id', '=', 'u.id').where('f.site_id', 'in', siteIds)),
    );
  }
  if (filter.withinSites) {
    // Only users none of whose sites is outside these.
    const within = filter.withinSites;
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('user_sites as o').whereRef('o.user_id', '=', 'u.id').where('o.site_id', 'not in', within),
        ),
      ),
    );
  }
  if (filter.hideRole) q = q.where('r.name', '!=', filter.hideRole);
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
  let q = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

async function setLinks(db: Executor, userId: number, siteIds: number[], clientIds: number[]) {
  await db.deleteFrom('user_sites').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_clients').where('user_id', '=', userId).execute();
  if (siteIds.length)
    await db
      .insertInto('user_sites')
      .values(siteIds.map((site_id) => ({ user_id: userId, site_id })))
      .execute();
  if (clientIds.length) {
    await db
      .insertInto('user_clients')
      .values(clientIds.map((client_id) => ({ user_id: userId, client_id })))
      .execute();
  }
}

/** The columns a save writes (`UserBody`); the role is the first of `role_ids`, sites and clients live in join tables. */
const columns = bodyColumns('users', UserBody, {
  relations: ['role_ids', 'site_ids', 'client_ids'],
  normalise: { email: normalizeEmail },
});
export type UserWrite = Static<typeof UserBody>;

export async function insertUser(db: Executor, p: UserWrite): Promise<number> {
  const { id } = await db
    .insertInto('users')
    // No password until the invitation link sets one.
    .values({ ...columns(p), role_id: p.role_ids[0]!, password_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setLinks(db, id, unique(p.site_ids), unique(p.client_ids));
  return id;
}

/** The e-mail address is never changed here (the route refuses another one). */
export async function updateUser(db: Executor, id: number, p: UserWrite): Promise<void> {
  const { email: _locked, ...set } = columns(p);
  await db
    .updateTable('users')
    .set({ ...set, role_id: p.role_ids[0]!, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await setLinks(db, id, unique(p.site_ids), unique(p.client_ids));
}

export async function setPasswordHash(db: Executor, userId: number, hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', userId).execute();
}

/**
 * After a password change or reset: every outstanding reset and invitation
 * link of the user is spent, and every session but `keepTokenId` ends.
 */
export async function spendLinksAndSessions(db: Executor, userId: number, keepTokenId?: number): Promise<void> {
  const now = new Date();
  await db
    .updateTable('password_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  let sessions = db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepTokenId !== undefined) sessions = sessions.where('id', '!=', keepTokenId);
  await sessions.execute();
}

/** The live reset or invitation token `tokenHash` of the account `email`, locked when `lock`. */
export async function findPasswordToken(db: Executor, tokenHash: string, email: string, lock = false) {
  let q = db
    .selectFrom('password_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 'u.id as user_id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .where(sql<string>`lower(u.email)`, '=', email.toLowerCase());
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** An active account by email, for a reset request. */
export async function findActiveByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('status', '=', AccountStatus.Active)
    .executeTakeFirst();
}

/** A new session for `userId`, valid `ttlMs`. */
export async function insertAccessToken(db: Executor, userId: number, tokenHash: string, ttlMs: number): Promise<void> {
  await db
    .insertInto('access_tokens')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: new Date(Date.now() + ttlMs) })
    .execute();
}

export async function revokeAccessToken(db: Executor, tokenId: number): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute();
}

export async function deleteUser(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function revokeSessions(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function passwordHashOf(db: Executor, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function updateDetails(
  db: Executor,
  userId: number,
  d: { first_name: string; last_name: string; avatar?: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: d.first_name.trim(),
      last_name: d.last_name.trim(),
      ...(d.avatar !== undefined ? { avatar: d.avatar } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Users, as every route reaches them, with the rule of who may see and change
 * whom in this one place: a system user, everyone; any other admin, only users
 * all of whose sites are theirs, never a system user, and only granting sites
 * and clients they hold and never the system role.
 */
export interface UsersRepository {
  find(id: number, db?: Executor): Promise<User | undefined>;
  /** The users `viewer` may see and change (never themselves), narrowed by name and sites. */
  list(viewer: Viewer, filter: { name?: string; siteIds?: number[] }): Promise<User[]>;
  /** A user `viewer` may change: 404 when missing, 403 outside their sites or a system user for a non-system viewer. */
  findChangeable(viewer: Viewer, id: number): Promise<User>;
  /** 422 for a missing role or client, 403 for a site, a client or the system role that `viewer` may not grant. */
  assertGrantable(viewer: Viewer, p: UserPayload, db: Executor): Promise<void>;
  credentials(email: string): ReturnType<typeof findCredentials>;
  emailTaken(email: string, db?: Executor): Promise<boolean>;
  /** An optional field the body leaves out: the column's default. */
  insert(p: UserWrite, db: Executor): Promise<number>;
  /** An optional field the body leaves out (`last_name`, `avatar`): unchanged. */
  update(id: number, p: UserWrite, db: Executor): Promise<void>;
  delete(id: number, db: Executor): Promise<void>;
  updateDetails(
    id: number,
    d: { first_name: string; last_name: string; avatar?: string | null },
    db: Executor,
  ): Promise<void>;
  passwordHash(id: number): Promise<string | null>;
  setPasswordHash(id: number, hash: string, db?: Executor): Promise<void>;
  spendLinksAndSessions(id: number, db: Executor, keepTokenId?: number): Promise<void>;
  revokeSessions(id: number, db: Executor): Promise<void>;
  activeByEmail(email: string): ReturnType<typeof findActiveByEmail>;
  passwordToken(tokenHash: string, email: string, db?: Executor, lock?: boolean): ReturnType<typeof findPasswordToken>;
  startSession(id: number, tokenHash: string, ttlMs: number): Promise<void>;
  endSession(tokenId: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

export default fp(
  async function usersRepository(app: FastifyInstance, opts: { timeZone: string }) {
    const tz = opts.timeZone;
    const isSystemUser = (u: User) => u.roles.some((r) => r.name === SYSTEM_ROLE);
    const repo: UsersRepository = {
      find: (id, db = app.db) => findUser(db, id, tz),
      list: (viewer, f) =>
        listUsers(
          app.db,
          {
            excludeId: viewer.id,
            ...f,
            withinSites: siteLimit(viewer),
            ...(viewer.isSystem ? {} : { hideRole: SYSTEM_ROLE }),
          },
          tz,
        ),
      async findChangeable(viewer, id) {
        const user = await findUser(app.db, id, tz);
        if (!user) throw notFound();
        if (
          !viewer.isSystem &&
          (isSystemUser(user) ||
            !holdsAllSites(
              viewer,
              user.sites.map((s) => s.id),
            ))
        )
          throw forbidden(Messages.siteForbidden);
        return user;
      },
      async assertGrantable(viewer, p, db) {
        assertHoldsAll(viewer, p.site_ids);
        const role = await db
          .selectFrom('roles')
          .select(['id', 'name'])
          .where('id', '=', p.role_ids[0]!)
          .executeTakeFirst();
        const clientIds = unique(p.client_ids);
        const clients = clientIds.length
          ? await db
              .selectFrom('client_sites')
              .select(['client_id', 'site_id'])
              .where('client_id', 'in', clientIds)
              .execute()
          : [];
        const bad: Record<string, string[]> = {};
        if (!role) bad.role_ids = ['The selected role is invalid.'];
        if (new Set(clients.map((c) => c.client_id)).size !== clientIds.length)
          bad.client_ids = ['The selected clients are invalid.'];
        if (Object.keys(bad).length) throw HttpError.validation(bad);
        if (role!.name === SYSTEM_ROLE && !viewer.isSystem)
          throw forbidden('Only a system user may grant the system role.');
        // A client is held when every site it runs on is the viewer's.
        assertHoldsAll(
          viewer,
          clients.map((c) => c.site_id),
        );
      },
      credentials: (email) => findCredentials(app.db, email),
      emailTaken: (email, db = app.db) => emailTaken(db, email),
      insert: (p, db) => insertUser(db, p),
      update: (id, p, db) => updateUser(db, id, p),
      delete: (id, db) => deleteUser(db, id),
      updateDetails: (id, d, db) => updateDetails(db, id, d),
      passwordHash: (id) => passwordHashOf(app.db, id),
      setPasswordHash: (id, hash, db = app.db) => setPasswordHash(db, id, hash),
      spendLinksAndSessions: (id, db, keep) => spendLinksAndSessions(db, id, keep),
      revokeSessions: (id, db) => revokeSessions(db, id),
      activeByEmail: (email) => findActiveByEmail(app.db, email),
      passwordToken: (tokenHash, email, db = app.db, lock = false) => findPasswordToken(db, tokenHash, email, lock),
      startSession: (id, tokenHash, ttlMs) => insertAccessToken(app.db, id, tokenHash, ttlMs),
      endSession: (tokenId) => revokeAccessToken(app.db, tokenId),
    };
    app.decorate('users', repo);
  },
  { name: 'users-repository' },
);
