import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_PREFIX, campaignActionsApi } from '@lead/contract/api';
import { newToken } from '../../lib/crypto.js';
import { ok } from '../../lib/envelope.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { loadCampaign } from './shared.js';

/** A preview link lives this long. */
export const PREVIEW_TTL_MS = 10 * 60 * 1000;

/** The page a preview opens on: the campaign's first target link, or the site's home page. */
export function previewPage(
  targets: Array<{ type: string; target: string }>,
  host: string,
  demoBase: string | null,
): URL {
  const link = targets.find((t) => t.type === 'links')?.target;
  let page: URL;
  try {
    page = new URL(link ?? `https://${host}/`);
  } catch {
    page = new URL(`https://${host}/`);
  }
  if (demoBase) {
    // The demo partner pages: the same path on <site>.localhost of this server.
    const base = new URL(demoBase);
    page = new URL(
      `${page.pathname}${page.search}`,
      `${base.protocol}//${host}.localhost${base.port ? `:${base.port}` : ''}`,
    );
  }
  return page;
}

/**
 * POST /campaign/{id}/preview: a signed link, valid 10 minutes, that opens the campaign on a
 * partner page at once (any status; nothing counted). For staff only: the token is never public.
 */
const routes: FastifyPluginAsyncTypebox<{ demoBase: string | null }> = async (app, opts) => {
  app.post(
    wirePath(campaignActionsApi.preview, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(campaignActionsApi.preview), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user!, request.params.id);
      const site = await app.db
        .selectFrom('sites')
        .select('name')
        .where('id', '=', row.site_id)
        .executeTakeFirstOrThrow();
      const targets = await app.db
        .selectFrom('campaign_targets')
        .select(['type', 'target'])
        .where('campaign_id', '=', row.parent_id ?? row.id)
        .orderBy('position')
        .execute();
      const { token, hash } = newToken();
      const expires = new Date(Date.now() + PREVIEW_TTL_MS);
      await app.db
        .insertInto('campaign_previews')
        .values({ token_hash: hash, campaign_id: row.id, expires_at: expires })
        .execute();
      await app.db.deleteFrom('campaign_previews').where('expires_at', '<', new Date()).execute();
      const url = previewPage(targets, site.name, opts.demoBase);
      url.searchParams.set('lead_preview', token);
      return ok({ url: url.toString(), expires_at: expires.toISOString() });
    },
  );
};

export default routes;
