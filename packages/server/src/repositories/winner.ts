/**
 * What "which campaign wins this page" (routes/sites/winner.ts) reads beside the served campaigns:
 * every campaign of the site (served or not) with its name, status and targets (a variant's are
 * its test's, as the runtime serves them).
 */
import type { MatchOption } from '@lead/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';

export interface SiteCampaignRow {
  id: number;
  code: string;
  name: string;
  status: number;
  targets: Array<{
    type: 'links' | 'tags';
    option: MatchOption;
    target: string;
    sub_target: Array<{ option: MatchOption; value: string }> | null;
  }>;
}

export async function siteCampaigns(db: Kysely<DB>, siteId: number): Promise<SiteCampaignRow[]> {
  const targets = (id: string) =>
    sql.raw(`(SELECT json_agg(json_build_object('type', t.type, 'option', t.option, 'target', t.target, 'sub_target', t.sub_target) ORDER BY t.position)
        FROM campaign_targets t WHERE t.campaign_id = ${id})`);
  const { rows } = await sql<SiteCampaignRow>`
      SELECT c.id, c.code, c.name, c.status, coalesce(${targets('c.id')}, ${targets('c.parent_id')}, '[]') AS targets
      FROM campaigns c
      WHERE c.deleted_at IS NULL AND c.site_id = ${siteId}
      ORDER BY c.id`.execute(db);
  return rows;
}
