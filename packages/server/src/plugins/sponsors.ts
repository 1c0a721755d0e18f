import type { Sponsor } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Sponsors {
  /** A site's sponsors from its CMS (cached 10 minutes), or the ones stored for it when the CMS has none or fails. */
  forSite(site: { id: number; cms_base: string | null }): Promise<Sponsor[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sponsors: Sponsors;
  }
}

const TTL_MS = 10 * 60 * 1000;
const TIMEOUT_MS = 5000;

interface WordPressAnswer {
  data?: { sponsors?: Array<{ ID?: unknown; post_title?: unknown }> };
}

export default fp(async function sponsors(app: FastifyInstance, opts: { fetch?: typeof fetch } = {}) {
  const fetcher = opts.fetch ?? fetch;
  const cache = new Map<number, { at: number; sponsors: Sponsor[] }>();

  async function fromCms(base: string): Promise<Sponsor[] | null> {
    try {
      const url = new URL('api/sponsors', base.endsWith('/') ? base : `${base}/`);
      url.searchParams.set('per_page', '100');
      const res = await fetcher(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`CMS answered ${res.status}`);
      const body = (await res.json()) as WordPressAnswer;
      const list = body.data?.sponsors;
      if (!Array.isArray(list)) throw new Error('CMS answer has no data.sponsors');
      return list
        .filter((s) => Number.isInteger(Number(s.ID)) && typeof s.post_title === 'string')
        .map((s) => ({ id: Number(s.ID), name: String(s.post_title) }));
    } catch (error) {
      // Sponsor fetch failures are only logged.
      app.log.warn({ err: error, base }, 'sponsor fetch failed; using stored sponsors');
      return null;
    }
  }

  app.decorate('sponsors', {
    async forSite(site) {
      const hit = cache.get(site.id);
      if (hit && Date.now() - hit.at < TTL_MS) return hit.sponsors;
      const remote = site.cms_base ? await fromCms(site.cms_base) : null;
      const list =
        remote ??
        (await app.db
          .selectFrom('sponsors')
          .select(['id', 'name'])
          .where('site_id', '=', site.id)
          .orderBy('name')
          .orderBy('id')
          .execute());
      if (remote) cache.set(site.id, { at: Date.now(), sponsors: remote });
      return list;
    },
  } satisfies Sponsors);
});
