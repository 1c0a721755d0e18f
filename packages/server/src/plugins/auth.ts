import { Messages, SYSTEM_ROLE, isAdminRole } from '@lead/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hashToken } from '../lib/crypto.js';
import { forbidden, unauthorized } from '../lib/http-error.js';

/** Who may call a route; routes are signed-in only unless they say otherwise. */
export type Access = 'public' | 'user' | 'admin';

export interface AuthUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  isAdmin: boolean;
  /** The system role: sees and changes every user, client and history entry. */
  isSystem: boolean;
  siteIds: number[];
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in caller; set on every route whose access is not 'public'. */
    user: AuthUser;
  }
  interface FastifyInstance {
    /** onRequest hook of the API scope: sets `request.user` or answers 401/403 by the route's `access`. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** Throws 403 unless the caller is assigned to every one of `siteIds`. */
    assertSites(user: Pick<AuthUser, 'siteIds'>, siteIds: Iterable<number>): void;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match ? match[1]! : null;
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('user', null as unknown as AuthUser);

  app.decorate('assertSites', (user: Pick<AuthUser, 'siteIds'>, siteIds: Iterable<number>) => {
    for (const id of siteIds) if (!user.siteIds.includes(id)) throw forbidden(Messages.siteForbidden);
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access ?? 'user';
    if (access === 'public') return;
    const token = bearer(request);
    if (!token) throw unauthorized();
    const row = await app.db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select((eb) => [
        't.id as token_id',
        'u.id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'r.name as role',
        eb
          .selectFrom('user_sites as us')
          .whereRef('us.user_id', '=', 'u.id')
          .select((e) =>
            e.fn.coalesce(e.fn.agg<number[]>('array_agg', ['us.site_id']), e.val([] as number[])).as('ids'),
          )
          .as('site_ids'),
      ])
      .where('t.token_hash', '=', hashToken(token))
      .where('t.revoked_at', 'is', null)
      .where('t.expires_at', '>', new Date())
      .where('u.status', '=', 1)
      .executeTakeFirst();
    if (!row) throw unauthorized();
    request.user = {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      role: row.role,
      isAdmin: isAdminRole(row.role),
      isSystem: row.role === SYSTEM_ROLE,
      siteIds: (row.site_ids ?? []).map(Number),
      tokenId: row.token_id,
    };
    if (access === 'admin' && !request.user.isAdmin) throw forbidden();
  });
});
