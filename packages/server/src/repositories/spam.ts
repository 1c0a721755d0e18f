/**
 * The spam bin (issue #44): leads a person plausibly did not send (runtime/person.ts), kept with
 * their reasons and out of everything a lead counts in (figures, goal, deliveries, files, exports)
 * until an admin releases one: then it is stored as any lead, in one transaction with its release
 * and a history entry. Kept SPAM_KEEP_DAYS, then deleted by the hourly purge, with the spent proofs
 * of work whose challenges have expired.
 */
import type { SpamLead, SpamReason } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { html } from '../lib/html.js';
import { toWire } from '../lib/time.js';
import { recordHistory } from './history.js';
import type { NewLead } from './leads.js';
import { sourceColumns, sourceOf } from './sources.js';

/** Days a spam lead is kept, released or not. */
export const SPAM_KEEP_DAYS = 30;

/** Released before (or at the same moment). */
export class AlreadyReleased extends Error {}

export interface SpamBin {
  /** Bins a lead with its verdict; nothing else is written. */
  insert(lead: NewLead, verdict: { score: number; reasons: SpamReason[] }): Promise<number>;
  /** The spam leads of the campaigns given (one campaign, or an A/B test's arms), newest first. */
  page(
    campaignIds: readonly number[],
    limit: number,
    beforeId?: number,
  ): Promise<{ models: SpamLead[]; total: number }>;
  /** Makes the spam lead a lead (counted, delivered, billed) with a history entry by `by`: AlreadyReleased, or the lead's own refusals (AlreadySubmitted). */
  release(
    campaignId: number,
    spamId: number,
    by: { id: number; siteId: number; campaign: string },
  ): Promise<SpamLead | null>;
  /** Deletes spam leads older than SPAM_KEEP_DAYS and spent proofs of work past their challenge's life. */
  purge(now: Date): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    spamBin: SpamBin;
  }
}

export default fp(
  async function spamRepository(app: FastifyInstance, opts: { timeZone: string; now: () => Date }) {
    const columns = [
      'id',
      'campaign_id',
      'name',
      'email',
      'phone',
      'page_url',
      'created_at',
      'score',
      'reasons',
      'released_at',
      'lead_id',
    ] as const;
    type Row = {
      id: number;
      campaign_id: number | string;
      name: string | null;
      email: string | null;
      phone: string | null;
      page_url: string;
      created_at: Date | string;
    } & {
      score: number;
      reasons: string[];
      released_at: Date | string | null;
      lead_id: number | string | null;
    };
    const wire = (r: Row): SpamLead => ({
      id: Number(r.id),
      campaign_id: Number(r.campaign_id),
      name: r.name,
      email: r.email,
      phone: r.phone,
      page_url: r.page_url,
      created_at: toWire(r.created_at, opts.timeZone)!,
      score: r.score,
      reasons: r.reasons as SpamReason[],
      released_at: toWire(r.released_at, opts.timeZone),
      lead_id: r.lead_id === null ? null : Number(r.lead_id),
    });
    const one = (campaignId: number, id: number) =>
      app.db
        .selectFrom('spam_leads')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .where('id', '=', id)
        .executeTakeFirst();

    const purge = async (now: Date) => {
      await app.db
        .deleteFrom('spam_leads')
        .where('created_at', '<', new Date(now.getTime() - SPAM_KEEP_DAYS * 86_400_000))
        .execute();
      await app.db.deleteFrom('pow_spent').where('expires_at', '<', now).execute();
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      const run = () =>
        void purge(opts.now()).catch((error: unknown) =>
          app.log.warn({ err: error }, 'spam bin: purge failed; next hour'),
        );
      timer = setInterval(run, 3_600_000).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));

    app.decorate('spamBin', {
      async insert(lead, verdict) {
        const row = await app.db
          .insertInto('spam_leads')
          .values({
            campaign_id: lead.campaignId,
            name: lead.name,
            email: lead.email,
            phone: lead.phone,
            phone_e164: lead.phoneE164,
            data: JSON.stringify(lead.data),
            page_url: lead.pageUrl,
            single_phone: lead.singlePhone ?? null,
            revision_id: lead.consent?.revisionId ?? null,
            consent: lead.consent ? JSON.stringify(lead.consent.record) : null,
            consent_hash: lead.consent?.hash ?? null,
            ...sourceColumns(lead.source),
            score: verdict.score,
            reasons: verdict.reasons,
            created_at: opts.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      },
      async page(campaignIds, limit, beforeId) {
        if (!campaignIds.length) return { models: [], total: 0 };
        let q = app.db.selectFrom('spam_leads').select(columns).where('campaign_id', 'in', campaignIds);
        if (beforeId) q = q.where('id', '<', beforeId);
        const rows = await q.orderBy('id', 'desc').limit(limit).execute();
        const { total } = await app.db
          .selectFrom('spam_leads')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('campaign_id', 'in', campaignIds)
          .where('released_at', 'is', null)
          .executeTakeFirstOrThrow();
        return { models: rows.map((r) => wire(r as Row)), total: Number(total) };
      },
      async release(campaignId, spamId, by) {
        const s = await one(campaignId, spamId);
        if (!s) return null;
        if (s.released_at) throw new AlreadyReleased();
        const lead: NewLead = {
          campaignId,
          name: s.name,
          email: s.email,
          phone: s.phone,
          phoneE164: s.phone_e164,
          data: (s.data ?? {}) as Record<string, unknown>,
          pageUrl: s.page_url,
          singlePhone: s.single_phone,
          consent:
            s.revision_id && s.consent_hash
              ? { revisionId: s.revision_id, record: s.consent, hash: s.consent_hash }
              : null,
          source: sourceOf(s),
        };
        await app.leads.insert(lead, async (trx, leadId) => {
          // One release wins: a second (or parallel) one rolls its lead back.
          const claimed = await trx
            .updateTable('spam_leads')
            .set({ released_at: opts.now(), released_by: by.id, lead_id: leadId })
            .where('id', '=', spamId)
            .where('released_at', 'is', null)
            .returning('id')
            .executeTakeFirst();
          if (!claimed) throw new AlreadyReleased();
          await recordHistory(trx, {
            userId: by.id,
            siteId: by.siteId,
            icon: 'status',
            text: html`Spam lead #${String(spamId)} of campaign <b>${by.campaign}</b> was released: it is lead #${String(leadId)}, delivered and billed.`,
          });
        });
        return wire((await one(campaignId, spamId)) as Row);
      },
      purge,
    } satisfies SpamBin);
  },
  { name: 'spam-repository', dependencies: ['leads-repository'] },
);
