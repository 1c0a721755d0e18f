import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openedLeads } from './personal.js';
import { CsvParser } from '../src/lib/csv.js';
import { EXPORT_PAGE } from '../src/repositories/leads.js';
import { validCampaign } from '@lead/contract/fixtures';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

/** Lead export (issue #12): CSV and the XLSX writer's row stream, checked cell by cell against the database. */
let t: TestApp;
let leader: string;
let client: number;
let createCampaign: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token: leader, client, createCampaign } = await testSession({ as: 'leader@lead.test' }));
});
afterAll(() => t.close());

const exportOf = (query: string, token = leader) =>
  t.call('GET', `/api/admin/campaign/leads/export?${query}`, { token });
/** The source columns every lead file ends with (docs/runtime-audience.md, "Where leads come from"), and a lead's without one. */
const SOURCE = [
  'Referrer host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'ttclid',
];
const NO_SOURCE = SOURCE.map(() => '');
const csvRows = (raw: string) => {
  const p = new CsvParser();
  return [...p.push(raw), ...p.end()].map((r) => r.fields);
};
const create = async (over: Parameters<typeof validCampaign>[1] = {}) => (await createCampaign(over)).id;
const addLeads = (
  campaignId: number,
  leads: Array<{
    name?: string;
    email?: string;
    phone?: string;
    data?: Record<string, unknown>;
    page_url?: string;
    at?: string;
  }>,
) =>
  t.database.db
    .insertInto('leads')
    .values(
      leads.map((l) => ({
        campaign_id: campaignId,
        name: l.name ?? null,
        email: l.email ?? null,
        phone: l.phone ?? null,
        data: JSON.stringify(l.data ?? {}),
        page_url: l.page_url ?? null,
        created_at: new Date(l.at ?? '2026-11-01T01:02:03Z'),
      })),
    )
    .execute();

describe('GET /campaign/leads/export (CSV)', () => {
  // Rows come campaign by campaign in the order asked (a test's control first, then its variants), each oldest first.
  it("writes a demo campaign's leads as the database holds them: BOM, the form's labels in its order, date, page URL, variant", async () => {
    const demo = await t.database.db
      .selectFrom('campaigns')
      .select(['id', 'forms'])
      .where('type', '=', 0)
      .where('total_lead', '>', 0)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`forms @> '[{"data":{"value":"phone"}}]'`)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await exportOf(`ids=${demo.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="campaign-${demo.id}-leads.csv"`);
    expect(res.raw.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csvRows(res.raw);
    const fields = (demo.forms as Array<{ name: string; data: { value?: string; placeholder?: string } }>).filter(
      (b) => b.data.value && b.name !== 'Submit',
    );
    expect(header).toEqual([
      ...fields.map((b) => (b.name === 'Terms' ? 'T&C' : b.data.placeholder)),
      'Date',
      'Page URL',
      'Variant',
      'Consent hash',
      'Consent record',
      ...SOURCE,
    ]);

    // The database, read here by its own query: oldest first, answers by key, wall time of the server.
    const times = await sql<{
      id: string;
      created: string;
      consent_hash: string | null;
    }>`
      SELECT id, to_char(created_at AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD HH24:MI:SS') AS created, consent_hash
      FROM leads WHERE campaign_id = ${demo.id} ORDER BY id`.execute(t.database.db);
    // Its answers, page and number are sealed: opened as the server opens them.
    const opened = await openedLeads(t.database.db, demo.id);
    const db = {
      rows: times.rows.map((r, i) => ({ ...r, ...opened[i]!, data: opened[i]!.data as Record<string, string> })),
    };
    expect(rows.length).toBe(db.rows.length);
    expect(Number(res.headers['x-total-count'])).toBe(db.rows.length);
    const choice = (b: (typeof fields)[number], v: string | undefined) =>
      v === undefined
        ? ''
        : ((b as { data: { listQuestion?: Array<{ value: string; placeholder: string }> } }).data.listQuestion?.find(
            (a) => a.value === v,
          )?.placeholder ?? v);
    db.rows.forEach((lead, i) => {
      // The lead's phone number in E.164 (issue #31), the rest as answered.
      const answer = (b: (typeof fields)[number]) =>
        b.name === 'Phone' && lead.phone_e164 ? lead.phone_e164 : choice(b, lead.data[b.data.value!]);
      // Its consent record's hash and the admin address that opens the record (issue #31).
      const consent = lead.consent_hash
        ? [lead.consent_hash, `${t.config.publicUrl}/admin/#/leads/${lead.id}/consent`]
        : ['', ''];
      const expected = [...fields.map(answer), lead.created, lead.page_url ?? '', '', ...consent, ...NO_SOURCE].map(
        (cell) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell),
      );
      expect(rows[i]).toEqual(expected);
    });
    // The demo's leads have their records.
    expect(rows.every((r) => /^sha256:[0-9a-f]{64}$/.test(r.at(-2 - SOURCE.length)!))).toBe(true);
    // As text, its leading + neutralised as every formula-like cell is.
    expect(rows[0]![fields.findIndex((b) => b.data.value === 'phone')]).toMatch(/^'\+849\d{8}$/);
  });

  it('neutralises formula-like cells, keeps accents and commas, and reads old leads from their profile fields', async () => {
    const id = await create({ name: 'Export cells' });
    await addLeads(id, [
      {
        data: { name: '=HYPERLINK("http://evil.test","x")', email: '@me.test' },
        page_url: 'https://bacsi-online.vn/heart/a,b/',
      },
      { data: { name: 'Nguyễn Thị Hòa', email: 'hoa@mail.test' } },
      { name: 'Old Lead', email: 'old@mail.test' },
    ]);
    const [header, ...rows] = csvRows((await exportOf(`ids=${id}`)).raw);
    expect(header).toEqual([
      'Full name',
      'Email',
      'Date',
      'Page URL',
      'Variant',
      'Consent hash',
      'Consent record',
      ...SOURCE,
    ]);
    // Leads stored without a consent record: no hash, no link.
    expect(rows).toEqual([
      [
        `'=HYPERLINK("http://evil.test","x")`,
        `'@me.test`,
        '2026-11-01 08:02:03',
        'https://bacsi-online.vn/heart/a,b/',
        '',
        '',
        '',
        ...NO_SOURCE,
      ],
      ['Nguyễn Thị Hòa', 'hoa@mail.test', '2026-11-01 08:02:03', '', '', '', '', ...NO_SOURCE],
      ['Old Lead', 'old@mail.test', '2026-11-01 08:02:03', '', '', '', '', ...NO_SOURCE],
    ]);
  });

  it('streams across pages in id order without losing or repeating a lead', async () => {
    const id = await create({ name: 'Export pages' });
    const n = EXPORT_PAGE * 2 + 7;
    await sql`INSERT INTO leads (campaign_id, data, created_at)
      SELECT ${id}, jsonb_build_object('name', 'Reader ' || i, 'email', 'r' || i || '@mail.test'), '2026-11-01T00:00:00Z'::timestamptz + make_interval(secs => i)
      FROM generate_series(1, ${n}::int) i`.execute(t.database.db);
    const rows = csvRows((await exportOf(`ids=${id}`)).raw).slice(1);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: n }, (_, i) => `Reader ${i + 1}`));
  });

  it("puts an A/B test's variants in one file, each lead with its variant", async () => {
    const test = await create({ name: 'Export test' });
    const made = await t.call('POST', `/api/admin/campaign/${test}/variants`, {
      token: leader,
      body: { variant_names: ['Red', 'Blue'] },
    });
    expect(made.status, made.raw).toBe(200);
    const variants = made.body._data.models as Array<{ id: number }>;
    await addLeads(test, [{ data: { name: 'Control lead', email: 'c@mail.test' } }]);
    await addLeads(variants[1]!.id, [{ data: { name: 'Blue lead', email: 'b@mail.test' } }]);
    await addLeads(variants[0]!.id, [{ data: { name: 'Red lead', email: 'r@mail.test' } }]);
    const rows = csvRows((await exportOf(`ids=${test}`)).raw);
    expect(rows.map((r) => [r[0], r.at(-3 - SOURCE.length)])).toEqual([
      ['Full name', 'Variant'],
      ['Control lead', 'Export test'],
      ['Red lead', 'Red'],
      ['Blue lead', 'Blue'],
    ]);
    // A variant chosen with its test is read once; chosen alone, it is its own file.
    const both = csvRows((await exportOf(`ids=${test},${variants[0]!.id}`)).raw);
    expect(both.slice(1).map((r) => r[1])).toEqual(['Control lead', 'Red lead', 'Blue lead']);
    expect(
      csvRows((await exportOf(`ids=${variants[0]!.id}`)).raw)
        .slice(1)
        .map((r) => [r[0], r.at(-3 - SOURCE.length)]),
    ).toEqual([['Red lead', 'Red']]);
  });

  it('joins a selection of campaigns with a Campaign column and every form key once', async () => {
    const a = await create({ name: 'Export A' });
    const withPhone = validCampaign(client).forms.concat([
      { name: 'Phone', id: 'p', data: { value: 'phone', placeholder: 'Phone number' } },
    ]);
    const b = await create({ name: 'Export B', forms: withPhone });
    await addLeads(a, [{ data: { name: 'From A', email: 'a@mail.test' } }]);
    await addLeads(b, [{ data: { name: 'From B', email: 'b@mail.test', phone: '0912345678' } }]);
    const res = await exportOf(`ids=${b},${a}`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="leads-2-campaigns.csv"');
    expect(csvRows(res.raw)).toEqual([
      [
        'Campaign',
        'Full name',
        'Email',
        'Phone number',
        'Date',
        'Page URL',
        'Variant',
        'Consent hash',
        'Consent record',
        ...SOURCE,
      ],
      ['Export B', 'From B', 'b@mail.test', '0912345678', '2026-11-01 08:02:03', '', '', '', '', ...NO_SOURCE],
      ['Export A', 'From A', 'a@mail.test', '', '2026-11-01 08:02:03', '', '', '', '', ...NO_SOURCE],
    ]);
  });
});

describe('GET /campaign/leads/export over a range of days (the list’s performance range)', () => {
  it('keeps only the leads created within the days, in the server’s time zone, both days included', async () => {
    const a = await create({ name: 'Range A' });
    const b = await create({ name: 'Range B' });
    // Ho Chi Minh City is UTC+7: 2026-11-10 runs from 2026-11-09T17:00Z to 2026-11-10T17:00Z.
    await addLeads(a, [
      { name: 'Before', at: '2026-11-09T16:59:59Z' },
      { name: 'First second', at: '2026-11-09T17:00:00Z' },
      { name: 'Last second', at: '2026-11-11T16:59:59Z' },
      { name: 'After', at: '2026-11-11T17:00:00Z' },
    ]);
    await addLeads(b, [{ name: 'B inside', at: '2026-11-10T05:00:00Z' }]);
    const res = await exportOf(`ids=${a},${b}&from=2026-11-10&to=2026-11-11`);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="leads-2-campaigns_2026-11-10_2026-11-11.csv"',
    );
    const rows = csvRows(res.raw);
    const name = rows[0]!.indexOf('Full name');
    expect(rows.slice(1).map((r) => r[name])).toEqual(['First second', 'Last second', 'B inside']);
    // Only a start: from that day on.
    const since = await exportOf(`ids=${a}&from=2026-11-11&format=ndjson`);
    expect(JSON.parse(since.raw.split('\n')[0]!)).toMatchObject({ total: 2 });
    // Without a range, every lead.
    expect((await exportOf(`ids=${a}`)).headers['x-total-count']).toBe('4');
    const entry = await t.database.db
      .selectFrom('history')
      .select('text')
      .orderBy('id', 'desc')
      .offset(1)
      .executeTakeFirstOrThrow();
    expect(entry.text).toContain(', created from 2026-11-11 to today.');
  });

  it('refuses a day that does not exist or a range that ends before it starts', async () => {
    const a = await create({ name: 'Range refusals' });
    for (const [query, field] of [
      ['from=2026-02-30', 'from'],
      ['to=2026-11-31', 'to'],
      ['from=2026-11-12&to=2026-11-11', 'from'],
      ['from=12-11-2026', 'from'],
    ] as const) {
      const res = await exportOf(`ids=${a}&${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors?.[field], query).toHaveLength(1);
    }
  });
});

describe('GET /campaign/leads/export (the XLSX writer’s rows)', () => {
  it('sends the columns with their types and the total, then the same rows as the CSV without neutralising', async () => {
    const id = await create({ name: 'Export ndjson' });
    await addLeads(id, [
      { data: { name: '+84 912', email: 'x@mail.test' }, page_url: 'https://bacsi-online.vn/heart/' },
    ]);
    const res = await exportOf(`ids=${id}&format=ndjson`);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const lines = res.raw
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(lines).toEqual([
      {
        columns: [
          { label: 'Full name', type: 'text' },
          { label: 'Email', type: 'text' },
          { label: 'Date', type: 'date' },
          { label: 'Page URL', type: 'text' },
          { label: 'Variant', type: 'text' },
          { label: 'Consent hash', type: 'text' },
          { label: 'Consent record', type: 'text' },
          ...SOURCE.map((label) => ({ label, type: 'text' })),
        ],
        total: 1,
      },
      ['+84 912', 'x@mail.test', '2026-11-01 08:02:03', 'https://bacsi-online.vn/heart/', '', '', '', ...NO_SOURCE],
    ]);
  });
});

describe('GET /campaign/leads/export refusals', () => {
  it('refuses a missing, malformed or too long selection, and an unknown format, with a message and no 5xx', async () => {
    for (const q of ['', 'ids=', 'ids=abc', 'ids=1,,2', 'ids=1&format=xlsx']) {
      const res = await exportOf(q);
      expect(res.status, q).toBe(422);
      expect(res.body._messages[0], q).toBeTruthy();
    }
    const many = await exportOf(`ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`);
    expect(many.status).toBe(422);
    expect(many.body._messages).toEqual(['Export at most 200 campaigns at a time.']);
  });

  it('answers 404 for a deleted or unknown campaign and 403 for one on a site the caller does not hold', async () => {
    expect((await exportOf('ids=999999')).status).toBe(404);
    const gone = await create({ name: 'Export gone' });
    await t.call('DELETE', `/api/admin/campaign/${gone}`, { token: leader });
    expect((await exportOf(`ids=${gone}`)).status).toBe(404);
    const member = await t.login('member@lead.test');
    const foreign = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('site_id', '=', 5)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await exportOf(`ids=${foreign.id}`, member)).status).toBe(403);
    expect((await t.call('GET', `/api/admin/campaign/leads/export?ids=${foreign.id}`)).status).toBe(401);
  });
});
