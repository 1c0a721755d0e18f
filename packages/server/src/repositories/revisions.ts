/**
 * Campaign revisions (issue #31, proof of consent): every save of a campaign keeps its forms as
 * stored, one row per save (create, update, copy, each variant); a lead points at the revision its
 * visitor saw. Revisions are only ever added.
 */
import type { FormBlock } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { fieldsOf } from '../lib/personal.js';
import { toWire } from '../lib/time.js';

export interface Revision {
  id: number;
  campaign_id: number;
  forms: FormBlock[];
}

/** Keeps the campaign's forms as they are stored now as a new revision (inside the save's transaction); its id. */
export async function addRevision(db: Executor, campaignId: number, by: number | null, at: Date): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO campaign_revisions (campaign_id, forms, created_at, created_by)
    SELECT id, forms, ${at}, ${by} FROM campaigns WHERE id = ${campaignId}
    RETURNING id`.execute(db);
  if (!rows[0]) throw new Error(`no campaign ${campaignId} to keep a revision of`);
  return Number(rows[0].id);
}

/** Campaigns stored without a revision (the seed writes campaigns directly): each gets one of its forms as they are, dated at its creation. */
export async function addMissingRevisions(db: Executor): Promise<void> {
  await sql`
    INSERT INTO campaign_revisions (campaign_id, forms, created_at, created_by)
    SELECT c.id, c.forms, c.created_at, c.creator_id FROM campaigns c
    WHERE NOT EXISTS (SELECT 1 FROM campaign_revisions r WHERE r.campaign_id = c.id)
    ORDER BY c.id`.execute(db);
}

export interface RevisionsRepository {
  /** The revision `id` when it is one of `campaignId`'s, else undefined. */
  ofCampaign(campaignId: number, id: number): Promise<Revision | undefined>;
  /** The campaign's current (newest) revision; one is taken of its forms now if it has none. */
  current(campaignId: number): Promise<Revision>;
  /** A lead's consent record as stored, with its live campaign's site (undefined when the lead or its campaign is not there). */
  leadConsent(leadId: number): Promise<LeadConsentRow | undefined>;
}

export interface LeadConsentRow {
  lead_id: number;
  campaign_id: number;
  site_id: number;
  page_url: string | null;
  /** Wire format, the server's time zone. */
  created_at: string;
  revision_id: number | null;
  revision_created_at: string | null;
  consent: unknown;
  consent_hash: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    revisions: RevisionsRepository;
  }
}

export default fp(
  async function revisionsRepository(app: FastifyInstance, opts: { timeZone: string; now: () => Date }) {
    const read = (campaignId: number) =>
      app.db
        .selectFrom('campaign_revisions')
        .select(['id', 'campaign_id', 'forms'])
        .where('campaign_id', '=', campaignId);
    const revision = (r: { id: number; campaign_id: number; forms: unknown }): Revision => ({
      id: Number(r.id),
      campaign_id: r.campaign_id,
      forms: (r.forms ?? []) as FormBlock[],
    });
    app.decorate('revisions', {
      async ofCampaign(campaignId, id) {
        const row = await read(campaignId).where('id', '=', id).executeTakeFirst();
        return row && revision(row);
      },
      async current(campaignId) {
        const row = await read(campaignId).orderBy('id', 'desc').limit(1).executeTakeFirst();
        if (row) return revision(row);
        await addRevision(app.db, campaignId, null, opts.now());
        return revision(await read(campaignId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow());
      },
      async leadConsent(leadId) {
        const row = await app.db
          .selectFrom('leads as l')
          .innerJoin('campaigns as c', 'c.id', 'l.campaign_id')
          .leftJoin('campaign_revisions as r', 'r.id', 'l.revision_id')
          .leftJoin('lead_keys as k', 'k.lead_id', 'l.id')
          .select(['l.sealed', 'k.key'])
          .select([
            'l.id',
            'l.campaign_id',
            'c.site_id',
            'l.page_url',
            'l.created_at',
            'l.revision_id',
            'l.consent',
            'l.consent_hash',
          ])
          .select('r.created_at as revision_created_at')
          .where('l.id', '=', leadId)
          .where('c.deleted_at', 'is', null)
          .executeTakeFirst();
        if (!row) return undefined;
        const f = fieldsOf(row);
        return {
          lead_id: Number(row.id),
          campaign_id: row.campaign_id,
          site_id: row.site_id,
          page_url: f.page_url,
          created_at: toWire(row.created_at, opts.timeZone)!,
          revision_id: row.revision_id,
          revision_created_at: toWire(row.revision_created_at as Date | null, opts.timeZone),
          consent: f.consent as typeof row.consent,
          consent_hash: row.consent_hash,
        };
      },
    } satisfies RevisionsRepository);
  },
  { name: 'revisions-repository' },
);
