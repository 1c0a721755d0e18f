import { sql } from 'kysely';
import type { Database } from '../src/db/connect.js';
import { OWASP_SCRYPT } from '../src/lib/crypto.js';
import { seedAccounts } from '../src/seed/accounts.js';
import { createRandom } from '../src/seed/random.js';
import { seedReference } from '../src/seed/reference.js';
import { rollUpLoadedFigures } from '../src/seed/rollup.js';

export interface ScaleOptions {
  campaigns: number;
  leads: number;
  now: Date;
  timeZone: string;
}

const TOPICS = [
  'Diabetes care',
  'Pregnancy week by week',
  'Heart health',
  'Skin clinic',
  'Baby sleep',
  'Vitamin D',
  'Dental check',
  'Eye care',
  'Allergy season',
  'Healthy weight',
  'Bone strength',
  'Mental wellbeing',
  'Kidney check',
  'Liver health',
  'Breastfeeding',
  'Flu vaccine',
];
const SECTIONS = ['health', 'pregnancy', 'parenting', 'nutrition', 'fitness', 'diseases', 'beauty', 'mental-health'];

/**
 * Fills an empty, migrated database at scale, in SQL so that it takes
 * minutes, not hours: the demo's accounts, then `campaigns` campaigns with
 * targets, each with daily figures for a run of 30 to 90 days within the last
 * year, and `leads` leads (one campaign in twenty gets a twentieth of them, so
 * the first campaign is a big one), rolled up into the daily figures and totals.
 */
export async function seedScale(database: Database, o: ScaleOptions, log: (step: string) => void): Promise<void> {
  const db = database.db;
  await db.transaction().execute(async (trx) => {
    await seedReference(trx);
    // The default config's parameters (what the benchmarked server signs in with).
    await seedAccounts(trx, createRandom(), o.now, OWASP_SCRYPT);
  });
  log('accounts');
  const today = o.now.toISOString().slice(0, 10);
  await sql`CREATE TEMP TABLE bench_site_clients AS
    SELECT site_id, client_id, (row_number() OVER (PARTITION BY site_id ORDER BY client_id) - 1)::int AS idx, (count(*) OVER (PARTITION BY site_id))::int AS n
    FROM client_sites`.execute(db);
  const rules = JSON.stringify([
    { rule: 'time_on_page', value: 5 },
    { rule: 'days_to_show_again', value: 7 },
  ]);
  const forms = JSON.stringify([
    { name: 'Title', id: 't', data: { placeholder: 'Sample title' } },
    { name: 'Email', id: 'e', data: { value: 'email', placeholder: 'Email', required: true } },
    { name: 'Submit', id: 's', data: { placeholder: 'Submit' } },
  ]);
  await sql`
    INSERT INTO campaigns (code, name, site_id, client_id, creator_id, type, status, is_schedule, display_type, trigger_type, device_types,
      rules, forms, extra_fields, kpis, is_sponsor, forever, created_at, updated_at)
    SELECT 'BX-' || lpad(to_hex(g), 8, '0'),
      (${TOPICS}::text[])[1 + g % ${TOPICS.length}] || ' #' || g,
      sc.site_id, sc.client_id, 1, CASE WHEN g % 20 = 7 THEN 1 ELSE 0 END,
      (ARRAY[1, 1, 1, 1, -1, -1, 3, 3, 0, 2, -2])[1 + g % 11], g % 11 = 8,
      1 + g % 12, 'on_landing', (ARRAY['{1}', '{2}', '{1,2}'])[1 + g % 3]::smallint[],
      ${rules}::jsonb, ${forms}::jsonb, '{"popupVersion":"2.1","currentLayout":"LightBoxB","targetLinkType":"links"}'::jsonb,
      '{"lead":500}'::jsonb, g % 9 = 4, true, c.created, least(c.created + make_interval(days => abs(hashtext('u' || g)) % 200), ${o.now}::timestamptz)
    FROM generate_series(1, ${o.campaigns}::int) g
    JOIN bench_site_clients sc ON sc.site_id = 1 + g % 12 AND sc.idx = (g / 12) % sc.n
    CROSS JOIN LATERAL (SELECT ${o.now}::timestamptz - make_interval(days => abs(hashtext('c' || g)) % 400, secs => abs(hashtext('s' || g)) % 86400) AS created) c
    ORDER BY c.created
  `.execute(db);
  log('campaigns');
  await sql`
    INSERT INTO campaign_targets (campaign_id, position, type, option, target)
    SELECT c.id, 0, 'links', 'start_with', 'https://' || s.name || '/' || (${SECTIONS}::text[])[1 + c.id % ${SECTIONS.length}] || '/' || c.id || '/'
    FROM campaigns c JOIN sites s ON s.id = c.site_id
    UNION ALL
    SELECT c.id, 1, 'tags', 'exact_match', lower(split_part(c.name, ' ', 1)) FROM campaigns c WHERE c.id % 5 = 0
  `.execute(db);
  log('targets');
  await sql`
    INSERT INTO campaign_daily_stats (campaign_id, day, impressions, visitors, clicks, submits, bounces, habit_exits, intentional_exits)
    SELECT c.id, d::date, x.imp, x.imp * 8 / 10, x.imp / 30, x.imp / 120, x.imp * 3 / 10, x.imp / 10, x.imp / 20
    FROM campaigns c
    CROSS JOIN LATERAL (SELECT greatest((c.created_at AT TIME ZONE ${o.timeZone})::date, ${today}::date - 365) AS first) w
    CROSS JOIN LATERAL generate_series(w.first, least(w.first + (30 + abs(hashtext('w' || c.id)) % 60), ${today}::date), interval '1 day') d
    CROSS JOIN LATERAL (SELECT 20 + abs(hashtext(c.id || ':' || d::date)) % 500 AS imp) x
    WHERE c.status NOT IN (-2, 0)
  `.execute(db);
  log('daily figures');
  const first = await db
    .selectFrom('campaigns')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO leads (campaign_id, name, email, phone, created_at)
    SELECT CASE WHEN g % 20 = 0 THEN ${first.id}::int ELSE ${first.id}::int + abs(hashtext('l' || g)) % ${o.campaigns}::int END,
      'Reader ' || g, 'reader.' || g || '@mail.test', '+84 9' || lpad((g % 100000000)::text, 8, '0'),
      ${o.now}::timestamptz - make_interval(days => abs(hashtext('d' || g)) % 365, secs => abs(hashtext('t' || g)) % 86400)
    FROM generate_series(1, ${o.leads}::int) g
  `.execute(db);
  log('leads');
  await rollUpLoadedFigures(db, o.timeZone);
  log('rollup and totals');
  await sql`DROP TABLE bench_site_clients`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  log('analyze');
}
