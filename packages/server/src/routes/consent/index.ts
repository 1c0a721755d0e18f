import { ADMIN_PREFIX, consentApi } from '@lead/contract/api';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import type { StoredConsent } from '../../runtime/consent.js';

/**
 * GET /leads/{id}/consent: a lead's consent record (docs/privacy.md), for the users who may see
 * its campaign (its site is one of theirs); to anyone else, and for a lead stored before records
 * were kept, it is not there (404), so that a lead's existence is not told either.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    wirePath(consentApi.record, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(consentApi.record), config: { wire: true } },
    async (request) => {
      const row = await app.revisions.leadConsent(request.params.id);
      if (!row || !request.user.siteIds.includes(row.site_id)) throw notFound();
      const stored = row.consent as StoredConsent | null;
      if (!stored || !row.consent_hash || !row.revision_id || !row.revision_created_at)
        throw notFound('This lead has no consent record.');
      return ok({
        model: {
          lead_id: row.lead_id,
          campaign_id: row.campaign_id,
          revision_id: row.revision_id,
          revision_created_at: row.revision_created_at,
          page_url: row.page_url,
          created_at: row.created_at,
          hash: row.consent_hash,
          terms: stored.terms.map((t) => ({
            block_id: t.block_id,
            key: t.key,
            required: t.required,
            parts: t.parts.map((p) => (p.url ? { text: p.text, url: p.url } : { text: p.text })),
            urls: t.urls,
            text: t.text,
            hash: t.hash,
            ticked: t.ticked,
          })),
        },
      });
    },
  );
};

export default routes;
