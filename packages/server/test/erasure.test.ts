import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErasureAnswer } from '@lead/contract/api';
import { personLeads } from '../src/repositories/erasure.js';
import { sealStored } from '../src/repositories/personal.js';
import { numberHashes, openedLead } from './personal.js';
import { clientOf, testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

/** "Erase a person" (docs/privacy.md): POST /leads/erasure, on both databases. */
let t: TestApp;
let system: string;
let limited: string;
let member: string;
let createCampaign: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token: system, createCampaign } = await testSession({ as: 'system@lead.test' }));
  limited = await t.login('limited@lead.test');
  member = await t.login('member@lead.test');
  numbers = await numberHashes(t.database.db, [
    ...['+66913559733', '+66913559734', '+84911111111', '+84912345678', '+84913559733', '+84913559734'],
    ...['+84922222222', '+84987654321', '+84988000111', '+886913559733'],
  ]);
});
afterAll(() => t.close());

const erase = (body: Record<string, unknown>, token = system) =>
  t.call<ErasureAnswer>('POST', '/api/admin/leads/erasure', { token, body });

/** A lead sent from a partner page (stored with its figures, as the public route stores it). */
const lead = (
  campaignId: number,
  who: { name: string; email: string | null; phone: string | null; e164: string | null },
) =>
  t.app.leads.insert({
    campaignId,
    name: who.name,
    email: who.email,
    phone: who.phone,
    phoneE164: who.e164,
    data: { name: who.name, email: who.email, phone: who.phone, note: 'my symptoms' },
    pageUrl: `https://bacsi-online.vn/article?from=${encodeURIComponent(who.name)}`,
    singlePhone: who.e164,
  });

const mai = { name: 'Mai Tran', email: 'Mai.Tran@Example.test', phone: '0912 345 678', e164: '+84912345678' };
const other = { name: 'Binh Le', email: 'binh@example.test', phone: '0987 654 321', e164: '+84987654321' };

const figures = async (ids: number[]) => {
  const totals = await t.database.db
    .selectFrom('campaigns')
    .select(['id', 'total_lead', 'total_submit'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const days = await t.database.db
    .selectFrom('campaign_daily_stats')
    .select(['campaign_id', 'day', 'leads', 'submits'])
    .where('campaign_id', 'in', ids)
    .orderBy('campaign_id')
    .execute();
  return { totals, days };
};
const row = (id: number) => openedLead(t.database.db, id);
/** Numbers are kept as keyed hashes: `hash` writes one as the server would, `plain` reads one back. */
let numbers: Awaited<ReturnType<typeof numberHashes>>;
const hash = (n: string) => numbers.hash(n);
const plain = (h: string) => numbers.plain(h);
const historyTexts = async () =>
  await t.database.db
    .selectFrom('history')
    .select(['text', 'icon', 'user_id'])
    .orderBy('id', 'desc')
    .limit(5)
    .execute();

describe('POST /leads/erasure', () => {
  let onSite1: number;
  let onSite5: number;
  let ids: { a: number; b: number; keep: number };
  beforeAll(async () => {
    onSite1 = (await createCampaign({ name: 'Erasure on site 1' })).id;
    // A campaign of a Thai site (moved there: the fixture's targets are site 1's).
    onSite5 = (await createCampaign({ name: 'Erasure on site 5' })).id;
    await t.database.db
      .updateTable('campaigns')
      .set({ site_id: 5, client_id: await clientOf(t, 5) })
      .where('id', '=', onSite5)
      .execute();
    ids = {
      a: await lead(onSite1, mai),
      // The same person on a Thai site, typed in the international form.
      b: await lead(onSite5, { ...mai, email: '  mai.tran@example.TEST ', phone: '+84 912 345 678' }),
      keep: await lead(onSite1, other),
    };
    // A receiver's failed answer that echoed Mai's lead back (webhooks keep the first 500 bytes).
    const { id: destination } = await t.database.db
      .insertInto('destinations')
      .values({
        client_id: await clientOf(t, 1),
        name: 'Echoing CRM',
        kind: 'webhook',
        url: 'https://crm.example/hook',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const echo = 'duplicate: Mai.Tran@Example.test already exists';
    await t.database.db
      .insertInto('deliveries')
      .values({
        lead_id: ids.a,
        destination_id: destination,
        state: 'retrying',
        attempts: 1,
        last_status: 409,
        last_error: echo,
      })
      .execute();
    await t.database.db
      .insertInto('delivery_attempts')
      .values({ lead_id: ids.a, destination_id: destination, status: 409, error: echo })
      .execute();
    await t.database.db
      .insertInto('otp_codes')
      .values({
        campaign_id: onSite1,
        phone: hash(mai.e164),
        code_hash: 'x',
        expires_at: new Date('2026-11-21T03:10:00Z'),
      })
      .execute();
  });

  it('refuses a caller who is not an admin, and a request without a well-formed e-mail or number, changing nothing', async () => {
    expect((await erase({ email: mai.email }, member)).status).toBe(403);
    const none = await erase({});
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ email: ['Enter the e-mail address or the phone number of the person.'] });
    expect((await erase({ email: 'not-an-email' })).body.errors).toEqual({
      email: ['The email must be a valid email address.'],
    });
    expect((await erase({ phone: '12' })).body.errors).toEqual({
      phone: ['The phone number must have 6 to 15 digits.'],
    });
    expect((await erase({ email: 'x@y.test', extra: 1 })).status).toBe(422);
    expect((await row(ids.a)).email).toBe(mai.email);
  });

  it('a dry run counts what would go, per campaign, and changes nothing', async () => {
    const before = await figures([onSite1, onSite5]);
    const historyBefore = await t.count('history');
    const res = await erase({ email: 'MAI.tran@example.test ', dry_run: true });
    expect(res.status).toBe(200);
    expect(res.body._data).toMatchObject({ leads: 2, campaigns: 2, dry_run: true });
    expect(res.body._data.by_campaign.map((c) => [c.id, c.leads])).toEqual([
      [onSite1, 1],
      [onSite5, 1],
    ]);
    expect((await row(ids.a)).email).toBe(mai.email);
    expect(await t.count('history')).toBe(historyBefore);
    expect(await figures([onSite1, onSite5])).toEqual(before);
  });

  it("a limited admin erases only within their sites' campaigns", async () => {
    const res = await erase({ phone: '+84 912 345 678' }, limited);
    expect(res.status).toBe(200);
    expect(res.body._data).toMatchObject({ leads: 1, campaigns: 1, dry_run: false });
    expect(res.body._data.by_campaign[0]!.id).toBe(onSite5);
    expect((await row(ids.b)).erased_at).not.toBeNull();
    // Site 1 is not theirs: Mai's lead there, and her OTP code there, are untouched.
    expect((await row(ids.a)).email).toBe(mai.email);
    expect(
      await t.database.db.selectFrom('otp_codes').select('id').where('phone', '=', hash(mai.e164)).execute(),
    ).toHaveLength(1);
  });

  it("erases the personal data by a national number read in its site's country, keeps the figures, and records who, how many and where — never the e-mail or number", async () => {
    const before = await figures([onSite1, onSite5]);
    const res = await erase({ phone: '0912345678' });
    expect(res.status).toBe(200);
    expect(res.body._data).toMatchObject({ leads: 1, campaigns: 1, phone_e164: mai.e164 });
    expect(res.body._messages).toEqual(['Erased 1 lead in 1 campaign.']);
    const erased = await row(ids.a);
    expect(erased).toMatchObject({
      name: null,
      email: null,
      phone: null,
      phone_e164: null,
      page_url: null,
      campaign_id: onSite1,
    });
    expect(erased.data).toEqual({});
    expect(erased.erased_at).not.toBeNull();
    expect((await row(ids.keep)).email).toBe(other.email);
    expect(await figures([onSite1, onSite5])).toEqual(before);
    // The number no longer blocks a new submission, and no OTP record holds it.
    expect(
      await t.database.db
        .selectFrom('campaign_submitted_phones')
        .select('phone')
        .where('phone', '=', hash(mai.e164))
        .execute(),
    ).toEqual([]);
    expect(
      await t.database.db.selectFrom('otp_codes').select('id').where('phone', '=', hash(mai.e164)).execute(),
    ).toEqual([]);
    const [entry] = await historyTexts();
    expect(entry!.icon).toBe('erase');
    expect(entry!.text).toContain('<b>1</b> lead in 1 campaign');
    expect(entry!.text).toContain('Erasure on site 1');
    for (const secret of ['912', 'mai', 'Mai', 'example.test']) expect(entry!.text).not.toContain(secret);
    // Nothing is found any more.
    expect((await erase({ email: mai.email, phone: mai.phone, dry_run: true })).body._data).toMatchObject({
      leads: 0,
      campaigns: 0,
    });
  });

  it('erased leads never come back in the export or the lead list', async () => {
    const csv = await t.call('GET', `/api/admin/campaign/leads/export?ids=${onSite1},${onSite5}`, { token: system });
    expect(csv.status).toBe(200);
    expect(csv.headers['x-total-count']).toBe('1');
    expect(csv.raw).toContain('Binh Le');
    // The header and Binh's row: no empty row where Mai's lead was.
    expect(csv.raw.trim().split('\r\n')).toHaveLength(2);
    expect(csv.raw).not.toMatch(/Mai Tran|mai\.tran|912 ?345/i);
    const list = await t.call('GET', `/api/admin/campaign/${onSite1}/leads`, { token: system });
    expect(list.body._data.models.map((l: { id: number }) => l.id)).toEqual([ids.keep]);
    const detail = await t.call('GET', `/api/admin/campaign/${onSite1}`, { token: system });
    expect(detail.body._data.lead.map((l: { id: number }) => l.id)).toEqual([ids.keep]);
    // The figures still count the erased lead.
    expect(detail.body._data.campaign.total_lead).toBe(2);
    // What a receiver answered about it (an echo of the lead) went with it.
    const answers = await t.database.db
      .selectFrom('deliveries')
      .select('last_error')
      .where('lead_id', '=', ids.a)
      .execute();
    const attempts = await t.database.db
      .selectFrom('delivery_attempts')
      .select('error')
      .where('lead_id', '=', ids.a)
      .execute();
    expect([...answers.map((a) => a.last_error), ...attempts.map((a) => a.error)]).toEqual([null, null]);
  });
});

describe('a national number is read where each lead was left (issue #44): never another person', () => {
  const day = '2026-11-21';
  let vnCampaign: number;
  let thCampaign: number;
  let ids: { vn: number; th: number; abroad: number };
  const anh = { name: 'Anh Nguyen', email: 'anh@example.test', phone: '0913 559 733', e164: '+84913559733' };
  const somchai = { name: 'Somchai Dee', email: 'somchai@example.test', phone: '091 355 9733', e164: '+66913559733' };
  // A Taiwanese visitor's number: what 0913559733 is in Taiwan (site 7, the limited admin's).
  const taiwan = '+886913559733';

  beforeAll(async () => {
    vnCampaign = (await createCampaign({ name: 'Two countries VN' })).id;
    thCampaign = (await createCampaign({ name: 'Two countries TH' })).id;
    await t.database.db
      .updateTable('campaigns')
      .set({ site_id: 5, client_id: await clientOf(t, 5) })
      .where('id', '=', thCampaign)
      .execute();
    ids = {
      vn: await lead(vnCampaign, anh),
      th: await lead(thCampaign, somchai),
      // Anh again, on the Thai site, with her country code.
      abroad: await lead(thCampaign, { ...anh, phone: '+84 913 559 733' }),
    };
    await t.database.db
      .insertInto('otp_phone_days')
      .values([anh.e164, somchai.e164, taiwan].map((phone) => ({ phone: hash(phone), day, sent: 2 })))
      .execute();
    await t.database.db
      .insertInto('otp_codes')
      .values([
        {
          campaign_id: vnCampaign,
          phone: hash(anh.e164),
          code_hash: 'x',
          expires_at: new Date('2026-11-21T03:10:00Z'),
        },
        {
          campaign_id: thCampaign,
          phone: hash(somchai.e164),
          code_hash: 'x',
          expires_at: new Date('2026-11-21T03:10:00Z'),
        },
      ])
      .execute();
  });

  const kept = async (id: number) => (await row(id)).erased_at === null;
  const counters = async () =>
    (await t.database.db.selectFrom('otp_phone_days').select('phone').where('day', '=', day).orderBy('phone').execute())
      .map((r) => plain(r.phone))
      .sort();
  const codes = async () =>
    (
      await t.database.db
        .selectFrom('otp_codes')
        .select(['campaign_id', 'phone'])
        .where('campaign_id', 'in', [vnCampaign, thCampaign])
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, phone: plain(r.phone) }));
  const submitted = async () =>
    (
      await t.database.db
        .selectFrom('campaign_submitted_phones')
        .select(['campaign_id', 'phone'])
        .where('campaign_id', 'in', [vnCampaign, thCampaign])
        .execute()
    )
      .map((r) => ({ ...r, phone: plain(r.phone) }))
      .sort((a, b) => a.campaign_id - b.campaign_id || a.phone.localeCompare(b.phone));
  const state = async () => ({
    leads: await Promise.all([ids.vn, ids.th, ids.abroad].map(kept)),
    counters: await counters(),
    codes: await codes(),
    submitted: await submitted(),
    history: await t.count('history'),
  });

  it('answers 400 naming the countries, and changes nothing, for a national number that is a different number with leads in two countries', async () => {
    const before = await state();
    expect(before.leads).toEqual([true, true, true]);
    const message =
      '0913559733 is a different number in Vietnam (+84913559733) and in Thailand (+66913559733), and your sites hold each: choose the country, or type the number with its country code.';
    for (const dry_run of [true, false]) {
      const res = await erase({ phone: '0913559733', dry_run });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual({ country: [message] });
    }
    expect(await state()).toEqual(before);
  });

  it("a limited admin's national number is read in their sites' countries: the Thai lead goes; the Vietnamese person, the number typed abroad and the day counters (every site's) stay", async () => {
    const res = await erase({ phone: '0913559733' }, limited);
    expect(res.status).toBe(200);
    expect(res.body._data).toMatchObject({ leads: 1, campaigns: 1, phone_e164: somchai.e164 });
    expect(res.body._data.by_campaign.map((c) => c.id)).toEqual([thCampaign]);
    expect([await kept(ids.vn), await kept(ids.th), await kept(ids.abroad)]).toEqual([true, false, true]);
    // The counters cap a number on every site: not theirs to reset, Taiwan's reading least of all.
    expect(await counters()).toEqual([somchai.e164, anh.e164, taiwan].sort());
    // Somchai's code and 'one submission' entry on the Thai site went; Anh's stay.
    expect(await codes()).toEqual([{ campaign_id: vnCampaign, phone: anh.e164 }]);
    expect(await submitted()).toEqual([
      { campaign_id: vnCampaign, phone: anh.e164 },
      { campaign_id: thCampaign, phone: anh.e164 },
    ]);
  });

  it('with the country named, that number goes wherever it was typed, with its own day counter only', async () => {
    expect((await erase({ phone: '0913559733', country: 'MY' })).body.errors).toEqual({
      phone: ['This is not a phone number of Malaysia.'],
    });
    expect((await erase({ phone: '0913559733', country: 'XX' })).body.errors).toEqual({
      country: ['Choose a country from the list.'],
    });
    const found = await erase({ phone: '0913559733', country: 'VN', dry_run: true });
    expect(found.body._data).toMatchObject({ leads: 2, campaigns: 2, phone_e164: anh.e164 });
    const res = await erase({ phone: '0913559733', country: 'VN' });
    expect(res.status).toBe(200);
    expect(res.body._data.by_campaign.map((c) => [c.id, c.leads])).toEqual([
      [vnCampaign, 1],
      [thCampaign, 1],
    ]);
    expect([await kept(ids.vn), await kept(ids.abroad)]).toEqual([false, false]);
    expect(await counters()).toEqual([somchai.e164, taiwan].sort());
    expect(await codes()).toEqual([]);
    expect(await submitted()).toEqual([]);
  });

  it("an e-mail erases that person's lead, and a number another kept lead of the campaign shares stays in its 'one submission' list", async () => {
    const c = (await createCampaign({ name: 'Shared number' })).id;
    const shared = '+84988000111';
    const mother = await lead(c, { name: 'Mother', email: 'mother@example.test', phone: '0988 000 111', e164: shared });
    // The same phone, a second lead (the block's list refuses a second submission; an older lead, say).
    const son = await t.app.leads.insert({
      campaignId: c,
      name: 'Son',
      email: 'son@example.test',
      phone: '0988 000 111',
      phoneE164: shared,
      data: {},
      pageUrl: 'https://bacsi-online.vn/',
    });
    const res = await erase({ email: 'son@example.test' });
    expect(res.body._data).toMatchObject({ leads: 1, campaigns: 1 });
    expect([await kept(mother), await kept(son)]).toEqual([true, false]);
    expect(
      await t.database.db
        .selectFrom('campaign_submitted_phones')
        .select('phone')
        .where('campaign_id', '=', c)
        .execute(),
    ).toEqual([{ phone: hash(shared) }]);
  });

  it("a lead kept without an E.164 number is read in its site's country: the same typed digits on two countries' sites are two people", async () => {
    const legacy = (campaignId: number, name: string) =>
      t.app.leads.insert({
        campaignId,
        name,
        email: null,
        phone: '0913 559 734',
        phoneE164: null,
        data: {},
        pageUrl: 'https://example.test/',
      });
    const vn = await legacy(vnCampaign, 'Old VN');
    const th = await legacy(thCampaign, 'Old TH');
    const ambiguous = await erase({ phone: '0913 559 734', dry_run: true });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.message).toContain('Vietnam (+84913559734) and in Thailand (+66913559734)');
    const res = await erase({ phone: '+66 913 559 734' });
    expect(res.body._data).toMatchObject({ leads: 1, campaigns: 1, phone_e164: '+66913559734' });
    expect([await kept(vn), await kept(th)]).toEqual([true, false]);
    // Now only Vietnam's reading holds a lead: the national form alone finds it.
    expect((await erase({ phone: '0913559734' })).body._data).toMatchObject({ leads: 1, phone_e164: '+84913559734' });
    expect(await kept(vn)).toBe(false);
  });
});

describe('the lookup on leads reads indexes, not the table (issue #44: 2.6–3.6 s at 1M leads)', () => {
  it('finds by e-mail, by number and by typed digits from their indexes, after ANALYZE, on twenty thousand leads', async () => {
    const c = (await createCampaign({ name: 'Many leads' })).id;
    await sql`
      INSERT INTO leads (campaign_id, name, email, phone, phone_e164, data, created_at)
      SELECT ${c}, 'Lead ' || i, 'lead' || i || '@example.test', '09' || lpad(i::text, 8, '0'),
        CASE WHEN i % 10 = 0 THEN NULL ELSE '+849' || lpad(i::text, 8, '0') END, '{}'::jsonb, now()
      FROM generate_series(1, 20000) AS i`.execute(t.database.db);
    // Stored plain, as before sealing: sealed as a start seals them.
    await sealStored(t.database.db, numbers.lookup);
    await sql`ANALYZE leads`.execute(t.database.db);
    const l = numbers.lookup;
    const system = { id: 1, isSystem: true, siteIds: [] };
    const limitedViewer = { id: 2, isSystem: false, siteIds: [5, 7, 12] };
    for (const viewer of [system, limitedViewer]) {
      const query = personLeads(
        viewer,
        {
          emails: [l.email('lead42@example.test')!],
          numbers: [l.phone('+84900000042'), l.phone('+66900000042')],
          digits: [l.digits('0900000040')],
        },
        true,
      );
      const { rows } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) ${query}`.execute(t.database.db);
      const raw = rows[0]!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      const nodes = walk(plan[0]!.Plan);
      const person = ['leads_email_idx', 'leads_phone_e164_idx', 'leads_phone_digits_idx'];
      // Every read of leads comes from the person's indexes: no sequential scan, nor a walk of another index (its primary key, as a join from a list of ids may plan).
      const reads = nodes
        .filter((n) => n['Relation Name'] === 'leads')
        .map((n) => [n['Node Type'], n['Index Name'] ?? null]);
      for (const [type, index] of reads)
        expect(type === 'Bitmap Heap Scan' || person.includes(index ?? ''), JSON.stringify(plan)).toBe(true);
      const indexes = new Set(nodes.map((n) => n['Index Name']).filter(Boolean));
      for (const name of person) expect(indexes, JSON.stringify(plan)).toContain(name);
      expect(
        nodes.filter(
          (n) => n['Index Name'] && !person.includes(n['Index Name']) && n['Index Name'].startsWith('leads'),
        ),
      ).toEqual([]);
    }
    // The same query finds them.
    const found = await personLeads(
      system,
      {
        emails: [l.email('lead42@example.test')!],
        numbers: [l.phone('+84900000043')],
        digits: [l.digits('0900000040')],
      },
      false,
    ).execute(t.database.db);
    expect(found.rows).toHaveLength(3);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const walk = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(walk)];

describe('lead exports in System history', () => {
  it('records who exported how many leads of which campaigns, CSV and XLSX alike, never a lead', async () => {
    const c = await createCampaign({ name: 'Export history' });
    await lead(c.id, { name: 'Hoa Pham', email: 'hoa@example.test', phone: '0911 111 111', e164: '+84911111111' });
    await lead(c.id, { name: 'Lan Vo', email: 'lan@example.test', phone: '0922 222 222', e164: '+84922222222' });
    for (const [format, label] of [
      ['csv', 'CSV'],
      ['ndjson', 'XLSX'],
    ] as const) {
      const res = await t.call('GET', `/api/admin/campaign/leads/export?ids=${c.id}&format=${format}`, {
        token: member,
      });
      expect(res.status).toBe(200);
      const [entry] = await historyTexts();
      expect(entry!.icon).toBe('export');
      expect(entry!.user_id).not.toBeNull();
      expect(entry!.text).toBe(`Exported <b>2</b> leads (${label}) of campaign <b>Export history</b> (${c.code}).`);
    }
    // A refused export is not recorded.
    const before = await t.count('history');
    expect((await t.call('GET', `/api/admin/campaign/leads/export?ids=${c.id},999999`, { token: member })).status).toBe(
      404,
    );
    expect(await t.count('history')).toBe(before);
  });
});
