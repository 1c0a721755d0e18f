import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCampaign } from '@lead/contract/fixtures';
import { toWire } from '../src/lib/time.js';
import { lockDueDestinations, newLeadIds } from '../src/repositories/email-files.js';
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
        {
          destination_id: destination,
          state: 'pending',
          attempts: 0,
          last_status: null,
          last_error: null,
          next_attempt_at: expect.any(String),
        },
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
      body: {
        name: 'File',
        enabled: true,
        kind: 'email',
        campaign_ids: null,
        format: 'csv',
        schedule: 'hourly',
        recipients: ['a@b.co'],
      },
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
    const lead = await t.database.db
      .selectFrom('deliveries')
      .select('lead_id')
      .where('destination_id', '=', destination)
      .executeTakeFirstOrThrow();
    for (const status of [500, 502, 200]) {
      await t.database.db
        .insertInto('delivery_attempts')
        .values({ destination_id: destination, lead_id: lead.lead_id, status, duration_ms: 12 })
        .execute();
    }
    const url = `/api/admin/clients/${client}/destinations/${destination}/attempts`;
    const first = await t.call('GET', `${url}?limit=2`, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body._data.models.map((a: { status: number }) => a.status)).toEqual([200, 502]);
    expect(first.body._data.models[0]).toMatchObject({
      lead_id: Number(lead.lead_id),
      error: null,
      duration_ms: 12,
      next_attempt_at: null,
    });
    const rest = await t.call('GET', `${url}?limit=2&before_id=${first.body._data.next_before_id}`, { token: admin });
    expect(rest.body._data.models.map((a: { status: number }) => a.status)).toEqual([500]);
    expect(rest.body._data.next_before_id).toBeNull();
  });
});

describe('a campaign moved to another client (issue #44)', () => {
  it('never sends the new client the leads it had before: only those that come after, by webhook, replay or file', async () => {
    const newClient = async (name: string) =>
      (await t.call('POST', '/api/admin/clients', { token: admin, body: { name, manager_id: 1, site_ids: [1] } })).body
        ._data.model.id as number;
    const [from, to] = [await newClient('Old clinic'), await newClient('New clinic')];
    const body = (clientId: number) => validCampaign(clientId, { name: 'Moved with its leads' });
    const campaignId = (await t.call('POST', '/api/admin/campaign', { token: admin, body: body(from) })).body._data
      .model.id as number;
    const lead = (name: string) =>
      t.app.leads.insert({
        campaignId,
        name,
        email: `${name.toLowerCase()}@example.test`,
        phone: null,
        phoneE164: null,
        data: { name },
        pageUrl: 'https://bacsi-online.vn/heart/',
      });
    const before = [await lead('Hoa'), await lead('Lan')];
    const hook = await t.call('POST', `/api/admin/clients/${to}/destinations`, {
      token: admin,
      body: { name: 'New CRM', enabled: true, kind: 'webhook', campaign_ids: null, url: 'http://127.0.0.1:9/new' },
    });
    const newHook = hook.body._data.model.id as number;
    const file = await t.call('POST', `/api/admin/clients/${to}/destinations`, {
      token: admin,
      body: {
        name: 'New file',
        enabled: true,
        kind: 'email',
        campaign_ids: null,
        format: 'csv',
        schedule: 'hourly',
        recipients: ['crm@new.test'],
      },
    });
    expect((await t.call('PUT', `/api/admin/campaign/${campaignId}`, { token: admin, body: body(to) })).status).toBe(
      200,
    );
    const [moved] = await t.database.db
      .selectFrom('history')
      .select('text')
      .orderBy('id', 'desc')
      .offset(1)
      .limit(1)
      .execute();
    expect(moved!.text).toBe(
      'Moved campaign <b>Moved with its leads</b> from client <b>Old clinic</b> to client <b>New clinic</b>.',
    );

    const replayTo = (b: Record<string, unknown>) =>
      t.call('POST', '/api/admin/deliveries/replay', { token: admin, body: { destination_id: newHook, ...b } });
    expect((await replayTo({ campaign_id: campaignId })).body._data).toEqual({ queued: 0 });
    expect((await replayTo({ lead_ids: before })).body._data).toEqual({ queued: 0 });
    // A lead after the move goes to the new client, and is its to replay.
    const after = await lead('Mai');
    const queued = await t.database.db
      .selectFrom('deliveries')
      .select(['lead_id', 'destination_id'])
      .where('lead_id', 'in', [...before, after])
      .execute();
    expect(queued.filter((d) => d.destination_id === newHook).map((d) => Number(d.lead_id))).toEqual([after]);
    expect((await replayTo({ campaign_id: campaignId })).body._data).toEqual({ queued: 1 });
    // The new client's scheduled file holds only that lead too.
    const [due] = await lockDueDestinations(t.database.db, new Date('2100-01-01T00:00:00Z'), 100).then((ds) =>
      ds.filter((d) => d.id === file.body._data.model.id),
    );
    const ids = await newLeadIds(
      t.database.db,
      { ...due!, file_after_lead_id: 0 },
      new Date('2100-01-01T00:00:00Z'),
      100,
    );
    expect(ids.filter((id) => [...before, after].includes(id))).toEqual([after]);
  });
});
