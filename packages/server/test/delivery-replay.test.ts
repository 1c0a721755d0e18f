import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toWire } from '../src/lib/time.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let client: number;
let campaign: number;
let destination: number;

beforeAll(async () => {
  t = await startTestApp({ config: { deliveryAllowPrivate: ['127.0.0.1'] } });
  admin = await t.login('leader@lead.test');
  const row = await t.database.db
    .selectFrom('leads')
    .innerJoin('campaigns', 'campaigns.id', 'leads.campaign_id')
    .select(['campaigns.client_id', 'campaigns.id'])
    .where('campaigns.parent_id', 'is', null)
    .orderBy('campaigns.id')
    .executeTakeFirstOrThrow();
  client = row.client_id;
  campaign = row.id;
  const res = await t.call('POST', `/api/admin/clients/${client}/destinations`, {
    token: admin,
    body: { name: 'CRM', enabled: true, kind: 'webhook', campaign_ids: null, url: 'http://127.0.0.1:9/hook' },
  });
  destination = res.body._data.model.id;
});
afterAll(() => t.close());

const replay = (body: Record<string, unknown>) =>
  t.call('POST', '/api/admin/deliveries/replay', { token: admin, body: { destination_id: destination, ...body } });
/** The client's leads (of every campaign and variant) as the database holds them, but duplicates: the client asks for none (issue #31). */
const clientLeads = () =>
  t.database.db
    .selectFrom('leads')
    .innerJoin('campaigns', 'campaigns.id', 'leads.campaign_id')
    .select(['leads.id', 'leads.created_at', 'campaigns.id as campaign_id', 'campaigns.parent_id'])
    .where('campaigns.client_id', '=', client)
    .where('leads.duplicate', '=', false)
    .execute();

describe('POST /deliveries/replay', () => {
  it("queues a campaign's leads (a lead captured before the destination existed too), shown on the lead table", async () => {
    const leads = (await clientLeads()).filter((l) => l.campaign_id === campaign || l.parent_id === campaign);
    const history = await t.count('history');
    const res = await replay({ campaign_id: campaign });
    expect(res.status).toBe(200);
    expect(res.body._data).toEqual({ queued: leads.length });
    expect(await t.count('history')).toBe(history + 1);
    const page = await t.call('GET', `/api/admin/campaign/${campaign}/leads?limit=5`, { token: admin });
    expect(page.status).toBe(200);
    for (const lead of page.body._data.models) {
      expect(lead.deliveries).toEqual([
        { destination_id: destination, state: 'pending', attempts: 0, last_status: null, last_error: null, next_attempt_at: expect.any(String) },
      ]);
    }
  });

  it('sends the failed ones again from a new series of attempts, and one lead by id', async () => {
    const [first, second] = await t.database.db
      .selectFrom('deliveries')
      .select('lead_id')
      .where('destination_id', '=', destination)
      .orderBy('lead_id')
      .limit(2)
      .execute();
    await t.database.db
      .updateTable('deliveries')
      .set({ state: 'failed', attempts: 13, last_status: 500, next_attempt_at: null })
      .where('destination_id', '=', destination)
      .where('lead_id', '=', first!.lead_id)
      .execute();
    const failed = await replay({ failed_only: true });
    expect(failed.body._data).toEqual({ queued: 1 });
    const row = await t.database.db
      .selectFrom('deliveries')
      .selectAll()
      .where('destination_id', '=', destination)
      .where('lead_id', '=', first!.lead_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await replay({ failed_only: true })).body._data).toEqual({ queued: 0 });
    expect((await replay({ lead_ids: [Number(second!.lead_id)] })).body._data).toEqual({ queued: 1 });
  });

  it('queues every lead of a date range (days in the server time zone, `to` included)', async () => {
    const leads = await clientLeads();
    const day = toWire(leads[0]!.created_at, t.config.timeZone)!.slice(0, 10);
    const thatDay = leads.filter((l) => toWire(l.created_at, t.config.timeZone)!.startsWith(day));
    expect((await replay({ from: day, to: day })).body._data).toEqual({ queued: thatDay.length });
  });

  it('refuses a replay without a scope, of a scheduled file, with a reversed range, of an unknown destination; nothing queued', async () => {
    const file = await t.call('POST', `/api/admin/clients/${client}/destinations`, {
      token: admin,
      body: { name: 'File', enabled: true, kind: 'email', campaign_ids: null, format: 'csv', schedule: 'hourly', recipients: ['a@b.co'] },
    });
    const before = await t.count('deliveries');
    const history = await t.count('history');
    expect((await replay({})).status).toBe(422);
    expect((await replay({ destination_id: file.body._data.model.id, failed_only: true })).status).toBe(422);
    expect((await replay({ from: '2026-11-10', to: '2026-11-01' })).status).toBe(422);
    expect((await replay({ from: '2026-13-40' })).status).toBe(422);
    expect((await replay({ destination_id: 999_999, failed_only: true })).status).toBe(404);
    expect(await t.count('deliveries')).toBe(before);
    expect(await t.count('history')).toBe(history);
  });
});

describe('GET /clients/{id}/destinations/{destId}/attempts', () => {
  it('pages the attempts newest first', async () => {
    const lead = await t.database.db.selectFrom('deliveries').select('lead_id').where('destination_id', '=', destination).executeTakeFirstOrThrow();
    for (const status of [500, 502, 200]) {
      await t.database.db.insertInto('delivery_attempts').values({ destination_id: destination, lead_id: lead.lead_id, status, duration_ms: 12 }).execute();
    }
    const url = `/api/admin/clients/${client}/destinations/${destination}/attempts`;
    const first = await t.call('GET', `${url}?limit=2`, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body._data.models.map((a: { status: number }) => a.status)).toEqual([200, 502]);
    expect(first.body._data.models[0]).toMatchObject({ lead_id: Number(lead.lead_id), error: null, duration_ms: 12, next_attempt_at: null });
    const rest = await t.call('GET', `${url}?limit=2&before_id=${first.body._data.next_before_id}`, { token: admin });
    expect(rest.body._data.models.map((a: { status: number }) => a.status)).toEqual([500]);
    expect(rest.body._data.next_before_id).toBeNull();
  });
});
