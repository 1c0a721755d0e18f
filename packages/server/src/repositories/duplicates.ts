/**
 * Duplicates (issue #31): a lead whose normalised phone (E.164) or e-mail (trimmed, lower case)
 * (compared as their keyed hashes) already gave a billable lead to the same campaign (or, when the client says so, to any of the
 * client's campaigns) within the client's window is a duplicate. Decided inside the lead's own
 * transaction, under a lock per person, so that two submissions of one person at the same moment
 * cannot both be billable.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';

/** The first key of the per-person advisory locks (the two-key space; the second is the person's hash). */
const DUPLICATE_LOCK = 731_031;

const DAY_MS = 86_400_000;

/** The person, by the keyed hashes of their number (E.164) and e-mail (lib/personal.ts). */
export interface LeadPerson {
  campaignId: number;
  phone_hash: string | null;
  email_hash: string | null;
}

/** Whether `lead` is a duplicate, as of `now`; call it in the transaction that stores the lead. */
export async function isDuplicate(trx: Executor, lead: LeadPerson, now: Date): Promise<boolean> {
  const email = lead.email_hash;
  const phone = lead.phone_hash;
  if (!email && !phone) return false;
  const settings = await trx
    .selectFrom('campaigns as c')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .select(['c.client_id', 'cl.duplicate_scope', 'cl.duplicate_window_days'])
    .where('c.id', '=', lead.campaignId)
    .executeTakeFirstOrThrow();
  // One lock per identity of the person, per client (whatever the scope), taken in one order so that two people sharing an e-mail cannot deadlock.
  const keys = [phone && `p:${phone}`, email && `e:${email}`].filter((k): k is string => Boolean(k)).sort();
  for (const key of keys) {
    await sql`SELECT pg_advisory_xact_lock(${DUPLICATE_LOCK}, hashtext(${`${settings.client_id}:${key}`}))`.execute(
      trx,
    );
  }
  const since = new Date(now.getTime() - settings.duplicate_window_days * DAY_MS);
  let q = trx
    .selectFrom('leads as l')
    .select('l.id')
    .where('l.duplicate', '=', false)
    .where('l.created_at', '>', since)
    .where((eb) => {
      const same = [];
      if (phone) same.push(eb('l.phone_hash', '=', phone));
      if (email) same.push(eb('l.email_hash', '=', email));
      return eb.or(same);
    });
  q =
    settings.duplicate_scope === 'client'
      ? q.innerJoin('campaigns as c', 'c.id', 'l.campaign_id').where('c.client_id', '=', settings.client_id)
      : q.where('l.campaign_id', '=', lead.campaignId);
  return Boolean(await q.limit(1).executeTakeFirst());
}
