import { validCampaign } from '@lead/contract/fixtures';
import { startTestApp, type TestApp } from './helpers.js';

/** A client that runs on `siteId` in the demo data. */
export async function clientOf(t: TestApp, siteId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('client_sites')
    .select('client_id')
    .where('site_id', '=', siteId)
    .orderBy('client_id')
    .executeTakeFirstOrThrow();
  return row.client_id;
}

/** A saved campaign as POST /campaign answers it. */
export type SavedCampaign = { id: number; code: string; name: string } & Record<string, any>;

export interface TestSession {
  t: TestApp;
  /** The signed-in user's token. */
  token: string;
  /** A client of the session's site (site 1 unless given). */
  client: number;
  /** Saves the shared valid campaign (@lead/contract/fixtures) for `client`, with `over` applied, as the signed-in user. */
  createCampaign(over?: Parameters<typeof validCampaign>[1]): Promise<SavedCampaign>;
}

/**
 * The preamble of the campaign tests: the app on a copy of the demo data, `as` signed in, and a
 * client of `site` to make campaigns for. Close `t` after the file.
 */
export async function testSession(opts: {
  as: string;
  site?: number;
  app?: Parameters<typeof startTestApp>[0];
}): Promise<TestSession> {
  const t = await startTestApp(opts.app);
  const token = await t.login(opts.as);
  const client = await clientOf(t, opts.site ?? 1);
  return {
    t,
    token,
    client,
    async createCampaign(over = {}) {
      const res = await t.call('POST', '/api/admin/campaign', { token, body: validCampaign(client, over) });
      if (res.status !== 200) throw new Error(`the campaign was not saved: ${res.raw}`);
      return res.body._data.model as SavedCampaign;
    },
  };
}
