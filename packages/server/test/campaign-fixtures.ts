import { validCampaign } from '@lead/contract/fixtures';
import type { TestApp } from './helpers.js';

/** A client that runs on `siteId` in the demo data. */
export async function clientOf(t: TestApp, siteId: number): Promise<number> {
  const row = await t.database.db.selectFrom('client_sites').select('client_id').where('site_id', '=', siteId).orderBy('client_id').executeTakeFirstOrThrow();
  return row.client_id;
}

/** The shared valid campaign (@lead/contract/fixtures), for a client of site 1. */
export const payload = validCampaign;
