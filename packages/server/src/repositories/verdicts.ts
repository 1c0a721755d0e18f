/**
 * The clients' verdicts on their leads and the API keys they give them with (issue #46,
 * docs/api/verdicts.md). The rules are the contract's (`decideVerdict`); this applies them: one
 * transaction per request, each lead locked while its verdict and its counters change.
 */
import { randomBytes } from 'node:crypto';
import {
  decideVerdict,
  type PastVerdict,
  type VerdictCounts,
  type VerdictInput,
  type VerdictReason,
} from '@lead/contract';
import type { ApiKey, VerdictResult } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { hashToken } from '../lib/crypto.js';
import { html } from '../lib/html.js';
import { toWire } from '../lib/time.js';
import { addToBreakdown, leadValues, type PageViewPlace } from './breakdowns.js';
import { dayOf } from './common.js';
import { recordHistory } from './history.js';
import { sourceOf } from './sources.js';

/** A key is `lk_` and 32 random bytes in base64url; the first 11 characters name it. */
const KEY_PREFIX_LENGTH = 11;

export interface KeyOwner {
  keyId: number;
  clientId: number;
  clientName: string;
}

/** Who gives a request's verdicts: a client through one of its keys, or through a lead file's link (no key). */
export type VerdictGiver = Omit<KeyOwner, 'keyId'> & { keyId: number | null };

interface LeadRow {
  id: number;
  campaign_id: number;
  campaign_name: string;
  site_id: number;
  created_at: Date;
  duplicate: boolean;
  window_days: number;
  past_verdict: PastVerdict['verdict'] | null;
  past_reason: VerdictReason | null;
  past_credited: boolean | null;
  /** Its place and source: the breakdown rows its verdict counts in. */
  device: PageViewPlace['device'];
  page_path: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  gclid: string | null;
  fbclid: string | null;
  ttclid: string | null;
}

/** The leads of `ids` that belong to the client now (a moved campaign's earlier leads do not), locked. */
async function clientLeads(trx: Executor, clientId: number, ids: number[]): Promise<Map<number, LeadRow>> {
  const { rows } = await sql<LeadRow>`
    SELECT l.id, l.campaign_id, c.name AS campaign_name, c.site_id, l.created_at, l.duplicate,
           cl.verdict_window_days AS window_days,
           v.verdict AS past_verdict, v.reason AS past_reason, v.credited AS past_credited,
           l.device, l.page_path, l.referrer_host, l.utm_source, l.gclid, l.fbclid, l.ttclid
    FROM leads l
    JOIN campaigns c ON c.id = l.campaign_id
    JOIN clients cl ON cl.id = c.client_id
    LEFT JOIN lead_verdicts v ON v.lead_id = l.id
    WHERE l.id = ANY(${ids}::bigint[]) AND c.client_id = ${clientId}
      AND (c.client_since_lead_id IS NULL OR l.id > c.client_since_lead_id)
    ORDER BY l.id
    FOR UPDATE OF l`.execute(trx);
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

/** Moves the verdict counters of the lead's day (in `timeZone`), of its breakdown rows and of its campaign's totals. */
async function count(trx: Executor, lead: LeadRow, c: VerdictCounts, timeZone: string): Promise<void> {
  await sql`
    INSERT INTO campaign_daily_stats AS d (campaign_id, day, accepted, rejected, credited)
    VALUES (${lead.campaign_id}, (${lead.created_at}::timestamptz AT TIME ZONE ${timeZone})::date,
            ${c.accepted}, ${c.rejected}, ${c.credited})
    ON CONFLICT (campaign_id, day) DO UPDATE SET accepted = d.accepted + ${c.accepted},
      rejected = d.rejected + ${c.rejected}, credited = d.credited + ${c.credited}`.execute(trx);
  await sql`
    UPDATE campaigns SET total_accepted = total_accepted + ${c.accepted},
      total_rejected = total_rejected + ${c.rejected}, total_credited = total_credited + ${c.credited}
    WHERE id = ${lead.campaign_id}`.execute(trx);
  await addToBreakdown(trx, lead.campaign_id, dayOf(lead.created_at, timeZone), leadValues(lead, sourceOf(lead)), {
    accepted: c.accepted,
    credited: c.credited,
  });
}

/** A campaign's part of one request, for its history entry. */
interface Tally {
  lead: LeadRow;
  accepted: number;
  rejected: number;
  credited: number;
}

/**
 * Applies a request's verdicts for `owner`'s client as of `now`: each lead's result, in the
 * request's order. A lead that is not the client's (or, with `only`, not one of those) is
 * `not_found`, whatever it is.
 */
export async function recordVerdicts(
  trx: Executor,
  owner: VerdictGiver,
  items: readonly (VerdictInput & { lead_id: number })[],
  now: Date,
  timeZone: string,
  only?: ReadonlySet<number>,
): Promise<VerdictResult[]> {
  const ids = [...new Set(items.map((i) => i.lead_id))].filter((id) => !only || only.has(id));
  const leads = ids.length ? await clientLeads(trx, owner.clientId, ids) : new Map<number, LeadRow>();
  const tallies = new Map<number, Tally>();
  const results: VerdictResult[] = [];
  for (const item of items) {
    const lead = leads.get(item.lead_id);
    if (!lead) {
      results.push({ lead_id: item.lead_id, result: 'not_found', credited: false });
      continue;
    }
    const past: PastVerdict | null = lead.past_verdict
      ? { verdict: lead.past_verdict, reason: lead.past_reason, credited: lead.past_credited ?? false }
      : null;
    const reason = item.verdict === 'rejected' ? (item.reason ?? null) : null;
    const decision = decideVerdict(
      item,
      past,
      { capturedAt: lead.created_at, duplicate: lead.duplicate, windowDays: lead.window_days },
      now,
    );
    results.push({ lead_id: item.lead_id, result: decision.result, credited: decision.credited });
    if (decision.result !== 'recorded') continue;
    await trx
      .insertInto('lead_verdicts')
      .values({
        lead_id: lead.id,
        client_id: owner.clientId,
        verdict: item.verdict,
        reason,
        credited: decision.credited,
        key_id: owner.keyId,
        decided_at: now,
      })
      .onConflict((oc) =>
        oc.column('lead_id').doUpdateSet({
          verdict: item.verdict,
          reason,
          credited: decision.credited,
          key_id: owner.keyId,
          decided_at: now,
        }),
      )
      .execute();
    await count(trx, lead, decision.counts, timeZone);
    // The next item on the same lead sees this verdict as the past one.
    Object.assign(lead, { past_verdict: item.verdict, past_reason: reason, past_credited: decision.credited });
    const t = tallies.get(lead.campaign_id) ?? { lead, accepted: 0, rejected: 0, credited: 0 };
    t[item.verdict] += 1;
    t.credited += decision.counts.credited;
    tallies.set(lead.campaign_id, t);
  }
  for (const t of tallies.values()) {
    const parts = [
      t.accepted ? `${t.accepted} accepted` : '',
      t.rejected ? `${t.rejected} rejected` : '',
      t.credited ? `${Math.abs(t.credited)} ${t.credited > 0 ? 'credited' : 'no longer credited'}` : '',
    ].filter(Boolean);
    const { clientName } = owner;
    const campaign = t.lead.campaign_name;
    const via = owner.keyId === null ? ' through a lead file’s link' : '';
    await recordHistory(trx, {
      userId: null,
      siteId: t.lead.site_id,
      icon: 'update',
      text: html`Client <b>${clientName}</b> gave verdicts${via} on leads of campaign <b>${campaign}</b>: ${parts.join(', ')}.`,
    });
  }
  return results;
}

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const keyWire = (r: KeyRow, timeZone: string): ApiKey => ({
  id: Number(r.id),
  name: r.name,
  prefix: r.prefix,
  created_at: toWire(r.created_at, timeZone)!,
  last_used_at: toWire(r.last_used_at, timeZone),
  revoked_at: toWire(r.revoked_at, timeZone),
});

export interface VerdictsRepository {
  /** The client's keys, newest first, revoked ones too. */
  keys(clientId: number): Promise<ApiKey[]>;
  /** A new key: the key itself is returned here only. */
  createKey(clientId: number, name: string, userId: number, trx: Executor): Promise<{ model: ApiKey; key: string }>;
  /** Revokes a key of the client's; false when it has no such key still in use. */
  revokeKey(clientId: number, keyId: number, trx: Executor): Promise<ApiKey | null>;
  /** The client a key in use belongs to (its last use noted), or null. */
  owner(key: string): Promise<KeyOwner | null>;
  /** A request's verdicts, in one transaction; with `only`, other leads are `not_found`. */
  record(
    owner: VerdictGiver,
    items: readonly (VerdictInput & { lead_id: number })[],
    only?: ReadonlySet<number>,
  ): Promise<VerdictResult[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    verdicts: VerdictsRepository;
  }
}

export default fp(
  async function verdictsRepository(app: FastifyInstance, opts: { timeZone: string; now: () => Date }) {
    const columns = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;
    app.decorate('verdicts', {
      async keys(clientId) {
        const rows = await app.db
          .selectFrom('client_api_keys')
          .select(columns)
          .where('client_id', '=', clientId)
          .orderBy('id', 'desc')
          .execute();
        return rows.map((r) => keyWire(r, opts.timeZone));
      },
      async createKey(clientId, name, userId, trx) {
        const key = `lk_${randomBytes(32).toString('base64url')}`;
        const row = await trx
          .insertInto('client_api_keys')
          .values({
            client_id: clientId,
            name,
            prefix: key.slice(0, KEY_PREFIX_LENGTH),
            key_hash: hashToken(key),
            created_by: userId,
            created_at: opts.now(),
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
        return { model: keyWire(row, opts.timeZone), key };
      },
      async revokeKey(clientId, keyId, trx) {
        const row = await trx
          .updateTable('client_api_keys')
          .set({ revoked_at: opts.now() })
          .where('client_id', '=', clientId)
          .where('id', '=', keyId)
          .where('revoked_at', 'is', null)
          .returning(columns)
          .executeTakeFirst();
        return row ? keyWire(row, opts.timeZone) : null;
      },
      async owner(key) {
        const row = await app.db
          .updateTable('client_api_keys as k')
          .set({ last_used_at: opts.now() })
          .from('clients as c')
          .whereRef('c.id', '=', 'k.client_id')
          .where('k.key_hash', '=', hashToken(key))
          .where('k.revoked_at', 'is', null)
          .returning(['k.id', 'k.client_id', 'c.name'])
          .executeTakeFirst();
        return row ? { keyId: Number(row.id), clientId: Number(row.client_id), clientName: row.name } : null;
      },
      record(owner, items, only) {
        return app.db
          .transaction()
          .execute((trx) => recordVerdicts(trx, owner, items, opts.now(), opts.timeZone, only));
      },
    } satisfies VerdictsRepository);
  },
  { name: 'verdicts-repository' },
);
