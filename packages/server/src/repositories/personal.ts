/**
 * Personal data at rest (docs/decisions/0006-erased-means-unreadable.md): the values a lead or a
 * spam lead is stored with (sealed, with its own key and lookup hashes), the start's sealing of
 * rows stored before, and what makes an erasure final: the keys' tables rewritten and a checkpoint.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { DB, Executor } from '../db/types.js';
import { fieldsOf, Lookup, newKey, seal, type LookupHashes, type PersonalFields } from '../lib/personal.js';
import { runtimeSecret } from './runtime-secrets.js';

/** What a lead from a partner page holds of a person (leads.ts's NewLead). */
export interface PersonalLead {
  name: string | null;
  email: string | null;
  phone: string | null;
  phoneE164: string | null;
  data: Record<string, unknown>;
  pageUrl: string | null;
  consent?: { revisionId: number; record: unknown; hash: string } | null;
}

/** A lead's columns as `leads` and `spam_leads` store them alike, and the key to store beside it. */
/** The columns a lead (or a spam lead) is stored with: sealed fields and lookup hashes, nothing plain. */
export interface SealedColumns extends LookupHashes {
  campaign_id: number;
  sealed: string;
  data: string;
  revision_id: number | null;
  consent_hash: string | null;
}

export function sealedValues(
  lead: PersonalLead & { campaignId: number },
  lookup: Lookup,
): { key: string; values: SealedColumns } {
  const fields: PersonalFields = {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    phone_e164: lead.phoneE164,
    data: lead.data,
    page_url: lead.pageUrl,
    consent: lead.consent?.record ?? null,
  };
  const key = newKey();
  return {
    key,
    values: {
      campaign_id: lead.campaignId,
      sealed: seal(fields, key),
      data: '{}',
      ...lookup.of(fields),
      revision_id: lead.consent?.revisionId ?? null,
      consent_hash: lead.consent?.hash ?? null,
    },
  };
}

/** The SQL of a lead's (alias `l`) sealed fields and key: join `LEFT JOIN lead_keys k ON k.lead_id = l.id`. */
export const LEAD_KEY_JOIN = sql`LEFT JOIN lead_keys k ON k.lead_id = l.id`;

/**
 * A lead's (alias `l`) key as a value, read by lead_keys_pkey for that lead alone: a subselect
 * in the select list is run per row, where a join over a page of an export may be planned as a
 * hash join that reads every key (a million leads' worth, for 2,000 of them).
 */
export const LEAD_KEY = sql`(SELECT k.key FROM lead_keys k WHERE k.lead_id = l.id)`;

/**
 * Erasure's last step, after its commit: the keys' tables rewritten (VACUUM FULL: the deleted
 * keys' bytes leave their files, which are truncated) and a checkpoint, so that the rewrite is in
 * the data files and the WAL before it can be recycled. A role that may not CHECKPOINT (PostgreSQL
 * grants it to superusers and pg_checkpoint) leaves it to the next automatic one.
 */
export async function forgetErasedKeys(db: Kysely<DB>, only?: 'spam_lead_keys'): Promise<void> {
  await (only ? sql`VACUUM FULL spam_lead_keys` : sql`VACUUM FULL lead_keys, spam_lead_keys`).execute(db);
  try {
    await sql`CHECKPOINT`.execute(db);
  } catch {
    // Not allowed: PostgreSQL's own checkpoint (checkpoint_timeout) follows.
  }
}

/** The marker (a row of runtime_secrets) of a database whose kept numbers are hashes. */
const NUMBERS_HASHED = 'numbers-hashed';

/** How many rows one statement of the start's sealing writes. */
const SEAL_BATCH = 2000;

/**
 * Seals what was stored before sealing (the leads and spam leads with plain columns; the numbers
 * kept plain in campaign_submitted_phones, otp_codes, otp_phone_days), a batch per statement, and
 * then rewrites those tables once, so that the plain values leave their files. Nothing to do
 * costs one read of an empty index per table. Returns how many rows it changed.
 */
export async function sealStored(db: Kysely<DB>, lookup: Lookup): Promise<number> {
  let changed = 0;
  for (;;) {
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'name', 'email', 'phone', 'phone_e164', 'data', 'page_url', 'consent'])
      .where('sealed', 'is', null)
      .where('erased_at', 'is', null)
      .orderBy('id')
      .limit(SEAL_BATCH)
      .execute();
    if (!rows.length) break;
    const sealed = rows.map((r) => {
      const fields = fieldsOf({ ...r, sealed: null, key: null });
      const key = newKey();
      return { id: Number(r.id), key, sealed: seal(fields, key), ...lookup.of(fields) };
    });
    await db.transaction().execute(async (trx) => {
      const json = JSON.stringify(sealed);
      await sql`INSERT INTO lead_keys (lead_id, key)
        SELECT u.id, u.key FROM jsonb_to_recordset(${json}::jsonb) AS u(id bigint, key text)`.execute(trx);
      await sql`UPDATE leads l SET sealed = u.sealed, email_hash = u.email_hash, phone_hash = u.phone_hash,
          digits_hash = u.digits_hash, name = NULL, email = NULL, phone = NULL, phone_e164 = NULL, data = '{}'::jsonb,
          page_url = NULL, consent = NULL
        FROM jsonb_to_recordset(${json}::jsonb) AS u(id bigint, sealed text, email_hash text, phone_hash text, digits_hash text)
        WHERE l.id = u.id`.execute(trx);
    });
    changed += rows.length;
  }
  for (;;) {
    const rows = await db
      .selectFrom('spam_leads')
      .select(['id', 'name', 'email', 'phone', 'phone_e164', 'data', 'page_url', 'consent', 'single_phone'])
      .where('sealed', 'is', null)
      .orderBy('id')
      .limit(SEAL_BATCH)
      .execute();
    if (!rows.length) break;
    const sealed = rows.map((r) => {
      const fields = fieldsOf({ ...r, sealed: null, key: null });
      const key = newKey();
      const single = r.single_phone && r.single_phone.startsWith('+') ? lookup.phone(r.single_phone) : r.single_phone;
      return { id: Number(r.id), key, sealed: seal(fields, key), ...lookup.of(fields), single };
    });
    await db.transaction().execute(async (trx) => {
      const json = JSON.stringify(sealed);
      await sql`INSERT INTO spam_lead_keys (spam_id, key)
        SELECT u.id, u.key FROM jsonb_to_recordset(${json}::jsonb) AS u(id bigint, key text)`.execute(trx);
      await sql`UPDATE spam_leads l SET sealed = u.sealed, email_hash = u.email_hash, phone_hash = u.phone_hash,
          digits_hash = u.digits_hash, single_phone = u.single, name = NULL, email = NULL, phone = NULL, phone_e164 = NULL, data = '{}'::jsonb,
          page_url = NULL, consent = NULL
        FROM jsonb_to_recordset(${json}::jsonb) AS u(id bigint, sealed text, email_hash text, phone_hash text, digits_hash text, single text)
        WHERE l.id = u.id`.execute(trx);
    });
    changed += rows.length;
  }
  // Numbers kept to be compared, once per database (a marker says it was done): a plain one starts with '+', a hash is hex.
  const done = await db
    .selectFrom('runtime_secrets')
    .select('name')
    .where('name', '=', NUMBERS_HASHED)
    .executeTakeFirst();
  if (!done) {
    for (const table of ['campaign_submitted_phones', 'otp_codes', 'otp_phone_days'] as const) {
      const { rows } = await sql<{
        phone: string;
      }>`SELECT DISTINCT phone FROM ${sql.table(table)} WHERE phone LIKE '+%'`.execute(db);
      if (!rows.length) continue;
      const pairs = JSON.stringify(rows.map((r) => ({ plain: r.phone, hash: lookup.phone(r.phone) })));
      await sql`UPDATE ${sql.table(table)} t SET phone = u.hash
        FROM jsonb_to_recordset(${pairs}::jsonb) AS u(plain text, hash text) WHERE t.phone = u.plain`.execute(db);
      changed += rows.length;
    }
    await db
      .insertInto('runtime_secrets')
      .values({ name: NUMBERS_HASHED, secret: '-' })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  if (changed) {
    // The plain values are in the old rows' versions: a rewrite (once) leaves none in the files.
    await sql`VACUUM FULL leads, spam_leads, campaign_submitted_phones, otp_codes, otp_phone_days`.execute(db);
    await forgetErasedKeys(db);
  }
  return changed;
}

export interface PersonalData {
  /** The server's keyed hashes (secret 'lead-lookup'). */
  lookup: Lookup;
  /** See forgetErasedKeys. */
  forget(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    personal: PersonalData;
  }
}

/** The lookup secret of `db` (made by the first process that asks). */
export const lookupOf = async (db: Kysely<DB>): Promise<Lookup> => new Lookup(await runtimeSecret(db, 'lead-lookup'));

export default fp(
  async function personalData(app: FastifyInstance) {
    const lookup = await lookupOf(app.db);
    const sealed = await sealStored(app.db, lookup);
    if (sealed) app.log.info({ rows: sealed }, 'personal data: sealed the rows stored before sealing');
    app.decorate('personal', { lookup, forget: () => forgetErasedKeys(app.db) } satisfies PersonalData);
  },
  { name: 'personal-data' },
);

/** Reads the keys of leads `ids` (whose fields a caller opens): lead id → key. */
export async function leadKeys(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('lead_keys').select(['lead_id', 'key']).where('lead_id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.lead_id), r.key]));
}
