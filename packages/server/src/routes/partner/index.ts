/**
 * The demo partner site (`npm start`, DEMO=1): every demo site's pages, live, at
 * `http://<site>.localhost:8080/` (browsers resolve *.localhost to this machine), or at the
 * site's own hostname when it is mapped here (the browser tests). The pages carry the loader
 * from `localhost`, another origin, as a real partner page would.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { comparableLink, type PublicCampaigns } from '@lead/contract';
import { articlePage, homePage, type ArticleLink, type PartnerSite } from './pages.js';

const SKIP = /^\/(api|embed|uploads|admin)(\/|$)/;

export default fp(async function partnerPages(app: FastifyInstance) {
  let sites: Map<string, PartnerSite> | null = null;
  const siteFor = async (host: string): Promise<PartnerSite | null> => {
    if (!sites) {
      const rows = await app.db.selectFrom('sites').select(['id', 'name', 'label', 'description']).execute();
      sites = new Map(
        rows.map((r) => [r.name.toLowerCase(), { id: r.id, host: r.name, label: r.label, description: r.description }]),
      );
    }
    const name = host.replace(/^www\./, '').replace(/\.localhost$/, '');
    return sites.get(name) ?? null;
  };

  /** The loader's address: this server on `localhost`, the same port. */
  const loaderFor = (request: FastifyRequest) => {
    const port = /:(\d+)$/.exec(request.headers.host ?? '')?.[1];
    return `${request.protocol}://localhost${port ? `:${port}` : ''}/embed/v1/loader.js`;
  };

  app.addHook('onRequest', (request, reply, done) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    // Most requests are not for a partner page: answered without a promise.
    if (
      !host ||
      host === 'localhost' ||
      request.method !== 'GET' ||
      SKIP.test(request.url) ||
      /^[\d.]+$|^\[/.test(host)
    )
      return done();
    siteFor(host).then(
      // Answered here (the hook replies; the route never runs), or passed on.
      (site) => (site ? void page(site, host, request, reply).catch((error: unknown) => reply.send(error)) : done()),
      (error: unknown) => done(error as Error),
    );
  });

  async function page(site: PartnerSite, host: string, request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, `http://${host}`);
    const loader = loaderFor(request);
    const origin = new URL(loader).origin;
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'self'; script-src 'self' 'unsafe-inline' ${origin}; connect-src 'self' ${origin}; font-src 'self' ${origin}; img-src * data: blob:; media-src *; style-src 'self' 'unsafe-inline'`,
      );
    if (url.pathname === '/') {
      const served = await app.served.campaigns(site.id);
      const links: ArticleLink[] = [];
      for (const c of served ? (JSON.parse(served.body) as PublicCampaigns).campaigns : []) {
        const link = c.links[0];
        const show = ['on_click', 'hover', 'custom'].includes(c.trigger.type)
          ? `?show=${encodeURIComponent(c.code)}&trigger=${c.trigger.type}`
          : '';
        const note = `${c.code} · ${c.layout} · ${c.trigger.type}${c.test ? ` · A/B test ${c.test}` : ''}`;
        if (link) {
          const path = comparableLink(link.target).replace(/^[^/]*/, '') || '/';
          const page = link.option === 'exact_match' ? path : `${path.replace(/\/?$/, '/')}article-1/`;
          links.push({ href: `${page}${show}`, title: `Article for ${c.code}`, note });
        } else if (c.tags[0]) {
          links.push({
            href: `/tags/${encodeURIComponent(c.tags[0])}/article-1/${show}`,
            title: `Article tagged ${c.tags[0]}`,
            note,
          });
        }
      }
      return reply.send(homePage(site, links, loader));
    }
    const tag = /^\/tags\/([^/]+)\//.exec(url.pathname)?.[1];
    const code = url.searchParams.get('show');
    const trigger = url.searchParams.get('trigger') ?? 'on_click';
    return reply.send(
      articlePage(
        site,
        url.pathname,
        tag ? [decodeURIComponent(tag)] : [],
        loader,
        code ? { code, type: trigger } : null,
      ),
    );
  }
});
