/**
 * Leads bounded by their blocks (issue #28): each answer is one string of a stated length (a list
 * only for Checkbox), one e-mail address, a choice among the block's own answers, a real date;
 * and 'one submission per phone number' holds on the number in E.164.
 */
import { MAX_ANSWER_LENGTH } from '@lead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';
import { publicClient, type PublicClient } from './public-fixtures.js';
import { openedLeads } from './personal.js';

let t: TestApp;
let p: PublicClient;
beforeAll(async () => {
  t = await startTestApp();
  p = await publicClient(t);
});
afterAll(() => t.close());

let n = 0;
/** A lead from its own visitor and address: the per-visitor and per-address limits stay out of the way. */
const send = (code: string, fields: Record<string, unknown>) => {
  n += 1;
  return p.post(
    'leads',
    { site_id: 1, code, visitor_id: `visitor-lead-${n}`, page_url: 'https://bacsi-online.vn/heart/a/', fields },
    {},
    `10.30.${n >> 8}.${n & 255}`,
  );
};
const stored = async (id: number) => (await openedLeads(t.database.db, id)).map((r) => r.data);

const choices = [
  { value: 'a', placeholder: 'Apple' },
  { value: 'b', placeholder: 'Banana' },
];

describe('POST /api/public/leads: each answer bounded by its block', () => {
  it('takes one-line answers as single strings of at most the stated length, and one e-mail address', async () => {
    const c = await p.create();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: Array(50).fill('x'.repeat(100)), email: 'a@b.vn' }, 'name', 'Full name không hợp lệ.'],
      [{ name: 'x'.repeat(MAX_ANSWER_LENGTH + 1), email: 'a@b.vn' }, 'name', 'Full name quá dài.'],
      [{ name: 'Lan', email: ['a@b.vn', 'x'] }, 'email', 'Email không hợp lệ.'],
      [{ name: 'Lan', email: 'a@b.vn,c@d.vn' }, 'email', 'Vui lòng nhập địa chỉ email hợp lệ.'],
    ];
    for (const [fields, key, message] of cases) {
      const res = await send(c.code, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 60)).toBe(422);
      expect(res.body.errors).toEqual({ [key]: [message] });
    }
    expect((await send(c.code, { name: 'x'.repeat(MAX_ANSWER_LENGTH), email: 'a@b.vn' })).status).toBe(200);
    expect(await stored(c.id)).toHaveLength(1);
  });

  it("takes choices among the block's own answers only, and real dates", async () => {
    const c = await p.create({
      forms: [
        { name: 'Radio', id: 'r', data: { value: 'fruit', placeholder: 'Fruit', listQuestion: choices } },
        { name: 'Dropdown', id: 'd', data: { value: 'size', placeholder: 'Size', listQuestion: choices } },
        { name: 'Checkbox', id: 'c', data: { value: 'likes', placeholder: 'Likes', listQuestion: choices } },
        { name: 'Date', id: 'dt', data: { value: 'birthday', placeholder: 'Birthday' } },
        { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
      ],
    });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fruit: 'z' }, 'fruit'],
      [{ fruit: ['a', 'b'] }, 'fruit'],
      [{ size: 'x'.repeat(20) }, 'size'],
      [{ likes: ['a', 'evil'] }, 'likes'],
      [{ birthday: '2026-02-30' }, 'birthday'],
      [{ birthday: 'yesterday' }, 'birthday'],
    ];
    for (const [fields, key] of cases) {
      const res = await send(c.code, fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual([key]);
    }
    expect(await stored(c.id)).toEqual([]);
    const ok = await send(c.code, { fruit: 'a', size: 'b', likes: ['a', 'b'], birthday: '2024-02-29' });
    expect(ok.status).toBe(200);
    const [data] = await stored(c.id);
    expect(data).toMatchObject({ fruit: 'a', size: 'b', likes: ['a', 'b'], birthday: '2024-02-29' });
  });
});

describe("'One submission per phone number'", () => {
  const forms = [
    { name: 'Text', id: 'a', data: { value: 'name', placeholder: 'Full name', required: true } },
    { name: 'Phone', id: 'p', data: { value: 'phone', placeholder: 'Phone', required: true, singleSubmission: true } },
    { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
  ];

  it("refuses a second lead from the number in any form, in the site's language; other numbers and campaigns pass", async () => {
    const c = await p.create({ forms });
    expect((await send(c.code, { name: 'Lan', phone: '0912 111 222' })).status).toBe(200);
    for (const phone of ['+84912111222', '0084 912 111 222', '84912111222']) {
      const again = await send(c.code, { name: 'Lan', phone });
      expect(again.status, phone).toBe(422);
      expect(again.body.errors).toEqual({ phone: ['Số điện thoại này đã được dùng để đăng ký chương trình này.'] });
    }
    expect((await send(c.code, { name: 'Minh', phone: '0912111223' })).status).toBe(200);
    const other = await p.create({ forms });
    expect((await send(other.code, { name: 'Lan', phone: '0912111222' })).status).toBe(200);
    expect(await stored(c.id)).toHaveLength(2);
  });

  it('keeps one of two leads of one number sent at once', async () => {
    const c = await p.create({ forms });
    const answers = await Promise.all([
      send(c.code, { name: 'A', phone: '0912333444' }),
      send(c.code, { name: 'B', phone: '+84 912 333 444' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(await stored(c.id)).toHaveLength(1);
  });

  it('without the option, a number may send the form again', async () => {
    const c = await p.create({
      forms: forms.map((b) => (b.name === 'Phone' ? { ...b, data: { ...b.data, singleSubmission: false } } : b)),
    });
    expect((await send(c.code, { name: 'A', phone: '0912555666' })).status).toBe(200);
    expect((await send(c.code, { name: 'A', phone: '0912555666' })).status).toBe(200);
  });
});

describe('Phone numbers by country (issue #31)', () => {
  const forms = [
    { name: 'Phone', id: 'p', data: { value: 'phone', placeholder: 'Phone', required: true } },
    { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
  ];
  const phones = async (id: number) =>
    (await openedLeads(t.database.db, id)).map((l) => ({ phone: l.phone, phone_e164: l.phone_e164 }));

  it("stores a Vietnamese site's '0912 345 678' as typed and as +84912345678", async () => {
    const c = await p.create({ forms });
    expect((await send(c.code, { phone: '0912 345 678' })).status).toBe(200);
    expect((await send(c.code, { phone: '+84 28 3822 1234' })).status).toBe(200);
    expect(await phones(c.id)).toEqual([
      { phone: '0912 345 678', phone_e164: '+84912345678' },
      { phone: '+84 28 3822 1234', phone_e164: '+842838221234' },
    ]);
    // Staff read both (GET /campaign/{id}/leads, newest first).
    const admin = await t.login('leader@lead.test');
    const res = await t.call<{ models: Array<{ phone: string; phone_e164: string }> }>(
      'GET',
      `/api/admin/campaign/${c.id}/leads`,
      { token: admin },
    );
    expect(res.body._data.models.map((l) => [l.phone, l.phone_e164])).toEqual([
      ['+84 28 3822 1234', '+842838221234'],
      ['0912 345 678', '+84912345678'],
    ]);
  });

  it("refuses what cannot be a number of the site's country, in the site's language, and stores nothing", async () => {
    const c = await p.create({ forms });
    // Digits the pop-up's own check lets through: only the country's rules tell them apart.
    for (const phone of ['000000', '0912 345', '0112 345 678', '+84 912 345 678 999', '1234567']) {
      const res = await send(c.code, { phone });
      expect(res.status, phone).toBe(422);
      expect(res.body.errors).toEqual({ phone: ['Vui lòng nhập số điện thoại hợp lệ.'] });
    }
    expect(await phones(c.id)).toEqual([]);
  });
});
