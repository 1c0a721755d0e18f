import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import type { LeadsPageLead } from '@lead/contract/api';
import { validCampaign } from '@lead/contract/fixtures';
import { CsvParser } from '../src/lib/csv.js';
import { pageQuery } from '../src/repositories/lead-search.js';
import { startTestApp, type TestApp } from './helpers.js';

/**
 * The Leads page (issue #43): GET /leads, /leads/count and /leads/export, on both databases.
 * The server's time zone is Asia/Ho_Chi_Minh (UTC+7) and its now 2026-11-21 10:00 there, so
 * yesterday is 2026-11-20, from 2026-11-19T17:00Z to 2026-11-20T17:00Z.
 */
let t: TestApp;
let system: string;
let limited: string;
let member: string;
beforeAll(async () => {
  t = await startTestApp();
  system = await t.login('system@lead.test');
  limited = await t.login('limited@lead.test');
  member = await t.login('member@lead.test');
});
afterAll(() => t.close());

type Page = { models: LeadsPageLead[]; next_cursor: string | null; prev_cursor: string | null };
const list = (query: string, token = system) => t.call<Page>('GET', `/api/admin/leads?${query}`, { token });
const count = (query: string, token = system) =>
  t.call<{ count: number }>('GET', `/api/admin/leads/count?${query}`, { token });

async function newClient(name: string, siteIds: number[]): Promise<number> {
  const res = await t.call('POST', '/api/admin/clients', {
    token: system,
    body: { name, manager_id: 1, site_ids: siteIds },
  });
  if (res.status !== 200) throw new Error(res.raw);
  return res.body._data.model.id;
}

async function newCampaign(clientId: number, siteId: number, name: string): Promise<number> {
  const res = await t.call('POST', '/api/admin/campaign', { token: system, body: validCampaign(clientId, { name }) });
  if (res.status !== 200) throw new Error(res.raw);
  const id = res.body._data.model.id as number;
  // The fixture's targets are site 1's: a campaign of another site is moved there.
  if (siteId !== 1)
    await t.database.db.updateTable('campaigns').set({ site_id: siteId }).where('id', '=', id).execute();
  return id;
}

/** A lead as a partner page stores it, then dated `at` (UTC). */
async function lead(campaignId: number, name: string, at: string, over: { duplicate?: boolean } = {}): Promise<number> {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.test`;
  const id = await t.app.leads.insert({
    campaignId,
    name,
    email,
    phone: null,
    phoneE164: null,
    data: { name, email },
    pageUrl: 'https://bacsi-online.vn/a',
  });
  await t.database.db
    .updateTable('leads')
    .set({ created_at: new Date(at), duplicate: over.duplicate ?? false })
    .where('id', '=', id)
    .execute();
  return id;
}

const names = (p: Page) => p.models.map((l) => l.name);

describe('GET /leads', () => {
  let acme: number;
  let other: number;
  let onSite5: number;
  let acmeA: number;
  let acmeB: number;
  let ids: Record<string, number>;
  beforeAll(async () => {
    acme = await newClient('Acme Leads Page', [1]);
    other = await newClient('Other Leads Page', [1]);
    // The fixture's campaign is saved on site 1, then moved to site 5.
    onSite5 = await newClient('Thai Leads Page', [1, 5]);
    acmeA = await newCampaign(acme, 1, 'Acme heart');
    acmeB = await newCampaign(acme, 1, 'Acme sleep');
    const otherC = await newCampaign(other, 1, 'Other heart');
    const thai = await newCampaign(onSite5, 5, 'Thai heart');
    ids = {
      // Yesterday's first and last second in Ho Chi Minh City, and one between, of Acme's two campaigns.
      first: await lead(acmeA, 'Yd First', '2026-11-19T17:00:00Z'),
      middle: await lead(acmeB, 'Yd Middle', '2026-11-20T05:00:00Z', { duplicate: true }),
      last: await lead(acmeA, 'Yd Last', '2026-11-20T16:59:59Z'),
      // The second before yesterday and the first of today: not yesterday's.
      before: await lead(acmeA, 'Day Before', '2026-11-19T16:59:59Z'),
      today: await lead(acmeB, 'Today One', '2026-11-20T17:00:00Z'),
      // Another client's lead of yesterday, and a Thai site's.
      other: await lead(otherC, 'Other Yd', '2026-11-20T06:00:00Z'),
      thai: await lead(thai, 'Thai Yd', '2026-11-20T07:00:00Z'),
    };
    // Acme's last lead of yesterday failed to reach a webhook; its middle one was delivered.
    const { id: hook } = await t.database.db
      .insertInto('destinations')
      .values({ client_id: acme, name: 'Acme CRM', kind: 'webhook', url: 'https://crm.example/hook' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('deliveries')
      .values([
        { lead_id: ids.last!, destination_id: hook, state: 'failed', attempts: 9, last_status: 500 },
        { lead_id: ids.middle!, destination_id: hook, state: 'delivered', attempts: 1, last_status: 200 },
      ])
      .execute();
  });

  it("finds exactly one client's leads of yesterday, newest first, with their campaign, site, client and delivery", async () => {
    const res = await list(`client_ids=${acme}&from=2026-11-20&to=2026-11-20`);
    expect(res.status).toBe(200);
    expect(names(res.body._data)).toEqual(['Yd Last', 'Yd Middle', 'Yd First']);
    expect(res.body._data.models[0]).toMatchObject({
      id: ids.last,
      created_at: '2026-11-20 23:59:59',
      email: 'yd.last@example.test',
      duplicate: false,
      delivery: 'failed',
      campaign: { id: acmeA, name: 'Acme heart' },
      site: { id: 1, name: 'bacsi-online.vn' },
      client: { id: acme, name: 'Acme Leads Page' },
    });
    expect(res.body._data.models.map((l) => [l.created_at, l.delivery, l.duplicate])).toEqual([
      ['2026-11-20 23:59:59', 'failed', false],
      ['2026-11-20 12:00:00', 'delivered', true],
      ['2026-11-20 00:00:00', 'none', false],
    ]);
    expect(res.body._data).toMatchObject({ next_cursor: null, prev_cursor: null });
    expect((await count(`client_ids=${acme}&from=2026-11-20&to=2026-11-20`)).body._data.count).toBe(3);
  });

  it('filters by campaign, site, delivery state and duplicate; an empty value is no filter', async () => {
    const day = 'from=2026-11-20&to=2026-11-20';
    expect(names((await list(`campaign_ids=${acmeB}&from=2026-11-19`)).body._data)).toEqual(['Today One', 'Yd Middle']);
    expect(names((await list(`client_ids=${acme},${other}&${day}&delivery=failed,delivered`)).body._data)).toEqual([
      'Yd Last',
      'Yd Middle',
    ]);
    expect(names((await list(`client_ids=${acme},${other}&${day}&delivery=none`)).body._data)).toEqual([
      'Other Yd',
      'Yd First',
    ]);
    expect(names((await list(`client_ids=${acme}&${day}&duplicate=1`)).body._data)).toEqual(['Yd Middle']);
    expect(names((await list(`client_ids=${acme}&${day}&duplicate=0`)).body._data)).toEqual(['Yd Last', 'Yd First']);
    expect(names((await list(`client_ids=${acme},${onSite5}&site_ids=5&${day}`)).body._data)).toEqual(['Thai Yd']);
    expect(
      names((await list(`client_ids=${acme}&${day}&site_ids=&delivery=&duplicate=&campaign_ids=`)).body._data),
    ).toHaveLength(3);
    expect((await count(`client_ids=${acme},${other}&${day}&delivery=none`)).body._data.count).toBe(2);
  });

  it("shows a limited admin and a member only their sites' leads", async () => {
    const all = `client_ids=${acme},${other},${onSite5}&from=2026-11-20&to=2026-11-20`;
    // Limited to sites 5, 7 and 12: the Thai lead only, whatever clients it names.
    expect(names((await list(all, limited)).body._data)).toEqual(['Thai Yd']);
    expect((await count(all, limited)).body._data.count).toBe(1);
    expect(names((await list(`campaign_ids=${acmeA}`, limited)).body._data)).toEqual([]);
    // Members of sites 1 and 2 see site 1's leads, not site 5's.
    expect(names((await list(all, member)).body._data)).toEqual(['Yd Last', 'Other Yd', 'Yd Middle', 'Yd First']);
    // Naming a site that is not theirs is refused.
    const refused = await list('site_ids=1', limited);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You are not assigned to this site.');
    expect((await count('site_ids=1,5', limited)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/leads/export?site_ids=1', { token: limited })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/leads')).status).toBe(401);
  });

  it('walks the pages by cursor, older and back newer, every lead once', async () => {
    const query = `client_ids=${acme}&limit=2`;
    const whole = (await list(`client_ids=${acme}&limit=200`)).body._data.models.map((l) => l.id);
    expect(whole).toEqual([ids.today, ids.last, ids.middle, ids.first, ids.before]);
    const first = (await list(query)).body._data;
    expect(first.models.map((l) => l.id)).toEqual(whole.slice(0, 2));
    expect(first.prev_cursor).toBeNull();
    const second = (await list(`${query}&before=${first.next_cursor}`)).body._data;
    expect(second.models.map((l) => l.id)).toEqual(whole.slice(2, 4));
    const third = (await list(`${query}&before=${second.next_cursor}`)).body._data;
    expect(third.models.map((l) => l.id)).toEqual(whole.slice(4));
    expect(third.next_cursor).toBeNull();
    // Back: the page before the third is the second, and the one before that the first.
    const back = (await list(`${query}&after=${third.prev_cursor}`)).body._data;
    expect(back.models.map((l) => l.id)).toEqual(whole.slice(2, 4));
    const front = (await list(`${query}&after=${back.prev_cursor}`)).body._data;
    expect(front.models.map((l) => l.id)).toEqual(whole.slice(0, 2));
    expect(front.prev_cursor).toBeNull();
    expect(front.next_cursor).not.toBeNull();
  });

  it('refuses bad filters with a message naming them, and answers no 5xx', async () => {
    const cases: Array<[string, string, string]> = [
      ['from=2026-02-30', 'from', 'The from date is not a real day (YYYY-MM-DD).'],
      ['to=2026-13-01', 'to', 'The to date is not a real day (YYYY-MM-DD).'],
      ['from=2026-11-21&to=2026-11-20', 'from', 'The from date must not be after the to date.'],
      [
        `before=${Buffer.from('2026-02-30T00:00:00.000000Z~5').toString('base64url')}`,
        'before',
        'The page cursor is not valid: open the first page again.',
      ],
      ['before=bm9uc2Vuc2U', 'before', 'The page cursor is not valid: open the first page again.'],
      ['before=x&after=y', 'after', 'The page cursor is not valid: open the first page again.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(422);
      expect(res.body.errors?.[field], query).toEqual([message]);
    }
    for (const query of [
      'delivery=lost',
      'duplicate=2',
      'client_ids=a',
      'from=20-11-2026',
      'limit=0',
      'limit=201',
      'site_ids=99999999999',
      'nope=1',
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(422);
      expect(res.body.message, query).toBeTruthy();
    }
    expect((await count('to=2026-02-29')).status).toBe(422);
    expect(
      (await t.call('GET', '/api/admin/leads/export?from=2026-11-21&to=2026-11-20', { token: system })).status,
    ).toBe(422);
  });

  it('exports exactly the leads the page shows, oldest first, named after its filters', async () => {
    const query = `client_ids=${acme}&from=2026-11-20&to=2026-11-20`;
    const shown = (await list(query)).body._data.models;
    const res = await t.call('GET', `/api/admin/leads/export?${query}`, { token: system });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="leads_acme-leads-page_2026-11-20_2026-11-20.csv"',
    );
    expect(res.headers['x-total-count']).toBe('3');
    const rows = new CsvParser().push(res.raw + '\r\n').map((r) => r.fields);
    expect(rows[0]!.slice(0, 3)).toEqual(['Campaign', 'Full name', 'Email']);
    const date = rows[0]!.indexOf('Date');
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[date]])).toEqual(
      [...shown].reverse().map((l) => [l.campaign.name, l.name, l.email, l.created_at]),
    );
    // The XLSX writer's rows: the same leads.
    const nd = await t.call('GET', `/api/admin/leads/export?${query}&format=ndjson`, { token: system });
    const lines = nd.raw.trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ total: 3 });
    expect(lines.slice(1).map((l) => (JSON.parse(l) as string[])[1])).toEqual(['Yd First', 'Yd Middle', 'Yd Last']);
    // In System history: who, how many, of which client and days.
    const entry = await t.database.db
      .selectFrom('history')
      .select(['text', 'icon'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      icon: 'export',
      text: 'Exported <b>3</b> leads (XLSX) from the Leads page of client <b>Acme Leads Page</b>, created from 2026-11-20 to 2026-11-20.',
    });
    // Nothing matches: a file with its header alone.
    const none = await t.call('GET', `/api/admin/leads/export?client_ids=${acme}&from=2020-01-01&to=2020-01-01`, {
      token: system,
    });
    expect(none.headers['x-total-count']).toBe('0');
    expect(new CsvParser().push(none.raw + '\r\n')).toHaveLength(1);
  });

  it('reads a deep page through the (created_at, id) index, with no sequential scan of leads', async () => {
    // 60,000 leads over the last 60,000 minutes (a client of their own, so no other test reads them).
    const bulk = await newCampaign(await newClient('Bulk Leads Page', [1]), 1, 'Bulk');
    await t.database.db.executeQuery(
      CompiledQuery.raw(
        `INSERT INTO leads (campaign_id, name, created_at)
        SELECT $1, 'Bulk ' || g, timestamptz '2026-11-21 03:00:00Z' - g * interval '1 minute' FROM generate_series(1, 60000) g`,
        [bulk],
      ),
    );
    await t.database.db.executeQuery(CompiledQuery.raw('ANALYZE leads'));
    const { rows: deep } = await t.database.db.executeQuery<{ at: string; id: string }>(
      CompiledQuery.raw(`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id FROM leads
        WHERE erased_at IS NULL ORDER BY created_at DESC, id DESC OFFSET 50000 LIMIT 1`),
    );
    // Every site, as a system user searches; the cursor 50,000 leads deep.
    const cursor = { at: deep[0]!.at, id: Number(deep[0]!.id) };
    const compiled = pageQuery({ siteIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }, 'UTC', 50, cursor).compile(
      t.database.db,
    );
    const { rows } = await t.database.db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
    );
    const nodes: Array<{ 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string }> = [];
    const walk = (node: any) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    const plan = rows[0]!['QUERY PLAN'];
    walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
    const onLeads = nodes.filter((n) => n['Relation Name'] === 'leads');
    expect(onLeads.map((n) => n['Index Name'])).toContain('leads_retention_idx');
    expect(onLeads.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
  });
});
