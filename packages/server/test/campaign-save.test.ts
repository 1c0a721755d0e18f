import type { CampaignPayload, FormBlock } from '@lead/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCampaign as payload } from '@lead/contract/fixtures';
import { clientOf, testSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let client: number;
beforeAll(async () => {
  ({ t, token: admin, client } = await testSession({ as: 'system@lead.test' }));
});
afterAll(() => t.close());

const create = (p: unknown, token = admin) => t.call('POST', '/api/admin/campaign', { token, body: p });
const withBlocks = (...extra: FormBlock[]) => payload(client, { forms: [...payload(client).forms, ...extra] });

/** Saving `p` fails with 422 and `message` first, and leaves no campaign, target or history behind. */
async function refused(p: unknown, message: string) {
  const before = [await t.count('campaigns'), await t.count('campaign_targets'), await t.count('history')];
  const res = await create(p);
  expect(res.status, res.raw).toBe(422);
  expect(res.body._messages[0]).toBe(message);
  expect([await t.count('campaigns'), await t.count('campaign_targets'), await t.count('history')]).toEqual(before);
  return res;
}

describe('POST /campaign', () => {
  it('creates a campaign from the builder payload and returns it with its id', async () => {
    const res = await create(payload(client));
    expect(res.status, res.raw).toBe(200);
    const model = res.body._data.model;
    expect(model).toMatchObject({
      name: 'Heart check 2027',
      type: 0,
      status: 1,
      display_type: 2,
      device_types: [1, 2],
      site: { id: 1, name: 'bacsi-online.vn' },
      client_id: client,
      forever: true,
      price: 2.5,
      kpis: { lead: 500 },
    });
    expect(model.id).toEqual(expect.any(Number));
    expect(model.code).toMatch(/^LD-[0-9A-F]{8}$/);
    expect(model.extra_fields.popupVersion).toBe('2.1');
    expect(model.targets).toEqual([
      {
        type: 'links',
        option: 'start_with',
        target: 'https://bacsi-online.vn/heart/',
        sub_target: [],
        is_import: false,
      },
    ]);
    expect(model.forms).toHaveLength(4);
    const detail = await t.call('GET', `/api/admin/campaign/${model.id}`, { token: admin });
    expect(detail.body._data.campaign).toEqual(model);
    expect(detail.body._data.lead).toEqual([]);
  });

  it('stores targets lowercased and URI-encoded', async () => {
    const res = await create(
      payload(client, {
        targets: [
          {
            type: 'links',
            option: 'exact_match',
            target: ' HTTPS://Bacsi-Online.vn/Tim Mạch/ ',
            sub_target: [{ option: 'start_with', value: 'https://bacsi-online.vn/Tim Mạch/Cũ/' }],
          },
        ],
      }),
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body._data.model.targets[0]).toMatchObject({
      target: 'https://bacsi-online.vn/tim%20m%E1%BA%A1ch/',
      sub_target: [{ option: 'start_with', value: 'https://bacsi-online.vn/tim%20m%E1%BA%A1ch/c%C5%A9/' }],
    });
  });

  it('schedules a campaign whose timeframe starts later', async () => {
    const res = await create(
      payload(client, { forever: false, started_at: '2026-12-01 08:00:00', ended_at: '2026-12-31 20:00:00' }),
    );
    expect(res.body._data.model).toMatchObject({
      status: 0,
      is_schedule: true,
      started_at: '2026-12-01 08:00:00',
      ended_at: '2026-12-31 20:00:00',
      forever: false,
    });
  });

  it('refuses a block with an empty value', async () => {
    const res = await refused(
      withBlocks({ name: 'Phone', id: 'p', data: { value: ' ', placeholder: 'Your phone' } }),
      'The field Your phone has empty value. Please check again!',
    );
    expect(res.body.errors).toEqual({ 'forms.4': ['The field Your phone has empty value. Please check again!'] });
  });

  it('refuses duplicate block keys, trimmed, but not for T&C', async () => {
    await refused(
      withBlocks({ name: 'Text', id: 'x', data: { value: ' email ', placeholder: 'Work email' } }),
      'The key of block "Work email" is duplicated. Please select that field and type another value!',
    );
    const terms = withBlocks({
      name: 'Terms',
      id: 't1',
      data: { value: 'email', placeholder: 'https://bacsi-online.vn/terms', valueHTML: 'I agree to *the terms*' },
    });
    expect((await create(terms)).status).toBe(200);
  });

  it("refuses no device type with 'The given data was invalid.'", async () => {
    const res = await refused(payload(client, { device_types: [] }), 'The Device Types must have at least 1 item.');
    expect(res.body.message).toBe('The given data was invalid.');
    expect(res.body.errors).toEqual({ device_types: ['The Device Types must have at least 1 item.'] });
  });

  it('refuses an empty name', async () => {
    await refused(payload(client, { name: '  ' }), 'Campaign Name is required');
  });

  it('refuses links off the site, empty or invalid, and no target at all', async () => {
    const link = (target: string) =>
      payload(client, { targets: [{ type: 'links', option: 'start_with', target, sub_target: [] }] });
    await refused(link('https://other-site.com/heart/'), 'not include bacsi-online.vn.');
    await refused(link('https://notbacsi-online.vn/'), 'not include bacsi-online.vn.');
    await refused(link(''), 'Please add link');
    await refused(link('bacsi-online.vn heart'), 'bacsi-online.vn heart is not a valid link.');
    await refused(
      payload(client, {
        targets: [
          {
            type: 'links',
            option: 'start_with',
            target: 'https://bacsi-online.vn/',
            sub_target: [{ option: 'exact_match', value: 'https://x.com/' }],
          },
        ],
      }),
      'not include bacsi-online.vn.',
    );
    await refused(payload(client, { targets: [] }), 'Please add at least one link or tag.');
    expect((await create(link('https://m.bacsi-online.vn/heart/'))).status).toBe(200);
  });

  it('takes tags as targets', async () => {
    const res = await create(
      payload(client, { targets: [{ type: 'tags', option: 'exact_match', target: 'Heart', sub_target: [] }] }),
    );
    expect(res.status).toBe(200);
    expect(res.body._data.model.targets[0]).toMatchObject({ type: 'tags', target: 'Heart' });
  });

  it('allows one OTP block of any kind', async () => {
    const otp = (name: 'PhoneOTP' | 'WhatsAppOTP' | 'ZaloOTP', id: string) => ({
      name,
      id,
      data: { value: `otp_${id}`, placeholder: name, singleSubmission: true },
    });
    expect((await create(withBlocks(otp('PhoneOTP', '1')))).status).toBe(200);
    await refused(withBlocks(otp('PhoneOTP', '1'), otp('PhoneOTP', '2')), 'The Phone OTP field already exist.');
    await refused(
      withBlocks(otp('PhoneOTP', '1'), otp('WhatsAppOTP', '2')),
      'Please remove the Phone OTP field before adding the WhatsApp OTP field.',
    );
    await refused(
      withBlocks(otp('ZaloOTP', '1'), otp('PhoneOTP', '2')),
      'Please remove the Zalo OTP field before adding the Phone OTP field.',
    );
  });

  it('allows one Location block', async () => {
    const loc = (id: string) => ({
      name: 'Location' as const,
      id,
      data: { value: `loc${id}`, placeholder: 'Province' },
    });
    await refused(withBlocks(loc('1'), loc('2')), 'The Location field already exist.');
  });

  it('needs two answers, each with a value, in a choice block', async () => {
    const choice = (listQuestion: Array<{ value: string; placeholder: string }>) =>
      withBlocks({ name: 'Dropdown', id: 'd', data: { value: 'gender', placeholder: 'Gender', listQuestion } });
    await refused(
      choice([{ value: 'answer1', placeholder: 'Answer 1' }]),
      'The field Gender needs at least 2 answers.',
    );
    await refused(
      choice([
        { value: 'answer1', placeholder: 'Answer 1' },
        { value: '', placeholder: 'Answer 2' },
      ]),
      'The field Gender has empty value. Please check again!',
    );
    expect(
      (
        await create(
          choice([
            { value: '1', placeholder: 'Male' },
            { value: '0', placeholder: 'Female' },
          ]),
        )
      ).status,
    ).toBe(200);
  });

  it('needs valid T&C URLs, one per line', async () => {
    const terms = (placeholder: string) =>
      withBlocks({
        name: 'Terms',
        id: 't',
        data: { value: 'terms', placeholder, valueHTML: 'I agree to *the terms*' },
      });
    await refused(terms('  '), 'URLs of the T&C block are required. Please provide the information properly');
    await refused(
      terms('https://bacsi-online.vn/terms\nnot a url'),
      'URLs of the T&C block are invalid. Please try again!',
    );
    expect((await create(terms('https://bacsi-online.vn/terms\nhttps://bacsi-online.vn/privacy'))).status).toBe(200);
  });

  it('needs a link button on the LightBoxA layout', async () => {
    const p = payload(client, {
      display_type: 1,
      extra_fields: { ...payload(client).extra_fields, currentLayout: 'LightBoxA' },
    });
    await refused(p, 'The LightBoxA layout needs a Link button block.');
  });

  it('needs a CSV file for a CSV target on a new campaign', async () => {
    const csv = (csvName?: string) =>
      payload(client, {
        targets: [],
        extra_fields: { ...payload(client).extra_fields, targetLinkType: 'csv', ...(csvName ? { csvName } : {}) },
      });
    await refused(csv(), 'Please upload a CSV file of targets.');
    const res = await create(csv('targets.csv'));
    expect(res.status).toBe(200);
    expect(res.body._data.model.targets).toEqual([]);
  });

  it('checks settings: numbers, timeframe, trigger and appearance time', async () => {
    await refused(
      payload(client, { rules: [{ rule: 'days_to_show_again', value: 'weekly' }] }),
      'Frequency must be a number',
    );
    await refused(payload(client, { kpis: { lead: 'many' } }), 'Leads must be a number');
    await refused(payload(client, { price: 'cheap' }), 'Price per lead must be a number');
    // Stored in numeric(12, 2): out of range is refused, never a database error.
    await refused(payload(client, { price: 1e20 }), 'Price per lead must be from 0 to 9999999999.99');
    await refused(payload(client, { price: -5 }), 'Price per lead must be from 0 to 9999999999.99');
    await refused(
      payload(client, { forever: false, started_at: '2026-12-10 08:00:00', ended_at: '2026-12-09 20:00:00' }),
      'Start Date must be less than End Date',
    );
    await refused(
      payload(client, { forever: false, started_at: '2026-12-10 20:00:00', ended_at: '2026-12-10 08:00:00' }),
      'Start Hour must be less than End Hour',
    );
    await refused(
      payload(client, { rules: [{ rule: 'time_on_page', value: 101 }] }),
      'Time on page must be between 3 and 100 seconds.',
    );
    await refused(
      payload(client, { rules: [{ rule: 'scroll_percent', value: 30 }] }),
      'Scroll percent must be 25, 50, 75 or 100.',
    );
    await refused(
      payload(client, { rules: [{ rule: 'appearance_time', value: { startTime: '10:00', endTime: '09:00' } }] }),
      'The appearance end time must be after its start time.',
    );
    // Hours without an end would show the campaign at any hour: refused, not stored (#29).
    await refused(
      payload(client, { rules: [{ rule: 'appearance_time', value: { startTime: '13:00', endTime: null } }] }),
      'The appearance end time must be after its start time.',
    );
    expect(
      (
        await create(
          payload(client, { rules: [{ rule: 'time_on_page', value: -50 }], price: '3.5', kpis: { lead: '800' } }),
        )
      ).status,
    ).toBe(200);
  });

  it('checks the client is on the site, and the site is the caller’s', async () => {
    const notOnSite1 = await t.database.db
      .selectFrom('clients as c')
      .select('c.id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('client_sites as cs')
              .select('cs.client_id')
              .whereRef('cs.client_id', '=', 'c.id')
              .where('cs.site_id', '=', 1),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const res1 = await refused(payload(notOnSite1.id), 'Client is required');
    expect(res1.body.errors).toEqual({ client_id: ['Client is required'] });
    const member = await t.login('member@lead.test');
    const res = await create(
      {
        ...payload(await clientOf(t, 3)),
        site_id: 3,
        targets: [{ type: 'links', option: 'start_with', target: 'https://sehatku.id/', sub_target: [] }],
      },
      member,
    );
    expect(res.status).toBe(403);
  });

  it('names every shape problem with 422', async () => {
    const res = await create({ ...payload(client), display_type: 13, device_types: [3], trigger_type: 'whenever' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!).sort()).toEqual(['device_types.0', 'display_type', 'trigger_type']);
  });
});

describe('PUT /campaign/{id}', () => {
  it("saves the whole payload ('Campaign has been updated!') and replaces the targets", async () => {
    const created = (await create(payload(client))).body._data.model;
    const next: CampaignPayload = payload(client, {
      name: 'Heart check v2',
      device_types: [2],
      targets: [{ type: 'tags', option: 'exact_match', target: 'cardio', sub_target: [] }],
    });
    const res = await t.call('PUT', `/api/admin/campaign/${created.id}`, { token: admin, body: next });
    expect(res.status, res.raw).toBe(200);
    expect(res.body._messages).toEqual(['Campaign has been updated!']);
    expect(res.body._data.model).toMatchObject({
      name: 'Heart check v2',
      device_types: [2],
      targets: [{ type: 'tags', target: 'cardio' }],
    });
  });

  it('runs the same rules, keeps the old campaign when one fails, and keeps the site', async () => {
    const created = (await create(payload(client))).body._data.model;
    const bad = await t.call('PUT', `/api/admin/campaign/${created.id}`, {
      token: admin,
      body: payload(client, { name: '' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body._messages[0]).toBe('Campaign Name is required');
    const site = await t.call('PUT', `/api/admin/campaign/${created.id}`, {
      token: admin,
      body: payload(client, { site_id: 2 }),
    });
    expect(site.status).toBe(422);
    expect((await t.call('GET', `/api/admin/campaign/${created.id}`, { token: admin })).body._data.campaign.name).toBe(
      'Heart check 2027',
    );
    expect((await t.call('PUT', '/api/admin/campaign/999999', { token: admin, body: payload(client) })).status).toBe(
      404,
    );
  });

  it('lets an edit keep its imported CSV targets, and needs a file or an import', async () => {
    const created = (await create(payload(client))).body._data.model;
    const csv = payload(client, {
      targets: [],
      extra_fields: { ...payload(client).extra_fields, targetLinkType: 'csv' },
    });
    const res = await t.call('PUT', `/api/admin/campaign/${created.id}`, { token: admin, body: csv });
    expect(res.status).toBe(422);
    expect(res.body._messages[0]).toBe('Please upload a CSV file of targets.');
    await t.database.db.updateTable('campaigns').set({ is_target_import: true }).where('id', '=', created.id).execute();
    const ok = await t.call('PUT', `/api/admin/campaign/${created.id}`, { token: admin, body: csv });
    expect(ok.status).toBe(200);
    expect(ok.body._data.model.targets).toHaveLength(1);
  });
});

describe('GET /campaign/{id}', () => {
  it('returns the campaign and its leads, newest first, with more through /leads', async () => {
    const top = await t.database.db
      .selectFrom('campaigns')
      .select(['id', 'total_lead'])
      .orderBy('total_lead', 'desc')
      .executeTakeFirstOrThrow();
    const res = await t.call('GET', `/api/admin/campaign/${top.id}`, { token: admin });
    expect(res.status).toBe(200);
    const { campaign, lead } = res.body._data;
    expect(campaign.total_lead).toBe(Number(top.total_lead));
    expect(lead).toHaveLength(200);
    expect(Object.keys(lead[0]).sort()).toEqual([
      'consent',
      'created_at',
      'deliveries',
      'duplicate',
      'email',
      'id',
      'name',
      'phone',
      'phone_e164',
    ]);
    for (let i = 1; i < lead.length; i++) expect(lead[i].id).toBeLessThan(lead[i - 1].id);
    const more = await t.call('GET', `/api/admin/campaign/${top.id}/leads?before_id=${lead[199].id}&limit=1000`, {
      token: admin,
    });
    expect(more.body._data.models[0].id).toBeLessThan(lead[199].id);
    expect(more.body._data.total).toBe(Number(top.total_lead));
    let seen = 200 + more.body._data.models.length;
    let cursor = more.body._data.next_before_id;
    while (cursor) {
      const page = await t.call('GET', `/api/admin/campaign/${top.id}/leads?before_id=${cursor}&limit=5000`, {
        token: admin,
      });
      seen += page.body._data.models.length;
      cursor = page.body._data.next_before_id;
    }
    expect(seen).toBe(Number(top.total_lead));
  });

  it('gives the daily figures for a chart', async () => {
    const top = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .orderBy('total_impression', 'desc')
      .executeTakeFirstOrThrow();
    const res = await t.call('GET', `/api/admin/campaign/${top.id}/figures?from=2026-10-01&to=2026-10-31`, {
      token: admin,
    });
    expect(res.body._data.models.length).toBeGreaterThan(0);
    for (const d of res.body._data.models) expect(d.day >= '2026-10-01' && d.day <= '2026-10-31').toBe(true);
  });

  it('still returns a campaign saved before popupVersion 2.1', async () => {
    const legacy = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where(sql<string>`extra_fields->>'popupVersion'`, '=', '2.0')
      .executeTakeFirstOrThrow();
    const res = await t.call('GET', `/api/admin/campaign/${legacy.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body._data.campaign.extra_fields).toMatchObject({ popupVersion: '2.0', title: expect.any(String) });
  });

  it('answers 404 for an unknown or deleted campaign and 403 for another site', async () => {
    expect((await t.call('GET', '/api/admin/campaign/999999', { token: admin })).status).toBe(404);
    const site3 = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('site_id', '=', 3)
      .executeTakeFirstOrThrow();
    expect(
      (await t.call('GET', `/api/admin/campaign/${site3.id}`, { token: await t.login('member@lead.test') })).status,
    ).toBe(403);
  });
});
