import type { FormBlock } from '@lead/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { addMissingRevisions } from '../repositories/revisions.js';
import { buildConsent } from '../runtime/consent.js';

/** Each demo campaign's leads came from this many articles (`article-N/`) of its first link target. */
export const DEMO_ARTICLES = 40;
/** Records per INSERT of the consent table. */
const CHUNK = 1000;

/**
 * The demo's proof of consent, made before its leads: each campaign's first revision (its forms
 * as seeded, dated at its creation), and for each of its articles the consent record a lead from
 * the pop-up there gets (`runtime/consent.ts`, the terms ticked where the form has them), in the
 * transaction's temporary table `seed_consent` (campaign_id, article, page_url, revision_id,
 * consent, hash), which the leads' INSERT joins: its page_url is the lead's, written once here. (Written into the leads afterwards, they took an UPDATE of every
 * row: a third of the demo's seeding time.)
 */
export async function prepareDemoConsent(db: Executor): Promise<void> {
  await addMissingRevisions(db);
  const { rows } = await sql<{
    campaign_id: number;
    revision_id: number;
    forms: FormBlock[] | null;
    target: string | null;
  }>`
    SELECT DISTINCT ON (c.id) c.id AS campaign_id, r.id AS revision_id, r.forms,
      (SELECT t.target FROM campaign_targets t WHERE t.campaign_id = coalesce(c.parent_id, c.id) AND t.type = 'links' ORDER BY t.position LIMIT 1) AS target
    FROM campaigns c JOIN campaign_revisions r ON r.campaign_id = c.id
    ORDER BY c.id, r.id DESC`.execute(db);
  const records = rows.flatMap((row) => {
    if (row.target === null) return [];
    const forms = row.forms ?? [];
    const revision = { id: Number(row.revision_id), campaign_id: row.campaign_id, forms };
    // The leads' answers tick the terms exactly where the form asks for them (campaigns.ts).
    const values: Record<string, string> = forms.some((b) => b.data?.value === 'terms') ? { terms: '1' } : {};
    return Array.from({ length: DEMO_ARTICLES }, (_, i) => {
      const pageUrl = `${row.target}article-${i + 1}/`;
      const { record, hash } = buildConsent(revision, values, pageUrl);
      return {
        campaign_id: row.campaign_id,
        article: i + 1,
        page_url: pageUrl,
        revision_id: revision.id,
        consent: record,
        hash,
      };
    });
  });
  await sql`CREATE TEMPORARY TABLE seed_consent (
      campaign_id integer, article integer, page_url text, revision_id integer, consent jsonb, hash text, PRIMARY KEY (campaign_id, article)
    ) ON COMMIT DROP`.execute(db);
  for (let start = 0; start < records.length; start += CHUNK) {
    await sql`
      INSERT INTO seed_consent
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(records.slice(start, start + CHUNK))}::jsonb)
        AS u(campaign_id integer, article integer, page_url text, revision_id integer, consent jsonb, hash text)`.execute(
      db,
    );
  }
}
