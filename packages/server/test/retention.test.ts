import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validClient } from '@lead/contract/fixtures';
import { lookupOf, sealStored } from '../src/repositories/personal.js';
import { RETENTION_BATCH, sweepRetention } from '../src/repositories/retention.js';
import { testSession, type TestSession } from './fixtures.js';
import { startTestApp, type TestApp } from './helpers.js';

/** Retention (docs/privacy.md): per client, else RETENTION_MONTHS; swept on a clock the test sets. */
let t: TestApp;
let system: string;
let createCampaign: TestSession['createCampaign'];
let managerId: number;
beforeAll(async () => {
  ({ t, token: system, createCampaign } = await testSession({ as: 'system@lead.test' }));
  managerId = (
    await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'leader@lead.test')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const saveClient = (body: object, id?: number) =>
  t.call(id ? 'PUT' : 'POST', id ? `/api/admin/clients/${id}` : '/api/admin/clients', { token: system, body });

/** A client of its own (site 1) with `months` of retention, and a campaign of it. */
async function clientWithCampaign(months: number | null, name: string) {
  const res = await saveClient(validClient(managerId, [1], { name, retention_months: months }));
  expect(res.status, res.raw).toBe(200);
  const client = res.body._data.model.id as number;
  const campaign = (await createCampaign({ name: `${name} campaign` })).id;
  await t.database.db.updateTable('campaigns').set({ client_id: client }).where('id', '=', campaign).execute();
  return { client, campaign };
}

const addLeads = async (campaignId: number, ats: string[]) => {
  const rows = await t.database.db
    .insertInto('leads')
    .values(
      ats.map((at, i) => ({
        campaign_id: campaignId,
        name: `Person ${i}`,
        email: `person${i}@example.test`,
        phone: `0912 000 ${String(i).padStart(3, '0')}`,
        phone_e164: `+84912000${String(i).padStart(3, '0')}`,
        data: JSON.stringify({ note: 'answers' }),
        page_url: 'https://bacsi-online.vn/a',
        created_at: new Date(at),
      })),
    )
    .returning('id')
    .execute();
  // Stored plain, as before sealing: sealed (with their lookup hashes) as a start seals them.
  await sealStored(t.database.db, await lookupOf(t.database.db));
  return rows.map((r) => Number(r.id));
};
const erasedOf = async (ids: number[]) =>
  (
    await t.database.db
      .selectFrom('leads')
      .select(['id', 'erased_at', 'email'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
  ).map((r) => r.erased_at !== null);

describe('a client’s retention period', () => {
  it('is empty (the default) or whole months from 1 to 600, shown with the client', async () => {
    for (const bad of [0, 601]) {
      const res = await saveClient(validClient(managerId, [1], { name: `Bad ${bad}`, retention_months: bad }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        retention_months: ['The retention period must be a whole number of months from 1 to 600.'],
      });
    }
    for (const bad of [1.5, '12', true]) {
      expect(
        (await saveClient({ ...validClient(managerId, [1], { name: 'Bad' }), retention_months: bad })).status,
      ).toBe(422);
    }
    const res = await saveClient(validClient(managerId, [1], { name: 'Keeps 18', retention_months: 18 }));
    expect(res.body._data.model.retention_months).toBe(18);
    // A save without the field leaves it as it is; null goes back to the default.
    const { retention_months: _, ...rest } = validClient(managerId, [1], { name: 'Keeps 18' });
    const kept = await saveClient(rest, res.body._data.model.id);
    expect(kept.body._data.model.retention_months).toBe(18);
    const reset = await saveClient({ ...rest, retention_months: null }, res.body._data.model.id);
    expect(reset.body._data.model.retention_months).toBeNull();
  });
});

describe('the retention sweep', () => {
  it("erases the personal data of leads older than their client's period (else the default), keeps their figures, and is idempotent", async () => {
    const short = await clientWithCampaign(6, 'Six months');
    const dflt = await clientWithCampaign(null, 'Default period');
    const now = new Date('2027-01-15T00:00:00Z');
    const shortIds = await addLeads(short.campaign, ['2026-07-14T23:59:59Z', '2026-07-15T00:00:01Z']);
    const dfltIds = await addLeads(dflt.campaign, ['2025-01-14T23:59:59Z', '2025-01-15T00:00:01Z']);
    await t.database.db
      .insertInto('campaign_submitted_phones')
      .values({ campaign_id: short.campaign, phone: (await lookupOf(t.database.db)).phone('+84912000000') })
      .execute();
    const figures = () =>
      t.database.db
        .selectFrom('campaigns')
        .select(['total_lead', 'total_submit'])
        .where('id', 'in', [short.campaign, dflt.campaign])
        .execute();
    const before = await figures();

    const r = await sweepRetention(t.database.db, now, 24);
    expect(r.erased).toBeGreaterThanOrEqual(2);
    expect(await erasedOf(shortIds)).toEqual([true, false]);
    expect(await erasedOf(dfltIds)).toEqual([true, false]);
    const gone = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', shortIds[0]!)
      .executeTakeFirstOrThrow();
    expect(gone).toMatchObject({
      name: null,
      email: null,
      phone: null,
      phone_e164: null,
      page_url: null,
      data: {},
      campaign_id: short.campaign,
    });
    expect(await figures()).toEqual(before);
    expect(
      await t.database.db
        .selectFrom('campaign_submitted_phones')
        .select('phone')
        .where('campaign_id', '=', short.campaign)
        .execute(),
    ).toEqual([]);
    const [entry] = await t.database.db
      .selectFrom('history')
      .select(['text', 'icon', 'user_id'])
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(entry).toMatchObject({ icon: 'erase', user_id: null });
    expect(entry!.text).toMatch(/^Erased the personal data of <b>\d+<\/b> leads? past their retention period\.$/);

    const again = await sweepRetention(t.database.db, now, 24);
    expect(again.erased).toBe(0);
    // A second later the next lead is past its period.
    expect((await sweepRetention(t.database.db, new Date('2027-01-15T00:00:02Z'), 24)).erased).toBeGreaterThanOrEqual(
      2,
    );
    expect(await erasedOf([...shortIds, ...dfltIds])).toEqual([true, true, true, true]);
  });

  it('works in batches, each a statement of its own, until none is left', async () => {
    const c = await clientWithCampaign(1, 'Batches');
    const ids = await addLeads(
      c.campaign,
      Array.from({ length: RETENTION_BATCH * 2 + 3 }, () => '2026-01-01T00:00:00Z'),
    );
    await sweepRetention(t.database.db, new Date('2026-03-01T00:00:00Z'), 600);
    expect((await erasedOf(ids)).every(Boolean)).toBe(true);
  });

  it('drops OTP codes a day past their expiry, and per-number counters older than two days', async () => {
    const c = await clientWithCampaign(null, 'OTP');
    await t.database.db
      .insertInto('otp_codes')
      .values([
        {
          campaign_id: c.campaign,
          phone: '+84913000001',
          code_hash: 'x',
          expires_at: new Date('2027-02-01T00:00:00Z'),
        },
        {
          campaign_id: c.campaign,
          phone: '+84913000002',
          code_hash: 'x',
          expires_at: new Date('2027-02-02T00:00:01Z'),
        },
      ])
      .execute();
    await t.database.db
      .insertInto('otp_phone_days')
      .values([
        { phone: '+84913000001', day: '2027-01-31', sent: 1 },
        { phone: '+84913000002', day: '2027-02-01', sent: 1 },
      ])
      .execute();
    await sweepRetention(t.database.db, new Date('2027-02-03T00:00:00Z'), 600);
    expect(
      (await t.database.db.selectFrom('otp_codes').select('phone').where('campaign_id', '=', c.campaign).execute()).map(
        (r) => r.phone,
      ),
    ).toEqual(['+84913000002']);
    const days = await t.database.db
      .selectFrom('otp_phone_days')
      .select('phone')
      .where('phone', 'like', '+84913%')
      .execute();
    expect(days.map((r) => r.phone)).toEqual(['+84913000002']);
  });
});

describe('the scheduler', () => {
  it("runs the retention sweep on its clock, with the server's default period", async () => {
    const s = await startTestApp({
      now: () => new Date('2035-01-01T00:00:00Z'),
      config: { scheduler: true, schedulerInterval: 3600, retentionMonths: 12 },
    });
    try {
      // The demo's leads are all older than a year by then: the first sweep erases every one.
      const kept = async () =>
        Number(
          (
            await s.database.db
              .selectFrom('leads')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('erased_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).n,
        );
      await vi.waitFor(async () => expect(await kept()).toBe(0), { timeout: 60_000, interval: 100 });
      expect(
        Number(
          (
            await s.database.db
              .selectFrom('leads')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBeGreaterThan(0);
      const [entry] = await s.database.db
        .selectFrom('history')
        .select(['icon', 'user_id'])
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      expect(entry).toEqual({ icon: 'erase', user_id: null });
    } finally {
      await s.close();
    }
  });
});
