/**
 * Tests' reads of personal data at rest: a lead's fields as the server opens them (sealed under
 * its key, lib/personal.ts), and the keyed hashes numbers are kept as.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/types.js';
import { fieldsOf, type PersonalFields } from '../src/lib/personal.js';
import { lookupOf } from '../src/repositories/personal.js';

/** Lead `id` as stored, with its personal fields opened (all null once erased). */
export async function openedLead(db: Kysely<DB>, id: number) {
  const row = await db
    .selectFrom('leads as l')
    .leftJoin('lead_keys as k', 'k.lead_id', 'l.id')
    .selectAll('l')
    .select('k.key')
    .where('l.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, ...fieldsOf(row) };
}

/** The opened fields of the leads of `campaignId` (or of every lead), oldest first. */
export async function openedLeads(
  db: Kysely<DB>,
  campaignId?: number,
): Promise<Array<PersonalFields & { id: number }>> {
  let q = db
    .selectFrom('leads as l')
    .leftJoin('lead_keys as k', 'k.lead_id', 'l.id')
    .select(['l.id', 'l.sealed', 'k.key', 'l.name', 'l.email', 'l.phone', 'l.phone_e164', 'l.data', 'l.page_url'])
    .select('l.consent');
  if (campaignId !== undefined) q = q.where('l.campaign_id', '=', campaignId);
  const rows = await q.orderBy('l.id').execute();
  return rows.map((r) => ({ id: Number(r.id), ...fieldsOf(r) }));
}

/** The keyed hash a number (E.164) is kept as, and back: `plain` names the hashes of `numbers`. */
export async function numberHashes(db: Kysely<DB>, numbers: readonly string[]) {
  const lookup = await lookupOf(db);
  const byHash = new Map(numbers.map((n) => [lookup.phone(n), n]));
  return {
    lookup,
    hash: (n: string) => lookup.phone(n),
    plain: (h: string) => byHash.get(h) ?? h,
  };
}
