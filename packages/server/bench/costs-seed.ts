import { sql } from 'kysely';
import type { Database } from '../src/db/connect.js';
import { newKey, seal, type PersonalFields } from '../src/lib/personal.js';
import { OWASP_SCRYPT } from '../src/lib/crypto.js';
import { lookupOf } from '../src/repositories/personal.js';
import { seedAccounts } from '../src/seed/accounts.js';
import { createRandom } from '../src/seed/random.js';
import { seedReference } from '../src/seed/reference.js';

export interface CostsSeed {
  /** The lead everything is looked up by: its e-mail and number, as an admin types them. */
  email: string;
  phone: string;
  /** The campaign with a twentieth of the leads (the export's). */
  bigCampaign: number;
}

/** The one person every lead reads as (one key for all: sealing a million leads one by one would take the bench's time). */
const PERSON: PersonalFields = {
  name: 'Reader Example',
  email: 'reader@mail.test',
  phone: '0912 345 678',
  phone_e164: '+84912345678',
  data: { city: 'Ha Noi' },
  page_url: 'https://bacsi-online.vn/health/1/',
  consent: null,
};

/**
 * Fills an empty, migrated database in SQL: the demo's accounts (clients keeping leads 14, 18,
 * 24 and 36 months), `campaigns` campaigns and `leads` leads sealed as the server seals them,
 * created over the last 400 days before `now` (so none is due for retention at `now`), one in
 * twenty in the first campaign. Each lead has lookup hashes of its own, but one lead in 100,000 has
 * PERSON's (the person an erasure looks for). Every lead has five delivery attempts' worth of
 * rows in one in ten leads (the attempts log), and there is one history entry per ten leads.
 */
export async function seedCosts(
  database: Database,
  o: { leads: number; campaigns: number; now: Date },
  log: (step: string) => void,
): Promise<CostsSeed> {
  const db = database.db;
  await db.transaction().execute(async (trx) => {
    await seedReference(trx);
    await seedAccounts(trx, createRandom(), o.now, OWASP_SCRYPT);
  });
  await sql`UPDATE clients SET retention_months = (ARRAY[14, 18, NULL, 36])[1 + id % 4]`.execute(db);
  await sql`
    INSERT INTO campaigns (code, name, site_id, client_id, creator_id, type, status, display_type, trigger_type, device_types,
      rules, forms, extra_fields, kpis, forever, created_at, updated_at)
    SELECT 'CX-' || lpad(to_hex(g), 6, '0'), 'Costs #' || g, cs.site_id, cs.client_id, 1, 0, 1, 1, 'on_landing', '{1,2}'::smallint[],
      '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, '{}'::jsonb, true, ${o.now}::timestamptz - interval '500 days', ${o.now}
    FROM generate_series(1, ${o.campaigns}::int) g
    CROSS JOIN LATERAL (SELECT site_id, client_id FROM client_sites ORDER BY site_id, client_id OFFSET g % (SELECT count(*) FROM client_sites) LIMIT 1) cs`.execute(
    db,
  );
  log('accounts and campaigns');
  const lookup = await lookupOf(db);
  const key = newKey();
  const sealed = seal(PERSON, key);
  const first = Number(
    (
      await db
        .selectFrom('campaigns')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );
  // Leads of PERSON: g % 100000 = 7; the others' hashes are of their own number.
  await sql`
    INSERT INTO leads (campaign_id, sealed, email_hash, phone_hash, digits_hash, created_at)
    SELECT CASE WHEN g % 20 = 0 THEN ${first}::int ELSE ${first}::int + g % ${o.campaigns}::int END, ${sealed},
      CASE WHEN g % 100000 = 7 THEN ${lookup.email(PERSON.email)} ELSE encode(sha256(('e' || g)::bytea), 'hex') END,
      CASE WHEN g % 100000 = 7 THEN ${lookup.phone(PERSON.phone_e164!)} WHEN g % 10 <> 3 THEN encode(sha256(('p' || g)::bytea), 'hex') END,
      CASE WHEN g % 10 = 3 THEN encode(sha256(('d' || g)::bytea), 'hex') END,
      ${o.now}::timestamptz - make_interval(days => g % 400, secs => (g::bigint * 7919) % 86400)
    FROM generate_series(1, ${o.leads}::int) g`.execute(db);
  log('leads');
  await sql`INSERT INTO lead_keys (lead_id, key) SELECT id, ${key} FROM leads`.execute(db);
  log('lead keys');
  const destination = (
    await db
      .insertInto('destinations')
      .values({ client_id: 1, name: 'Costs', kind: 'webhook', url: 'https://crm.example/hook' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await sql`
    INSERT INTO delivery_attempts (destination_id, lead_id, at, status, error, duration_ms)
    SELECT ${destination}::int, l.id, l.created_at + make_interval(mins => n), 500, 'failure', 10
    FROM leads l, generate_series(1, 5) n WHERE l.id % 10 = 0`.execute(db);
  await sql`
    INSERT INTO history (user_id, site_id, icon, text, created_at)
    SELECT 1 + g % 5, 1 + g % 12, 'export', 'Exported <b>' || g || '</b> leads', ${o.now}::timestamptz - make_interval(secs => g * 60)
    FROM generate_series(1, ${Math.max(1, Math.floor(o.leads / 10))}::int) g`.execute(db);
  log('attempts and history');
  await sql`VACUUM ANALYZE`.execute(db);
  log('analyze');
  return { email: PERSON.email!, phone: PERSON.phone_e164!, bigCampaign: first };
}
