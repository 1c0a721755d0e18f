import type { FormBlock } from '@lead/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { addMissingRevisions } from '../repositories/revisions.js';
import { buildConsent } from '../runtime/consent.js';

/** Rows per UPDATE of the demo leads' records. */
const CHUNK = 500;

/**
 * The demo's proof of consent: each campaign's first revision (its forms as seeded, dated at its
 * creation), and each demo lead's consent record built from it as a lead from the pop-up gets one
 * (`runtime/consent.ts`): one record per campaign, page and tick, written to its leads in chunks.
 */
export async function seedConsent(db: Executor): Promise<void> {
  await addMissingRevisions(db);
  const { rows: revisions } = await sql<{ campaign_id: number; id: number; forms: FormBlock[] }>`
    SELECT DISTINCT ON (campaign_id) campaign_id, id, forms FROM campaign_revisions ORDER BY campaign_id, id DESC`.execute(db);
  const byCampaign = new Map(revisions.map((r) => [r.campaign_id, { id: Number(r.id), campaign_id: r.campaign_id, forms: r.forms ?? [] }]));
  const { rows: kinds } = await sql<{ campaign_id: number; page_url: string; terms: string | null }>`
    SELECT DISTINCT campaign_id, page_url, data->>'terms' AS terms FROM leads WHERE consent IS NULL AND page_url IS NOT NULL`.execute(db);
  const updates = kinds.flatMap((k) => {
    const revision = byCampaign.get(k.campaign_id);
    if (!revision) return [];
    const { record, hash } = buildConsent(revision, k.terms === null ? {} : { terms: k.terms }, k.page_url);
    return [{ campaign_id: k.campaign_id, page_url: k.page_url, terms: k.terms, revision_id: revision.id, consent: record, hash }];
  });
  for (let start = 0; start < updates.length; start += CHUNK) {
    await sql`
      UPDATE leads l SET revision_id = u.revision_id, consent = u.consent, consent_hash = u.hash
      FROM jsonb_to_recordset(${JSON.stringify(updates.slice(start, start + CHUNK))}::jsonb)
        AS u(campaign_id integer, page_url text, terms text, revision_id integer, consent jsonb, hash text)
      WHERE l.campaign_id = u.campaign_id AND l.page_url = u.page_url AND (l.data->>'terms') IS NOT DISTINCT FROM u.terms AND l.consent IS NULL`.execute(db);
  }
}
