/**
 * The spam bin (issue #44): leads a person plausibly did not send (runtime/person.ts), kept with
 * their reasons and out of everything a lead counts in (figures, goal, deliveries, files, exports)
 * until an admin releases one: then it is stored as any lead, in one transaction with its release
 * and a history entry. Kept SPAM_KEEP_DAYS, then deleted by the hourly purge, with the spent proofs
 * of work whose challenges have expired.
 */
import { SOURCE_KEYS } from '@lead/contract';
import type { SpamLead, SpamReason } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { html } from '../lib/html.js';
import { fieldsOf } from '../lib/personal.js';
import { toWire } from '../lib/time.js';
import { recordHistory } from './history.js';
import type { NewLead } from './leads.js';
import { forgetErasedKeys, sealedValues } from './personal.js';
import { sourceColumns, sourceOf } from './sources.js';
import { placeColumns } from './breakdowns.js';

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
      's.id',
      's.campaign_id',
      's.name',
      's.email',
      's.phone',
      's.phone_e164',
      's.data',
      's.page_url',
      's.consent',
      's.sealed',
      'k.key',
      's.single_phone',
      's.revision_id',
      's.consent_hash',
      's.created_at',
      's.score',
      's.reasons',
      's.released_at',
      's.lead_id',
      ...SOURCE_KEYS.map((k) => `s.${k}` as const),
      's.device',
      's.page_path',
    ] as const;
    type Row = {
      id: number;
      campaign_id: number | string;
      sealed: string | null;
      key: string | null;
      created_at: Date | string;
    } & {
      score: number;
      reasons: string[];
      released_at: Date | string | null;
      lead_id: number | string | null;
    };
    const wire = (r: Row, f = fieldsOf(r)): SpamLead => ({
      id: Number(r.id),
      campaign_id: Number(r.campaign_id),
      name: f.name,
      email: f.email,
      phone: f.phone,
      page_url: f.page_url ?? '',
      created_at: toWire(r.created_at, opts.timeZone)!,
      score: r.score,
      reasons: r.reasons as SpamReason[],
      released_at: toWire(r.released_at, opts.timeZone),
      lead_id: r.lead_id === null ? null : Number(r.lead_id),
    });
    const read = () =>
      app.db.selectFrom('spam_leads as s').leftJoin('spam_lead_keys as k', 'k.spam_id', 's.id').select(columns);
    const one = (campaignId: number, id: number) =>
      read().where('s.campaign_id', '=', campaignId).where('s.id', '=', id).executeTakeFirst();

    const purge = async (now: Date) => {
      const gone = await app.db
        .deleteFrom('spam_leads')
        .where('created_at', '<', new Date(now.getTime() - SPAM_KEEP_DAYS * 86_400_000))
        .executeTakeFirst();
      // Their keys went with them (ON DELETE CASCADE): out of the files too.
      if (Number(gone.numDeletedRows) > 0) await forgetErasedKeys(app.db, 'spam_lead_keys');
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
        const { key, values } = sealedValues(lead, app.personal.lookup);
        return app.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('spam_leads')
            .values({
              ...values,
              ...sourceColumns(lead.source),
              ...placeColumns(lead.place),
              single_phone: lead.singlePhone ? app.personal.lookup.phone(lead.singlePhone) : null,
              score: verdict.score,
              reasons: verdict.reasons,
              created_at: opts.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx.insertInto('spam_lead_keys').values({ spam_id: row.id, key }).execute();
          return Number(row.id);
        });
      },
      async page(campaignIds, limit, beforeId) {
        if (!campaignIds.length) return { models: [], total: 0 };
        let q = read().where('s.campaign_id', 'in', campaignIds);
        if (beforeId) q = q.where('s.id', '<', beforeId);
        const rows = await q.orderBy('s.id', 'desc').limit(limit).execute();
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
        const f = fieldsOf(s);
        const lead: NewLead = {
          campaignId,
          name: f.name,
          email: f.email,
          phone: f.phone,
          phoneE164: f.phone_e164,
          data: f.data,
          pageUrl: f.page_url,
          singlePhoneHash: s.single_phone,
          consent:
            s.revision_id && s.consent_hash
              ? { revisionId: s.revision_id, record: f.consent, hash: s.consent_hash }
              : null,
          source: sourceOf(s),
          place: placeColumns(s),
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
  { name: 'spam-repository', dependencies: ['leads-repository', 'personal-data'] },
);
