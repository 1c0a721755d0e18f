/**
 * OTP that cannot be abused (issue #28): codes per number counted in E.164 whatever the campaign,
 * site or format; a daily cap per number and a daily budget per site, in the database; tries
 * counted by one UPDATE, so parallel guesses never get more than five comparisons.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_CODES_PER_NUMBER_PER_DAY } from '../src/repositories/otp.js';
import type { TestApp } from './helpers.js';
import { publicSession, type MovableClock, type PublicClient } from './public-fixtures.js';
import { lookupOf } from '../src/repositories/personal.js';

let t: TestApp;
let p: PublicClient;
let clock: MovableClock;
beforeAll(async () => {
  ({ t, p, clock } = await publicSession());
});
afterAll(() => t.close());

const otpForms = [
  { name: 'Title', id: 't', data: { placeholder: 'Verify' } },
  { name: 'PhoneOTP', id: 'p', data: { value: 'phone', placeholder: 'Phone', required: true } },
  { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
];
const otpCampaign = (over: Record<string, unknown> = {}) => p.create({ forms: otpForms, ...over });
const sendCode = (site: number, code: string, phone: string, address: string) =>
  p.post(
    'otp',
    { site_id: site, code, visitor_id: 'visitor-otp', phone },
    site === 2 ? { origin: 'https://mebau.vn' } : {},
    address,
  );
/** A lead of the OTP form: its phone as typed and the code, from `visitor` at `address`. */
const submitLead = (code: string, phone: string, otp: string, visitor: string, address: string) =>
  p.post(
    'leads',
    { site_id: 1, code, visitor_id: visitor, page_url: 'https://bacsi-online.vn/heart/a/', fields: { phone }, otp },
    {},
    address,
  );
/** The codes the outbox holds for `e164`, oldest first. */
const codesFor = async (e164: string): Promise<string[]> => {
  const dir = join(t.config.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sms.txt')).sort();
  const texts = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
  return texts.filter((x) => x.startsWith(`To: ${e164}\n`)).map((x) => /code is (\d{6})/.exec(x)![1]!);
};

describe('POST /api/public/otp: codes per number', () => {
  it("sends a code only to a mobile number of the site's country (issue #31): a fixed line or no number gets the message, and no code", async () => {
    const c = await otpCampaign();
    const before = await t.count('otp_codes');
    for (const phone of ['028 3822 1234', '0912 345', '000000']) {
      const res = await sendCode(1, c.code, phone, '10.9.0.1');
      expect(res.status, phone).toBe(422);
      expect(res.body.errors).toEqual({ phone: ['Vui lòng nhập số điện thoại hợp lệ.'] });
    }
    // No code made, none sent.
    expect(await t.count('otp_codes')).toBe(before);
    expect((await sendCode(1, c.code, '0912 000 777', '10.9.0.1')).status).toBe(200);
    expect(await t.count('otp_codes')).toBe(before + 1);
  });

  it('counts a number in E.164 across campaigns, sites and formats: 3 codes in 10 minutes', async () => {
    const a = await otpCampaign();
    const b = await otpCampaign();
    const other = await otpCampaign({
      site_id: 2,
      targets: [{ type: 'links', option: 'start_with', target: 'https://mebau.vn/x/', sub_target: [] }],
    });
    expect((await sendCode(1, a.code, '+84 912 000 001', '10.1.0.1')).status).toBe(200);
    expect((await sendCode(1, b.code, '0084912000001', '10.1.0.2')).status).toBe(200);
    expect((await sendCode(2, other.code, '0912 000 001', '10.1.0.3')).status).toBe(200);
    const fourth = await sendCode(1, b.code, '84912000001', '10.1.0.4');
    expect(fourth.status).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(await codesFor('+84912000001')).toHaveLength(3);
  });

  it(`gives a number at most ${OTP_CODES_PER_NUMBER_PER_DAY} codes a day, and more the next day`, async () => {
    const c = await otpCampaign();
    const statuses: number[] = [];
    try {
      for (let i = 0; i < OTP_CODES_PER_NUMBER_PER_DAY + 1; i++) {
        // Past the 10-minute window each time: only the daily cap can stop it.
        clock.advance(11 * 60_000);
        statuses.push((await sendCode(1, c.code, '0912000002', `10.2.0.${i + 1}`)).status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(OTP_CODES_PER_NUMBER_PER_DAY);
      expect(statuses.at(-1)).toBe(429);
      clock.reset();
      clock.advance(24 * 3600_000);
      expect((await sendCode(1, c.code, '0912000002', '10.2.1.1')).status).toBe(200);
    } finally {
      clock.reset();
    }
  });

  it("stops at the site's daily budget and leaves a notice in the site's history", async () => {
    const c = await otpCampaign();
    const used = await t.database.db
      .selectFrom('otp_site_days')
      .select('sent')
      .where('site_id', '=', 1)
      .where('day', '=', '2026-11-21')
      .executeTakeFirst();
    await t.database.db
      .updateTable('sites')
      .set({ otp_daily_budget: (used?.sent ?? 0) + 2 })
      .where('id', '=', 1)
      .execute();
    try {
      expect((await sendCode(1, c.code, '0912000003', '10.3.0.1')).status).toBe(200);
      expect((await sendCode(1, c.code, '0912000004', '10.3.0.2')).status).toBe(200);
      expect((await sendCode(1, c.code, '0912000005', '10.3.0.3')).status).toBe(429);
      expect(await codesFor('+84912000005')).toEqual([]);
      const notes = await t.database.db
        .selectFrom('history')
        .select(['text', 'site_id'])
        .where('text', 'like', '%OTP budget%')
        .execute();
      expect(notes).toEqual([{ site_id: 1, text: expect.stringContaining('is used up') }]);
    } finally {
      await t.database.db.updateTable('sites').set({ otp_daily_budget: 1000 }).where('id', '=', 1).execute();
    }
  });

  it('finds the code whatever form the lead gives the number in', async () => {
    const c = await otpCampaign();
    expect((await sendCode(1, c.code, '0912 000 006', '10.4.0.1')).status).toBe(200);
    const [code] = await codesFor('+84912000006');
    const lead = await submitLead(c.code, '+84 912-000-006', code!, 'visitor-e164', '10.4.0.2');
    expect(lead.status).toBe(200);
  });
});

describe("'One submission per phone number' on an OTP form", () => {
  it('sends no code (no paid message) to a number that already sent the form', async () => {
    const c = await otpCampaign({
      forms: otpForms.map((b) => (b.name === 'PhoneOTP' ? { ...b, data: { ...b.data, singleSubmission: true } } : b)),
    });
    expect((await sendCode(1, c.code, '0912000201', '10.6.0.1')).status).toBe(200);
    const [code] = await codesFor('+84912000201');
    const lead = await submitLead(c.code, '0912000201', code!, 'visitor-once', '10.6.0.2');
    expect(lead.status).toBe(200);
    clock.advance(11 * 60_000);
    try {
      const again = await sendCode(1, c.code, '+84 912 000 201', '10.6.0.3');
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ phone: ['Số điện thoại này đã được dùng để đăng ký chương trình này.'] });
      expect(await codesFor('+84912000201')).toHaveLength(1);
    } finally {
      clock.reset();
    }
  });
});

describe('OTP tries', () => {
  it('never compares more than five guesses, even sent at once: the right code after 12 wrong ones is refused', async () => {
    const c = await otpCampaign();
    for (let round = 0; round < 4; round++) {
      const phone = `091200010${round}`;
      expect((await sendCode(1, c.code, phone, `10.5.${round}.200`)).status).toBe(200);
      const [code] = await codesFor(`+8491200010${round}`);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      // Twelve wrong guesses at once, each from its own visitor and address (no rate limit is what
      // stops them): the order the server takes them in is its own, so the right code comes after.
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          submitLead(c.code, phone, wrong, `visitor-guess-${round}-${i}`, `10.5.${round}.${i + 1}`),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(422));
      const row = await t.database.db
        .selectFrom('otp_codes')
        .select('tries')
        .where('phone', '=', (await lookupOf(t.database.db)).phone(`+8491200010${round}`))
        .executeTakeFirstOrThrow();
      expect(row.tries).toBe(5);
      const right = await submitLead(c.code, phone, code!, `visitor-guess-${round}-right`, `10.5.${round}.100`);
      expect(right.status).toBe(422);
    }
    expect(await t.database.db.selectFrom('leads').select('id').where('campaign_id', '=', c.id).execute()).toEqual([]);
  });
});
