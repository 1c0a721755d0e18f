/**
 * The runtime's reads of campaigns (docs/runtime.md): the sites partner pages name, the campaigns
 * a site serves now, one campaign for a staff preview, and the change notice other processes
 * listen for. Plain functions on the database: `runtime/served.ts` keeps their results in memory.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types.js';
import type { ServedRow } from '../runtime/public-campaign.js';

export interface SiteRow {
  id: number;
  name: string;
  country_id: string;
  time_zone: string | null;
  popup_cap_visit: number | null;
  popup_cap_day: number | null;
}

export function siteRow(db: Kysely<DB>, id: number): Promise<SiteRow | undefined> {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'country_id', 'time_zone', 'popup_cap_visit', 'popup_cap_day'])
    .where('id', '=', id)
    .executeTakeFirst();
}

async function servedRows(db: Kysely<DB>, where: RawBuilder<unknown>): Promise<ServedRow[]> {
  const targets = (id: string) =>
    sql.raw(`(SELECT json_agg(json_build_object('type', t.type, 'option', t.option, 'target', t.target, 'sub_target', t.sub_target) ORDER BY t.position)
        FROM campaign_targets t WHERE t.campaign_id = ${id})`);
  const { rows } = await sql<ServedRow>`
      SELECT c.id, c.code, c.site_id, c.display_type, c.device_types, c.trigger_type, c.rules, c.forms, c.extra_fields,
        c.image, c.image_desktop, c.image_background, c.image_overlay_mobile, c.image_overlay_desktop, c.thank_you_image, c.forever, c.started_at, c.ended_at,
        CASE WHEN c.type = 1 AND c.is_testing_running THEN c.code WHEN c.type = 2 THEN p.code END AS test_code,
        (SELECT max(r.id) FROM campaign_revisions r WHERE r.campaign_id = c.id) AS revision_id,
        coalesce(${targets('c.id')}, ${targets('c.parent_id')}, '[]') AS targets
      FROM campaigns c LEFT JOIN campaigns p ON p.id = c.parent_id
      WHERE c.deleted_at IS NULL AND ${where}
      ORDER BY c.id`.execute(db);
  return rows;
}

/** What a site serves at `now`: active campaigns; a running A/B test and its active variants (each an arm of the test). */
export function servedNow(db: Kysely<DB>, siteId: number, now: Date): Promise<ServedRow[]> {
  return servedRows(
    db,
    sql`c.site_id = ${siteId}
        AND (
          (c.type <> 2 AND c.status = 1 AND NOT c.is_testing_running)
          OR (c.type = 1 AND c.status = 4 AND c.is_testing_running)
          OR (c.type = 2 AND c.status = 1 AND p.is_testing_running AND p.deleted_at IS NULL)
        )
        AND (c.forever OR c.ended_at IS NULL OR c.ended_at > ${now})`,
  );
}

/** One campaign whatever its status (a staff preview), or none when deleted. */
export async function servedOne(db: Kysely<DB>, campaignId: number): Promise<ServedRow | undefined> {
  const [row] = await servedRows(db, sql`c.id = ${campaignId}`);
  return row;
}

/** Whether `code` is a campaign of the site at all (served or not). */
export async function campaignExists(db: Kysely<DB>, siteId: number, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('campaigns')
    .select('id')
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

/** The campaign a live preview link (by its token's hash) shows. */
export async function previewedCampaign(db: Kysely<DB>, tokenHash: string, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('campaign_previews')
    .select('campaign_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.campaign_id ?? null;
}

/** Tells the other processes on the same PostgreSQL that campaigns changed (they LISTEN on `channel`). */
export async function notifyChanged(db: Kysely<DB>, channel: string, from: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${from})`.execute(db);
}
