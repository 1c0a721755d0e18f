import type { Role, Site, SiteClient } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';

/** A site as GET /sites sends it: each client with every site it runs on. */
export type SiteWithClients = Site & { clients: Array<Required<SiteClient>> };

/** Sites and roles: the reference data every screen reads. */
export interface SitesRepository {
  /** The given sites, each with the clients on it, in id order. */
  withClients(siteIds: number[]): Promise<SiteWithClients[]>;
  find(id: number): Promise<{ id: number; name: string; cms_base: string | null } | undefined>;
  roles(): Promise<Role[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sites: SitesRepository;
  }
}

export default fp(
  async function sitesRepository(app: FastifyInstance) {
    app.decorate('sites', {
      withClients: async (siteIds) => {
        const rows = await app.db
          .selectFrom('sites as s')
          .select((eb) => [
            's.id',
            's.name',
            's.label',
            's.flag',
            's.description',
            's.country_id',
            jsonArrayFrom(
              eb
                .selectFrom('client_sites as cs')
                .innerJoin('clients as c', 'c.id', 'cs.client_id')
                .whereRef('cs.site_id', '=', 's.id')
                .select((e) => [
                  'c.id',
                  'c.name',
                  e
                    .selectFrom('client_sites as all_sites')
                    .whereRef('all_sites.client_id', '=', 'c.id')
                    .select(sql<number[]>`array_agg(all_sites.site_id ORDER BY all_sites.site_id)`.as('ids'))
                    .as('site_ids'),
                ])
                .orderBy('c.name')
                .orderBy('c.id'),
            ).as('clients'),
          ])
          .where('s.id', 'in', siteIds.length ? siteIds : [-1])
          .orderBy('s.id')
          .execute();
        return rows.map((s) => ({
          ...s,
          clients: s.clients.map((c) => ({ ...c, site_ids: (c.site_ids ?? []).map(Number) })),
        }));
      },
      find: (id) =>
        app.db.selectFrom('sites').select(['id', 'name', 'cms_base']).where('id', '=', id).executeTakeFirst(),
      roles: () => app.db.selectFrom('roles').selectAll().orderBy('id').execute(),
    } satisfies SitesRepository);
  },
  { name: 'sites-repository' },
);
