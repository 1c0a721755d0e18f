/**
 * One rule for a field a save leaves out (issue #45): a new campaign takes the column's default,
 * an update keeps what the campaign had. The builder always sends every field; an API caller may not.
 */
import type { CampaignPayload } from '@lead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCampaign as payload } from '@lead/contract/fixtures';
import { testSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let client: number;
beforeAll(async () => {
  ({ t, token: admin, client } = await testSession({ as: 'system@lead.test' }));
});
afterAll(() => t.close());

/** The payload without its optional settings. */
function bare(over: Partial<CampaignPayload> = {}) {
  const {
    kpis: _k,
    price: _p,
    stop_at_goal: _s,
    image: _i,
    is_sponsor: _o,
    sponsor_ids: _d,
    ...rest
  } = payload(client, over);
  return rest;
}

describe('a save without the optional settings', () => {
  it('creates with the defaults, and an update keeps what was saved', async () => {
    const created = await t.call('POST', '/api/admin/campaign', { token: admin, body: bare() });
    expect(created.status, created.raw).toBe(200);
    expect(created.body._data.model).toMatchObject({ kpis: {}, price: 2.5, stop_at_goal: false, image: null });
    const id = created.body._data.model.id as number;
    const image = 'https://bacsi-online.vn/heart.png';
    const set = payload(client, { kpis: { lead: 40 }, price: 3, stop_at_goal: true, image });
    expect((await t.call('PUT', `/api/admin/campaign/${id}`, { token: admin, body: set })).status).toBe(200);
    const kept = await t.call('PUT', `/api/admin/campaign/${id}`, { token: admin, body: bare({ name: 'Renamed' }) });
    expect(kept.status, kept.raw).toBe(200);
    expect(kept.body._data.model).toMatchObject({
      name: 'Renamed',
      kpis: { lead: 40 },
      price: 3,
      stop_at_goal: true,
      image,
    });
    const cleared = await t.call('PUT', `/api/admin/campaign/${id}`, {
      token: admin,
      body: { ...bare(), image: null, stop_at_goal: false },
    });
    expect(cleared.body._data.model).toMatchObject({ image: null, stop_at_goal: false, price: 3 });
  });
});
