import { phoneDigits } from '@lead/contract';
import type { ErasureAnswer } from '@lead/contract/api';
import { toE164 } from '@lead/contract/phone';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, Executor } from '../db/types.js';
import { html, SafeHtml } from '../lib/html.js';
import { siteLimit, type Viewer } from '../lib/scope.js';
import { recordHistory } from './history.js';
import { ERASED_LEAD, forgetAnswers } from './retention.js';

/** Who to find: an e-mail (any case, spaces around), a phone number as typed, or both. */
export interface Person {
  email?: string | null;
  phone?: string | null;
}

/** A value list for `IN (…)`; never empty (NULL matches nothing). */
const list = (values: string[]): RawBuilder<unknown> => (values.length ? sql.join(values) : sql`NULL`);

/**
 * The forms the person's data may be stored in: the e-mail trimmed and lower-case; the number in
 * E.164 as read in every country of the caller's sites (a national form means something different
 * in each); and its bare digits, for leads stored before numbers were kept in E.164.
 */
async function keysOf(db: Executor, viewer: Viewer, person: Person) {
  const email = person.email?.trim().toLowerCase() || null;
  const phone = person.phone?.trim() || null;
  let phones: string[] = [];
  if (phone) {
    const sites = siteLimit(viewer);
    let q = db.selectFrom('sites').select('country_id').distinct();
    if (sites) q = q.where('id', 'in', sites);
    const countries = (await q.execute()).map((r) => r.country_id);
    phones = [...new Set(countries.map((c) => toE164(phone, c)).filter((x): x is string => x !== null))];
  }
  return { emails: email ? [email] : [], phones, digits: phone ? [phoneDigits(phone)] : [] };
}

type Keys = Awaited<ReturnType<typeof keysOf>>;

/** The campaigns the caller may see (deleted ones too: their leads are still held). */
const visible = (viewer: Viewer): RawBuilder<unknown> => {
  const sites = siteLimit(viewer);
  return sites ? sql`c.site_id IN (${sql.join(sites)})` : sql`TRUE`;
};

/** The person's leads not yet erased in the campaigns the caller may see. */
const matched = (viewer: Viewer, k: Keys) => sql`
  SELECT l.id, l.campaign_id, l.phone_e164 FROM leads l JOIN campaigns c ON c.id = l.campaign_id
  WHERE l.erased_at IS NULL AND ${visible(viewer)} AND (
    lower(trim(l.email)) IN (${list(k.emails)})
    OR l.phone_e164 IN (${list(k.phones)})
    OR (l.phone_e164 IS NULL AND l.phone IS NOT NULL AND regexp_replace(l.phone, '[^0-9]', '', 'g') IN (${list(k.digits)})))`;

/** How many campaigns a history entry names; it counts the rest. */
export const HISTORY_CAMPAIGNS = 20;

interface Row {
  id: number;
  code: string;
  name: string;
  site: string;
  site_id: number;
  leads: number;
}

/**
 * Finds (and unless `dryRun`, erases) a person's leads in every campaign `viewer` may see, in one
 * transaction: the leads lose their personal data (as retention erases it) and keep their figures;
 * the person's spam leads there are deleted (issue #44); the person's number leaves those campaigns' 'one submission per phone number' lists and OTP codes,
 * and the per-number OTP counters. System history records who erased how many leads where, never
 * the e-mail or number.
 */
export async function erasePerson(db: Kysely<DB>, viewer: Viewer, person: Person, dryRun: boolean, now: Date): Promise<ErasureAnswer> {
  return db.transaction().execute(async (trx) => {
    const k = await keysOf(trx, viewer, person);
    const { rows } = await sql<Row>`
        WITH m AS (${matched(viewer, k)})
        SELECT c.id, c.code, c.name, s.name AS site, c.site_id, count(*)::int AS leads
        FROM m JOIN campaigns c ON c.id = m.campaign_id JOIN sites s ON s.id = c.site_id
        GROUP BY c.id, c.code, c.name, s.name, c.site_id ORDER BY c.id`.execute(trx);
    const total = rows.reduce((n, r) => n + r.leads, 0);
    const answer = {
      leads: total,
      campaigns: rows.length,
      by_campaign: rows.map(({ id, code, name, site, leads }) => ({ id, code, name, site, leads })),
      dry_run: dryRun,
    };
    if (dryRun) return answer;
    const erased = await sql<{ id: number; phone_e164: string | null }>`
        WITH m AS (${matched(viewer, k)} FOR UPDATE OF l)
        UPDATE leads l SET ${ERASED_LEAD}, erased_at = ${now} FROM m WHERE l.id = m.id RETURNING l.id, m.phone_e164`.execute(trx);
    await forgetAnswers(
      trx,
      erased.rows.map((r) => Number(r.id)),
    );
    // The person's leads in a spam bin (not released: a released one is a lead, erased above) go whole.
    await sql`
        DELETE FROM spam_leads l USING campaigns c WHERE c.id = l.campaign_id AND l.released_at IS NULL AND ${visible(viewer)} AND (
          lower(trim(l.email)) IN (${list(k.emails)}) OR l.phone_e164 IN (${list(k.phones)})
          OR (l.phone IS NOT NULL AND regexp_replace(l.phone, '[^0-9]', '', 'g') IN (${list(k.digits)})))`.execute(trx);
    const phones = [...new Set([...k.phones, ...erased.rows.map((r) => r.phone_e164).filter((p): p is string => p !== null)])];
    if (phones.length) {
      await sql`DELETE FROM campaign_submitted_phones sp USING campaigns c WHERE c.id = sp.campaign_id AND ${visible(viewer)} AND sp.phone IN (${list(phones)})`.execute(
        trx,
      );
      await sql`DELETE FROM otp_codes o USING campaigns c WHERE c.id = o.campaign_id AND ${visible(viewer)} AND o.phone IN (${list(phones)})`.execute(trx);
      await sql`DELETE FROM otp_phone_days WHERE phone IN (${list(phones)})`.execute(trx);
    }
    const siteIds = new Set(rows.map((r) => r.site_id));
    // The campaigns by name and code (at most HISTORY_CAMPAIGNS of them), never the person's data.
    const named = rows.slice(0, HISTORY_CAMPAIGNS).map((r) => html`<b>${r.name}</b> (${r.code})`.value);
    const more = rows.length > HISTORY_CAMPAIGNS ? html` and ${rows.length - HISTORY_CAMPAIGNS} more` : html``;
    const where = new SafeHtml(`${rows.length} ${rows.length === 1 ? 'campaign' : 'campaigns'}: ${named.join(', ')}${more.value}`);
    const what = html`<b>${total}</b> ${total === 1 ? 'lead' : 'leads'}`;
    await recordHistory(trx, {
      userId: viewer.id,
      siteId: siteIds.size === 1 ? rows[0]!.site_id : null,
      icon: 'erase',
      text: total ? html`Erased a person's data: ${what} in ${where}.` : html`Erased a person's data: no lead held it.`,
    });
    return answer;
  });
}

export interface ErasureRepository {
  /** See erasePerson. */
  erase(viewer: Viewer, person: Person, dryRun: boolean): Promise<ErasureAnswer>;
}

declare module 'fastify' {
  interface FastifyInstance {
    erasure: ErasureRepository;
  }
}

export default fp(
  async function erasureRepository(app: FastifyInstance, opts: { now: () => Date }) {
    app.decorate('erasure', {
      erase: (viewer, person, dryRun) => erasePerson(app.db, viewer, person, dryRun, opts.now()),
    } satisfies ErasureRepository);
  },
  { name: 'erasure-repository' },
);
