import {
  COUNTRIES,
  erasureAmbiguous,
  isInternationalPhone,
  normalizeEmail,
  phoneDigits,
  type Country,
  type ErasureReading,
} from '@lead/contract';
import type { ErasureAnswer } from '@lead/contract/api';
import { toE164, typedDigitForms } from '@lead/contract/phone';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types.js';
import { html, SafeHtml } from '../lib/html.js';
import { fieldsOf, type Lookup } from '../lib/personal.js';
import { siteLimit, type Viewer } from '../lib/scope.js';
import { idArray } from './email-files.js';
import { recordHistory } from './history.js';
import { LEAD_KEY_JOIN } from './personal.js';
import { ERASED_LEAD, forgetAnswers } from './retention.js';

/**
 * Who to find: an e-mail (any case, spaces around), a phone number as typed, or both; `country`
 * (one of the sites' countries) reads a national number.
 */
export interface Person {
  email?: string | null;
  phone?: string | null;
  country?: string | null;
}

/**
 * A national number without a country that is a different number in different countries of the
 * caller's sites, and each of those numbers has leads (or OTP codes) where it is read so: whose
 * data is meant cannot be told, so nothing is found or erased (the route answers 400).
 */
export class AmbiguousNumber extends Error {
  constructor(
    readonly phone: string,
    readonly readings: ErasureReading[],
  ) {
    super(erasureAmbiguous(phone, readings));
  }
}

/** A country was chosen and the national number typed is none of its numbers (422). */
export class NotInCountry extends Error {
  constructor(readonly country: Country) {
    super(`not a number of ${country}`);
  }
}

/**
 * What the lookup on `leads` reads (`personLeads`), as keyed hashes (lib/personal.ts): each list
 * may be empty, and then its index is not read.
 */
export interface LeadKeys {
  /** Of e-mail addresses, trimmed and lower-case. */
  emails: string[];
  /** Of numbers in E.164. */
  numbers: string[];
  /** Of digits as typed, for leads kept without an E.164 number. */
  digits: string[];
}

/** The campaigns the caller may see (deleted ones too: their leads are still held). */
const visible = (viewer: Viewer): RawBuilder<unknown> => {
  const sites = siteLimit(viewer);
  return sites ? sql`c.site_id IN (${sql.join(sites)})` : sql`TRUE`;
};

interface CandidateRow {
  id: number;
  campaign_id: number;
  site_id: number;
  sealed: string | null;
  key: string | null;
}

export interface CandidateLead {
  id: number;
  campaign_id: number;
  site_id: number;
  email: string | null;
  phone: string | null;
  phone_e164: string | null;
}

/**
 * The leads not yet erased, in the campaigns `viewer` may see, that have one of the e-mails,
 * numbers or typed digits of `k` (their keyed hashes): each list an arm of one OR that its own
 * index answers (0018's leads_email_idx, leads_phone_e164_idx and leads_phone_digits_idx), so the plan is a
 * BitmapOr of the three and never reads the whole table (0.3 ms at a million leads on PostgreSQL
 * 15, where an IN over a UNION of the same three read every lead: docs/query-plans.md);
 * test/erasure.test.ts checks the plan. Candidates only: `erasePerson` decides which are the person's.
 */
export function personLeads(viewer: Viewer, k: LeadKeys, lock: boolean): RawBuilder<CandidateRow> {
  const arms: RawBuilder<unknown>[] = [];
  if (k.emails.length) arms.push(sql`l.email_hash IN (${sql.join(k.emails)})`);
  if (k.numbers.length) arms.push(sql`l.phone_hash IN (${sql.join(k.numbers)})`);
  if (k.digits.length) arms.push(sql`l.digits_hash IN (${sql.join(k.digits)})`);
  return sql<CandidateRow>`
    SELECT l.id, l.campaign_id, c.site_id, l.sealed, k.key
    FROM leads l JOIN campaigns c ON c.id = l.campaign_id ${LEAD_KEY_JOIN}
    WHERE (${arms.length ? sql.join(arms, sql` OR `) : sql`FALSE`}) AND l.erased_at IS NULL AND ${visible(viewer)}
    ORDER BY l.id${lock ? sql` FOR UPDATE OF l` : sql``}`;
}

/** How the typed number is read: one set of numbers wherever a lead is, or each site's own reading of a national form. */
type Reading = { kind: 'fixed'; numbers: string[] } | { kind: 'national'; bySite: Map<number, string> };

/**
 * The phone as the person's number(s). Typed with its country code (`+84…`, `0084…`): that number
 * everywhere, also in the form a lead kept before numbers were checked holds it ('+' and its
 * digits). A national form with a country chosen: its number in that country. A national form
 * alone: in each of the caller's sites, the number it is in the site's country.
 */
function readPhone(
  phone: string,
  country: Country | null,
  sites: ReadonlyArray<{ id: number; country_id: string }>,
): Reading {
  if (isInternationalPhone(phone)) {
    const international = phone.trim().startsWith('+') ? phone : `+${phoneDigits(phone).slice(2)}`;
    const numbers = [toE164(international, 'VN'), `+${phoneDigits(international)}`].filter(
      (n): n is string => n !== null,
    );
    return { kind: 'fixed', numbers: [...new Set(numbers)] };
  }
  if (country) {
    const number = toE164(phone, country);
    if (!number) throw new NotInCountry(country);
    return { kind: 'fixed', numbers: [number] };
  }
  const bySite = new Map<number, string>();
  for (const s of sites) {
    const number = toE164(phone, s.country_id);
    if (number) bySite.set(s.id, number);
  }
  return { kind: 'national', bySite };
}

const asCountry = (c: string): Country => ((COUNTRIES as readonly string[]).includes(c) ? (c as Country) : 'HHG');

/** How many campaigns a history entry names; it counts the rest. */
export const HISTORY_CAMPAIGNS = 20;

/**
 * Finds (and unless `dryRun`, erases) a person's leads in every campaign `viewer` may see, in one
 * transaction, and never another person's (docs/privacy.md, "How a person's data is erased"):
 *
 * - by e-mail: the leads with that address (trimmed, lower-case);
 * - by number: the person's number is the one typed with its country code, or the national form
 *   read in the country chosen; a national form alone is read in the country of each site, and
 *   the readings that a lead (or an OTP code) holds on a site of that reading's country are the
 *   candidates: one is the person's number, more than one is `AmbiguousNumber` (nothing changes);
 *   then every lead of that number goes, wherever it was typed (a lead kept without an E.164 number
 *   counts when its site's country reads it as that number).
 *
 * The leads lose their personal data (as retention erases it) and keep their figures; the
 * person's unreleased spam leads in those campaigns are deleted. Their
 * numbers, and the person's, leave those campaigns' 'one submission per phone number' lists (while
 * no kept lead there has them) and the OTP codes of the caller's campaigns; the per-number OTP day
 * counters, which every site shares, go only for a caller who holds every site, and only for the
 * numbers of leads erased. System history records who erased how many leads where, never the
 * e-mail or number.
 */
export async function erasePerson(
  db: Kysely<DB>,
  lookup: Lookup,
  viewer: Viewer,
  person: Person,
  dryRun: boolean,
  now: Date,
): Promise<ErasureAnswer> {
  return db.transaction().execute(async (trx) => {
    const email = person.email ? normalizeEmail(person.email) || null : null;
    const phone = person.phone?.trim() || null;
    const allSites = await trx.selectFrom('sites').select(['id', 'country_id']).orderBy('id').execute();
    const limit = siteLimit(viewer);
    const mine = limit ? allSites.filter((s) => limit.includes(s.id)) : allSites;
    const countryOf = new Map(allSites.map((s) => [s.id, s.country_id]));
    const reading = phone ? readPhone(phone, person.country ? asCountry(person.country) : null, mine) : null;
    const numbers = !reading ? [] : reading.kind === 'fixed' ? reading.numbers : [...new Set(reading.bySite.values())];
    const keys: LeadKeys = {
      emails: email ? [lookup.email(email)!] : [],
      numbers: numbers.map((n) => lookup.phone(n)),
      digits: phone
        ? [...new Set([phoneDigits(phone), ...numbers.flatMap(typedDigitForms)])].map((d) => lookup.digits(d))
        : [],
    };
    const { rows: found } = await personLeads(viewer, keys, !dryRun).execute(trx);
    const candidates: CandidateLead[] = found.map((r) => {
      const f = fieldsOf(r);
      return {
        id: r.id,
        campaign_id: r.campaign_id,
        site_id: r.site_id,
        email: f.email,
        phone: f.phone,
        phone_e164: f.phone_e164,
      };
    });
    /** A lead's number: as stored, or for a lead kept without one, its typed form read in its site's country. */
    const numberOf = (l: CandidateLead): string | null =>
      l.phone_e164 ?? (l.phone ? toE164(l.phone, countryOf.get(l.site_id) ?? 'HHG') : null);

    // The person's number(s).
    let theirs = new Set<string>();
    if (reading?.kind === 'fixed') theirs = new Set(reading.numbers);
    else if (reading?.kind === 'national' && reading.bySite.size) {
      // Each reading that something holds where the national form means it, and in which countries.
      const held = new Map<string, Set<Country>>();
      const hold = (siteId: number, number: string | null) => {
        if (number === null || reading.bySite.get(siteId) !== number) return;
        const countries = held.get(number) ?? new Set<Country>();
        countries.add(asCountry(countryOf.get(siteId) ?? 'HHG'));
        held.set(number, countries);
      };
      for (const l of candidates) hold(Number(l.site_id), numberOf(l));
      // OTP codes keep the number's keyed hash.
      const numberOfHash = new Map(numbers.map((n) => [lookup.phone(n), n]));
      const { rows: codes } = await sql<{ site_id: number; phone: string }>`
        SELECT DISTINCT c.site_id, o.phone FROM otp_codes o JOIN campaigns c ON c.id = o.campaign_id
        WHERE o.phone IN (${sql.join([...numberOfHash.keys()])}) AND ${visible(viewer)}`.execute(trx);
      for (const code of codes) hold(Number(code.site_id), numberOfHash.get(code.phone) ?? null);
      if (held.size > 1) {
        const order = (c: Country) => COUNTRIES.indexOf(c);
        const readings = [...held].map(([e164, countries]) => ({
          e164,
          countries: [...countries].sort((a, b) => order(a) - order(b)),
        }));
        readings.sort((a, b) => order(a.countries[0]!) - order(b.countries[0]!));
        throw new AmbiguousNumber(phone!, readings);
      }
      theirs = new Set(held.keys());
    }

    const leads = candidates.filter((l) => {
      if (email && l.email !== null && normalizeEmail(l.email) === email) return true;
      const number = numberOf(l);
      return number !== null && theirs.has(number);
    });
    const perCampaign = new Map<number, number>();
    for (const l of leads) perCampaign.set(Number(l.campaign_id), (perCampaign.get(Number(l.campaign_id)) ?? 0) + 1);
    const rows = perCampaign.size
      ? await trx
          .selectFrom('campaigns as c')
          .innerJoin('sites as s', 's.id', 'c.site_id')
          .select(['c.id', 'c.code', 'c.name', 's.name as site', 'c.site_id'])
          .where('c.id', 'in', [...perCampaign.keys()])
          .orderBy('c.id')
          .execute()
      : [];
    const total = leads.length;
    const answer: ErasureAnswer = {
      leads: total,
      campaigns: rows.length,
      by_campaign: rows.map(({ id, code, name, site }) => ({ id, code, name, site, leads: perCampaign.get(id)! })),
      phone_e164: [...theirs][0] ?? null,
      dry_run: dryRun,
    };
    if (dryRun) return answer;

    const ids = leads.map((l) => Number(l.id));
    if (ids.length) {
      await sql`UPDATE leads SET ${ERASED_LEAD}, erased_at = ${now} WHERE id = ANY(${idArray(ids)}::bigint[])`.execute(
        trx,
      );
      // Without its key, what is left of the lead in the files (old row versions, WAL) reads as nothing.
      await sql`DELETE FROM lead_keys WHERE lead_id = ANY(${idArray(ids)}::bigint[])`.execute(trx);
      await forgetAnswers(trx, ids);
    }
    // The person's leads in a spam bin go whole (their keys with them): the released ones of the
    // leads erased, and those not released, by their e-mail or by a number that is the person's
    // (the same reading as their leads').
    const spamArms: RawBuilder<unknown>[] = [];
    if (email) spamArms.push(sql`(l.released_at IS NULL AND l.email_hash = ${lookup.email(email)})`);
    if (theirs.size)
      spamArms.push(
        sql`(l.released_at IS NULL AND l.phone_hash IN (${sql.join([...theirs].map((n) => lookup.phone(n)))}))`,
      );
    if (ids.length) spamArms.push(sql`l.lead_id = ANY(${idArray(ids)}::bigint[])`);
    if (spamArms.length) {
      await sql`
        DELETE FROM spam_leads l USING campaigns c
        WHERE c.id = l.campaign_id AND ${visible(viewer)} AND (${sql.join(spamArms, sql` OR `)})`.execute(trx);
    }
    // The numbers of the leads erased, by campaign: they leave its 'one submission' list once no kept lead there has them.
    const erasedNumbers = new Set<string>();
    const pairs: RawBuilder<unknown>[] = [];
    for (const l of leads) {
      const number = numberOf(l);
      if (number === null) continue;
      erasedNumbers.add(number);
      pairs.push(sql`(${Number(l.campaign_id)}::int, ${lookup.phone(number)}::text)`);
    }
    // Those lists, the OTP codes and the day counters keep a number's keyed hash.
    const personNumbers = [...new Set([...theirs, ...erasedNumbers])].map((n) => lookup.phone(n));
    if (pairs.length) {
      await sql`
        DELETE FROM campaign_submitted_phones sp
        WHERE (sp.campaign_id, sp.phone) IN (${sql.join(pairs)})
          AND NOT EXISTS (SELECT 1 FROM leads k WHERE k.campaign_id = sp.campaign_id AND k.phone_hash = sp.phone AND k.erased_at IS NULL)`.execute(
        trx,
      );
    }
    if (personNumbers.length) {
      await sql`DELETE FROM otp_codes o USING campaigns c WHERE c.id = o.campaign_id AND ${visible(viewer)} AND o.phone IN (${sql.join(personNumbers)})`.execute(
        trx,
      );
    }
    // The day counters cap a number on every site at once: only a caller who holds them all resets them, for a number a lead erased had.
    const holdsEverySite = viewer.isSystem || allSites.every((s) => viewer.siteIds.includes(s.id));
    if (holdsEverySite && erasedNumbers.size) {
      await sql`DELETE FROM otp_phone_days WHERE phone IN (${sql.join([...erasedNumbers].map((n) => lookup.phone(n)))})`.execute(
        trx,
      );
    }

    const siteIds = new Set(rows.map((r) => r.site_id));
    // The campaigns by name and code (at most HISTORY_CAMPAIGNS of them), never the person's data.
    const named = rows.slice(0, HISTORY_CAMPAIGNS).map((r) => html`<b>${r.name}</b> (${r.code})`.value);
    const more = rows.length > HISTORY_CAMPAIGNS ? html` and ${rows.length - HISTORY_CAMPAIGNS} more` : html``;
    const where = new SafeHtml(
      `${rows.length} ${rows.length === 1 ? 'campaign' : 'campaigns'}: ${named.join(', ')}${more.value}`,
    );
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
      async erase(viewer, person, dryRun) {
        const answer = await erasePerson(app.db, app.personal.lookup, viewer, person, dryRun, opts.now());
        // Once committed: the deleted keys leave the files (docs/privacy.md).
        if (!dryRun) await app.personal.forget();
        return answer;
      },
    } satisfies ErasureRepository);
  },
  { name: 'erasure-repository', dependencies: ['personal-data'] },
);
