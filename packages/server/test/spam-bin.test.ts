/**
 * The spam bin (issue #44): staff of the campaign's site read its spam leads with their reasons; an
 * admin releases one (stored, counted toward the goal, queued for the webhook, billed, with a
 * history entry), once; a member cannot; and the hourly purge forgets old ones.
 */
import { CampaignStatus } from '@lead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';
import { MovableClock, publicClient, type PublicClient } from './public-fixtures.js';
import { openedLead } from './personal.js';

let t: TestApp;
let p: PublicClient;
let clock: MovableClock;
let leader: string;
let member: string;
beforeAll(async () => {
  clock = new MovableClock();
  t = await startTestApp({ now: clock.now, config: { deliveryAllowPrivate: ['127.0.0.1'] } });
  p = await publicClient(t);
  leader = await t.login('leader@lead.test');
  member = await t.login('member@lead.test');
});
afterAll(() => t.close());

/** A campaign of site 1 (the member's too) with a webhook, and `n` leads of a script (no page view, no proof of work). */
async function binned(n: number, over: Record<string, unknown> = {}) {
  const c = await p.create(over);
  const { client_id } = await t.database.db
    .selectFrom('campaigns')
    .select('client_id')
    .where('id', '=', c.id)
    .executeTakeFirstOrThrow();
  const hook = await t.call('POST', `/api/admin/clients/${client_id}/destinations`, {
    token: leader,
    body: { name: `CRM ${c.id}`, enabled: true, kind: 'webhook', campaign_ids: [c.id], url: 'http://127.0.0.1:9/hook' },
  });
  expect(hook.status, hook.raw).toBe(200);
  for (let i = 0; i < n; i++) {
    const body = {
      site_id: 1,
      code: c.code,
      visitor_id: `spam-bin-${c.id}-${i}`,
      page_url: 'https://bacsi-online.vn/a/',
      fields: { name: 'Bot', email: `bot${i}@x.test` },
    };
    // pv, pow and fill_ms named (empty): the helper adds nothing, as a script sends nothing.
    expect((await p.post('leads', { ...body, fill_ms: 0 }, {}, `10.45.${c.id & 255}.${i}`)).status).toBe(200);
  }
  return c;
}
const list = (id: number, token = leader) => t.call('GET', `/api/admin/campaign/${id}/spam`, { token });
const release = (id: number, spamId: number, token = leader) =>
  t.call('POST', `/api/admin/campaign/${id}/spam/${spamId}/release`, { token });
const campaign = (id: number) =>
  t.database.db
    .selectFrom('campaigns')
    .select(['status', 'total_lead', 'total_submit'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the spam bin', () => {
  it('shows staff of the site each spam lead with its score and reasons, newest first, a page at a time', async () => {
    const c = await binned(3);
    const res = await list(c.id, member);
    expect(res.status, res.raw).toBe(200);
    expect(res.body._data.total).toBe(3);
    expect(res.body._data.models.map((m: { email: string }) => m.email)).toEqual([
      'bot2@x.test',
      'bot1@x.test',
      'bot0@x.test',
    ]);
    expect(res.body._data.models[0]).toMatchObject({
      score: 100,
      reasons: ['no_page_view', 'no_pow', 'too_fast'],
      released_at: null,
      lead_id: null,
    });
    const page = await t.call('GET', `/api/admin/campaign/${c.id}/spam?limit=2`, { token: leader });
    expect(page.body._data.next_before_id).toBe(page.body._data.models[1].id);
    const rest = await t.call('GET', `/api/admin/campaign/${c.id}/spam?before_id=${page.body._data.next_before_id}`, {
      token: leader,
    });
    expect(rest.body._data.models.map((m: { email: string }) => m.email)).toEqual(['bot0@x.test']);
    // Not another site's staff (the limited leader has sites 5, 7 and 12).
    expect((await list(c.id, await t.login('limited@lead.test'))).status).toBe(403);
  });

  it('lets an admin release a spam lead: a lead, counted toward the goal, queued for the webhook, in the history; once', async () => {
    const c = await binned(1, { kpis: { lead: '1' }, stop_at_goal: true });
    const [spam] = (await list(c.id)).body._data.models as Array<{ id: number }>;
    expect(await campaign(c.id)).toMatchObject({ status: CampaignStatus.Active, total_lead: 0 });

    const res = await release(c.id, spam!.id);
    expect(res.status, res.raw).toBe(200);
    const leadId = res.body._data.model.lead_id as number;
    expect(res.body._data.model).toMatchObject({ id: spam!.id, released_at: expect.any(String) });
    const lead = await openedLead(t.database.db, leadId);
    expect({ campaign_id: lead.campaign_id, email: lead.email }).toEqual({ campaign_id: c.id, email: 'bot0@x.test' });
    expect(
      await t.database.db.selectFrom('deliveries').select('lead_id').where('lead_id', '=', leadId).execute(),
    ).toHaveLength(1);
    // Billable, and at the goal: the campaign pauses as for any lead.
    expect(await campaign(c.id)).toMatchObject({ status: CampaignStatus.Paused, total_lead: 1, total_submit: 1 });
    const history = await t.database.db
      .selectFrom('history')
      .select(['text', 'user_id'])
      .where('text', 'like', `%Spam lead #${spam!.id} %`)
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]!.text).toContain(`it is lead #${leadId}`);
    expect((await list(c.id)).body._data.total).toBe(0);

    const again = await release(c.id, spam!.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This spam lead was already released.');
    expect(await t.database.db.selectFrom('leads').select('id').where('campaign_id', '=', c.id).execute()).toHaveLength(
      1,
    );
  });

  it('refuses a member’s release, and a spam lead of another campaign, changing nothing', async () => {
    const c = await binned(1);
    const other = await binned(1);
    const [spam] = (await list(c.id)).body._data.models as Array<{ id: number }>;
    expect((await release(c.id, spam!.id, member)).status).toBe(403);
    const wrong = await release(other.id, spam!.id);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('This spam lead is not in the campaign’s spam bin.');
    expect(await campaign(c.id)).toMatchObject({ total_lead: 0 });
    expect((await list(c.id)).body._data.models[0]).toMatchObject({ released_at: null });
  });

  it('loses a person’s spam leads when staff erase the person', async () => {
    const c = await binned(2);
    const res = await t.call('POST', '/api/admin/leads/erasure', {
      token: leader,
      body: { email: ' BOT1@x.test ', dry_run: false },
    });
    expect(res.status, res.raw).toBe(200);
    expect((await list(c.id)).body._data.models.map((m: { email: string }) => m.email)).toEqual(['bot0@x.test']);
    // A released one goes with the lead it became (it holds the same data, under its own key).
    const [kept] = (await list(c.id)).body._data.models as Array<{ id: number }>;
    expect((await release(c.id, kept!.id)).status).toBe(200);
    const again = await t.call('POST', '/api/admin/leads/erasure', { token: leader, body: { email: 'bot0@x.test' } });
    expect(again.body._data.leads).toBeGreaterThanOrEqual(1);
    expect((await list(c.id)).body._data.models).toEqual([]);
    expect(
      await t.database.db.selectFrom('spam_lead_keys').select('spam_id').where('spam_id', '=', kept!.id).execute(),
    ).toEqual([]);
  });

  it('is purged of spam leads older than 30 days and of spent proofs of work past their challenge', async () => {
    const c = await binned(1);
    await t.database.db
      .insertInto('pow_spent')
      .values({ signature: `old-${c.id}`, expires_at: new Date(clock.ms - 1000) })
      .execute();
    await t.database.db
      .insertInto('pow_spent')
      .values({ signature: `live-${c.id}`, expires_at: new Date(clock.ms + 60_000) })
      .execute();
    await t.app.spamBin.purge(new Date(clock.ms));
    const left = await t.database.db
      .selectFrom('pow_spent')
      .select('signature')
      .where('signature', 'like', `%-${c.id}`)
      .execute();
    expect(left).toEqual([{ signature: `live-${c.id}` }]);
    await t.app.spamBin.purge(new Date(clock.ms + 29 * 86_400_000));
    expect((await list(c.id)).body._data.total).toBe(1);
    await t.app.spamBin.purge(new Date(clock.ms + 31 * 86_400_000));
    expect((await list(c.id)).body._data.total).toBe(0);
  });

  it('shows an A/B test’s bin with its variants’ spam leads, each naming its arm; a variant’s own bin is its own', async () => {
    const test = await binned(1);
    const made = await t.call('POST', `/api/admin/campaign/${test.id}/variants`, {
      token: leader,
      body: { variant_names: ['Red', 'Blue'] },
    });
    expect(made.status, made.raw).toBe(200);
    const [red, blue] = (made.body._data.models as Array<{ id: number }>).map((v) => v.id);
    for (const [arm, email] of [
      [red!, 'red@x.test'],
      [blue!, 'blue@x.test'],
    ] as const)
      await t.app.spamBin.insert(
        {
          campaignId: arm,
          name: 'Bot',
          email,
          phone: null,
          phoneE164: null,
          data: {},
          pageUrl: 'https://bacsi-online.vn/a/',
        },
        { score: 100, reasons: ['no_pow'] },
      );
    const whole = await list(test.id, member);
    expect(whole.status, whole.raw).toBe(200);
    expect(whole.body._data.total).toBe(3);
    expect(
      whole.body._data.models.map((m: { email: string; campaign_id: number }) => [m.email, m.campaign_id]),
    ).toEqual([
      ['blue@x.test', blue],
      ['red@x.test', red],
      ['bot0@x.test', test.id],
    ]);
    const own = await list(red!);
    expect(own.body._data.total).toBe(1);
    expect(own.body._data.models.map((m: { email: string }) => m.email)).toEqual(['red@x.test']);
    // A variant's spam lead is released on its own campaign, and the test's bin then counts one fewer.
    const redLead = own.body._data.models[0].id as number;
    expect((await release(test.id, redLead)).status).toBe(404);
    expect((await release(red!, redLead)).status).toBe(200);
    expect((await list(test.id)).body._data.total).toBe(2);
  });
});
