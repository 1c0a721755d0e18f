/**
 * The clients' verdicts (issue #46, docs/api/verdicts.md): an admin makes a client an API key,
 * shown once and kept hashed; the client's systems send verdicts over HTTP with it; a rejection
 * within the window is credited (out of the billable leads, in history); keys reach only their
 * client's leads, stop working when revoked, and are rate-limited.
 */
import { billableLeads } from '@lead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_API_RATE } from '../src/routes/client-api/index.js';
import { clientOf } from './fixtures.js';
import { startTestApp, type TestApp } from './helpers.js';
import { MovableClock, publicClient, type PublicClient } from './public-fixtures.js';

let t: TestApp;
let p: PublicClient;
let clock: MovableClock;
let leader: string;
let base: string;
beforeAll(async () => {
  clock = new MovableClock();
  t = await startTestApp({ now: clock.now });
  p = await publicClient(t);
  leader = await t.login('leader@lead.test');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function newKey(clientId: number, name = 'CRM') {
  const res = await t.call('POST', `/api/admin/clients/${clientId}/api-keys`, { token: leader, body: { name } });
  expect(res.status, res.raw).toBe(200);
  return res.body._data as { key: string; model: { id: number; prefix: string } };
}

/** POST /api/client/v1/verdicts over real HTTP, as a client's system would. */
async function send(key: string | null, verdicts: unknown[]) {
  const res = await fetch(`${base}/api/client/v1/verdicts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ verdicts }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A new campaign of site 1 with `n` leads of persons; its client and lead ids. */
async function campaignWithLeads(n: number) {
  const c = await p.create();
  for (let i = 0; i < n; i++) {
    const res = await p.post('leads', {
      site_id: 1,
      code: c.code,
      visitor_id: `verdict-${c.id}-${i}`,
      page_url: 'https://bacsi-online.vn/a/',
      fields: { name: `Person ${i}`, email: `p${c.id}-${i}@x.test` },
    });
    expect(res.status, res.raw).toBe(200);
  }
  const leads = await t.database.db
    .selectFrom('leads')
    .select('id')
    .where('campaign_id', '=', c.id)
    .orderBy('id')
    .execute();
  return { id: c.id, clientId: await clientOf(t, 1), leadIds: leads.map((l) => Number(l.id)) };
}

const totals = (id: number) =>
  t.database.db
    .selectFrom('campaigns')
    .select(['total_lead', 'total_duplicate', 'total_accepted', 'total_rejected', 'total_credited'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('API keys', () => {
  it('are shown once and kept only as a hash; the list names them by their first characters', async () => {
    const clientId = await clientOf(t, 1);
    const { key, model } = await newKey(clientId, 'Sales CRM');
    expect(key).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(model.prefix)).toBe(true);
    const list = await t.call('GET', `/api/admin/clients/${clientId}/api-keys`, { token: leader });
    expect(list.raw).not.toContain(key);
    expect(list.body._data.models[0]).toMatchObject({ name: 'Sales CRM', prefix: model.prefix, revoked_at: null });
    const stored = await t.database.db.selectFrom('client_api_keys').selectAll().where('id', '=', model.id).execute();
    expect(JSON.stringify(stored)).not.toContain(key.slice(model.prefix.length));
  });

  it('are made and revoked by admins only', async () => {
    const clientId = await clientOf(t, 1);
    const member = await t.login('member@lead.test');
    const res = await t.call('POST', `/api/admin/clients/${clientId}/api-keys`, { token: member, body: { name: 'x' } });
    expect(res.status).toBe(403);
    expect(await t.count('client_api_keys')).toBeGreaterThanOrEqual(0);
    const blank = await t.call('POST', `/api/admin/clients/${clientId}/api-keys`, {
      token: leader,
      body: { name: ' ' },
    });
    expect(blank.status).toBe(422);
  });

  it('stop working when revoked, and the revocation is in history', async () => {
    const c = await campaignWithLeads(1);
    const { key, model } = await newKey(c.clientId);
    expect((await send(key, [{ lead_id: c.leadIds[0], verdict: 'accepted' }])).status).toBe(200);
    const revoked = await t.call('DELETE', `/api/admin/clients/${c.clientId}/api-keys/${model.id}`, { token: leader });
    expect(revoked.status, revoked.raw).toBe(200);
    const after = await send(key, [{ lead_id: c.leadIds[0], verdict: 'accepted' }]);
    expect(after.status).toBe(401);
    const again = await t.call('DELETE', `/api/admin/clients/${c.clientId}/api-keys/${model.id}`, { token: leader });
    expect(again.status).toBe(404);
    const history = await t.database.db.selectFrom('history').select('text').orderBy('id', 'desc').limit(1).execute();
    expect(history[0]!.text).toContain('Revoked API key <b>CRM</b>');
  });

  it('answer 401 without a key or with an unknown one, and change nothing', async () => {
    const c = await campaignWithLeads(1);
    expect((await send(null, [{ lead_id: c.leadIds[0], verdict: 'accepted' }])).status).toBe(401);
    const unknown = await send(`lk_${'A'.repeat(43)}`, [{ lead_id: c.leadIds[0], verdict: 'accepted' }]);
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toContain('API keys');
    expect((await totals(c.id)).total_accepted).toBe(0);
  });
});

describe('verdicts', () => {
  it('credit a rejection within the window: out of the billable leads, in the day’s figures and in history', async () => {
    const c = await campaignWithLeads(3);
    const { key } = await newKey(c.clientId);
    const res = await send(key, [
      { lead_id: c.leadIds[0], verdict: 'rejected', reason: 'fake' },
      { lead_id: c.leadIds[1], verdict: 'accepted' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body._data.results).toEqual([
      { lead_id: c.leadIds[0], result: 'recorded', credited: true },
      { lead_id: c.leadIds[1], result: 'recorded', credited: false },
    ]);
    const after = await totals(c.id);
    expect(after).toMatchObject({ total_lead: 3, total_accepted: 1, total_rejected: 1, total_credited: 1 });
    expect(billableLeads(after.total_lead, after.total_duplicate, after.total_credited)).toBe(2);
    const figures = await t.call('GET', `/api/admin/campaign/${c.id}/figures`, { token: leader });
    expect(figures.body._data.models).toMatchObject([{ leads: 3, accepted: 1, rejected: 1, credited: 1 }]);
    const detail = await t.call('GET', `/api/admin/campaign/${c.id}`, { token: leader });
    expect(detail.body._data.campaign).toMatchObject({ total_credited: 1, total_accepted: 1 });
    const history = await t.database.db.selectFrom('history').select('text').orderBy('id', 'desc').limit(1).execute();
    expect(history[0]!.text).toMatch(/gave verdicts on leads of campaign .*: 1 accepted, 1 rejected, 1 credited\.$/);
  });

  it('the same verdict again changes nothing; a change within the window moves the credit', async () => {
    const c = await campaignWithLeads(1);
    const { key } = await newKey(c.clientId);
    const lead = c.leadIds[0]!;
    await send(key, [{ lead_id: lead, verdict: 'rejected', reason: 'wrong_number' }]);
    const same = await send(key, [{ lead_id: lead, verdict: 'rejected', reason: 'wrong_number' }]);
    expect(same.body._data.results[0]).toEqual({ lead_id: lead, result: 'unchanged', credited: true });
    const changed = await send(key, [{ lead_id: lead, verdict: 'accepted' }]);
    expect(changed.body._data.results[0]).toEqual({ lead_id: lead, result: 'recorded', credited: false });
    expect(await totals(c.id)).toMatchObject({ total_accepted: 1, total_rejected: 0, total_credited: 0 });
  });

  it('after the window: a first rejection is not credited, and a verdict given is final', async () => {
    const c = await campaignWithLeads(2);
    const { key } = await newKey(c.clientId);
    await send(key, [{ lead_id: c.leadIds[0], verdict: 'accepted' }]);
    clock.advance(8 * 86_400_000);
    try {
      const res = await send(key, [
        { lead_id: c.leadIds[1], verdict: 'rejected', reason: 'unreachable' },
        { lead_id: c.leadIds[0], verdict: 'rejected', reason: 'fake' },
      ]);
      expect(res.body._data.results).toEqual([
        { lead_id: c.leadIds[1], result: 'recorded', credited: false },
        { lead_id: c.leadIds[0], result: 'window_closed', credited: false },
      ]);
      expect(await totals(c.id)).toMatchObject({ total_accepted: 1, total_rejected: 1, total_credited: 0 });
    } finally {
      clock.reset();
    }
  });

  it('credit within the client’s own window, which admins set from 1 to 90 days', async () => {
    const c = await campaignWithLeads(1);
    const client = (await t.call('GET', '/api/admin/clients', { token: leader })).body._data.models.find(
      (m: { id: number }) => m.id === c.clientId,
    );
    const body = { name: client.name, manager_id: client.manager_id, site_ids: client.site_ids };
    const put = (days: number) =>
      t.call('PUT', `/api/admin/clients/${c.clientId}`, {
        token: leader,
        body: { ...body, verdict_window_days: days },
      });
    const refused = await put(91);
    expect(refused.status).toBe(422);
    expect(refused.body.errors!.verdict_window_days![0]).toBe(
      'The verdict window must be a whole number of days from 1 to 90.',
    );
    expect((await put(30)).status).toBe(200);
    try {
      const { key } = await newKey(c.clientId);
      clock.advance(20 * 86_400_000);
      const res = await send(key, [{ lead_id: c.leadIds[0], verdict: 'rejected', reason: 'not_interested' }]);
      expect(res.body._data.results[0]).toMatchObject({ result: 'recorded', credited: true });
    } finally {
      clock.reset();
      await put(7);
    }
  });

  it('reach only the key’s client’s leads', async () => {
    const c = await campaignWithLeads(1);
    const other = await t.database.db
      .selectFrom('clients')
      .select('id')
      .where('id', '!=', c.clientId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { key } = await newKey(other.id);
    const res = await send(key, [
      { lead_id: c.leadIds[0], verdict: 'rejected', reason: 'fake' },
      { lead_id: 2_000_000_000, verdict: 'accepted' },
    ]);
    expect(res.body._data.results.map((r: { result: string }) => r.result)).toEqual(['not_found', 'not_found']);
    expect((await totals(c.id)).total_rejected).toBe(0);
  });

  it('refuse a rejection without a known reason, or an acceptance with one, and change nothing', async () => {
    const c = await campaignWithLeads(2);
    const { key } = await newKey(c.clientId);
    const res = await send(key, [
      { lead_id: c.leadIds[0], verdict: 'accepted' },
      { lead_id: c.leadIds[1], verdict: 'rejected', reason: 'spam' },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors['verdicts.1.reason'][0]).toContain('one of wrong_number, unreachable');
    expect((await send(key, [{ lead_id: c.leadIds[0], verdict: 'maybe' }])).status).toBe(422);
    expect((await send(key, [])).status).toBe(422);
    expect((await totals(c.id)).total_accepted).toBe(0);
  });

  it(`are limited to ${CLIENT_API_RATE.max} requests a minute per key`, async () => {
    const c = await campaignWithLeads(1);
    const { key } = await newKey(c.clientId);
    const one = [{ lead_id: c.leadIds[0], verdict: 'accepted' }];
    for (let i = 0; i < CLIENT_API_RATE.max; i++) expect((await send(key, one)).status).toBe(200);
    const over = await fetch(`${base}/api/client/v1/verdicts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ verdicts: one }),
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key of the same client has a limit of its own.
    expect((await send((await newKey(c.clientId)).key, one)).status).toBe(200);
  });
});
