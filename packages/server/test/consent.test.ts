/**
 * Proof of consent (issue #31): every save keeps a revision of the forms; a lead's consent record
 * is built by the server from the revision its visitor saw (T&C text as shown with its links,
 * URLs, hashes, ticks, page), a required T&C block must be ticked whatever the client sends, and
 * the record is shown only to the users who may see the lead's campaign.
 */
import { createHash } from 'node:crypto';
import type { FormBlock } from '@lead/contract';
import { validCampaign } from '@lead/contract/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/runtime/consent.js';
import { clientOf } from './fixtures.js';
import { startTestApp, type TestApp } from './helpers.js';
import { ORIGIN, publicClient, type PublicClient } from './public-fixtures.js';
import { openedLead } from './personal.js';

let t: TestApp;
let p: PublicClient;
let leader: string;
beforeAll(async () => {
  t = await startTestApp();
  p = await publicClient(t);
  leader = await t.login('leader@lead.test');
});
afterAll(() => t.close());

const sha = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
const terms = (text: string, required = true): FormBlock => ({
  name: 'Terms',
  id: 'tc',
  data: {
    value: 'terms',
    placeholder: 'https://bacsi-online.vn/terms\nhttps://bacsi-online.vn/privacy',
    valueHTML: text,
    required,
  },
});
const formsWith = (...blocks: FormBlock[]): FormBlock[] => [
  { name: 'Text', id: 'a', data: { value: 'name', placeholder: 'Full name', required: true } },
  ...blocks,
  { name: 'Submit', id: 's', data: { placeholder: 'Submit' } },
];

let n = 0;
/** A lead from its own visitor and address (the rate limits stay out of the way). */
const send = (code: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  n += 1;
  const body = {
    site_id: 1,
    code,
    visitor_id: `visitor-consent-${n}`,
    page_url: `https://bacsi-online.vn/heart/a-${n}/`,
    fields,
    ...extra,
  };
  return p.post('leads', body, {}, `10.31.${n >> 8}.${n & 255}`);
};
/** The revision site 1's served campaign `code` carries now. */
const servedRevision = async (code: string): Promise<number | undefined> => {
  const res = await t.call<never>('GET', '/api/public/sites/1/campaigns', { headers: { origin: ORIGIN } });
  return ((res.body as unknown as { campaigns: unknown }).campaigns as Array<{ code: string; revision?: number }>).find(
    (c) => c.code === code,
  )?.revision;
};
const leadsOf = async (id: number) =>
  Promise.all(
    (await t.database.db.selectFrom('leads').select('id').where('campaign_id', '=', id).orderBy('id').execute()).map(
      async (r) => {
        const l = await openedLead(t.database.db, Number(r.id));
        return { id: l.id, revision_id: l.revision_id, consent: l.consent, consent_hash: l.consent_hash };
      },
    ),
  );
const revisionsOf = (id: number) =>
  t.database.db.selectFrom('campaign_revisions').selectAll().where('campaign_id', '=', id).orderBy('id').execute();
const record = (leadId: number, token = leader) => t.call('GET', `/api/admin/leads/${leadId}/consent`, { token });

describe('campaign revisions', () => {
  it('keeps one per save (create, update, each variant), and the served campaign carries the newest', async () => {
    const c = await p.create({ forms: formsWith(terms('I agree to *the terms*')) });
    expect(await revisionsOf(c.id)).toHaveLength(1);
    const client = await clientOf(t, 1);
    const body = validCampaign(client, { forms: formsWith(terms('I accept *the terms* and *privacy*')) });
    expect((await t.call('PUT', `/api/admin/campaign/${c.id}`, { token: leader, body })).status).toBe(200);
    const revisions = await revisionsOf(c.id);
    expect(revisions).toHaveLength(2);
    expect((revisions[1]!.forms as FormBlock[])[1]!.data.valueHTML).toBe('I accept *the terms* and *privacy*');
    expect(revisions[1]!.created_by).not.toBeNull();
    expect(await servedRevision(c.code)).toBe(revisions[1]!.id);

    const variants = await t.call('POST', `/api/admin/campaign/${c.id}/variants`, {
      token: leader,
      body: { variant_names: ['A', 'B'] },
    });
    expect(variants.status).toBe(200);
    for (const v of variants.body._data.models as Array<{ id: number }>) {
      const kept = await revisionsOf(v.id);
      expect(kept).toHaveLength(1);
      expect(kept[0]!.forms).toEqual(revisions[1]!.forms);
    }
  });
});

describe('a lead keeps the consent record of the revision its visitor saw', () => {
  it('before and after a T&C change, each lead keeps its own text, links, hashes and tick', async () => {
    const before = 'I agree to *the terms* and *privacy*';
    const c = await p.create({ forms: formsWith(terms(before)) });
    const first = await servedRevision(c.code);
    expect(first).toBeDefined();
    expect((await send(c.code, { name: 'Lan', terms: '1' }, { revision_id: first })).status).toBe(200);

    const after = 'I accept the *new terms*';
    const client = await clientOf(t, 1);
    const update = await t.call('PUT', `/api/admin/campaign/${c.id}`, {
      token: leader,
      body: validCampaign(client, { forms: formsWith(terms(after)) }),
    });
    expect(update.status).toBe(200);
    const second = await servedRevision(c.code);
    expect(second).toBeGreaterThan(first!);
    expect((await send(c.code, { name: 'Minh', terms: '1' }, { revision_id: second })).status).toBe(200);
    // A page loaded before the change sends the old revision: its record is the old text.
    expect((await send(c.code, { name: 'Hoa', terms: '1' }, { revision_id: first })).status).toBe(200);

    const leads = await leadsOf(c.id);
    expect(leads.map((l) => l.revision_id)).toEqual([first, second, first]);
    const [one, two, three] = await Promise.all(leads.map((l) => record(Number(l.id))));
    for (const r of [one, two, three]) expect(r!.status).toBe(200);

    const oldText =
      'I agree to [the terms](https://bacsi-online.vn/terms) and [privacy](https://bacsi-online.vn/privacy)';
    expect(one!.body._data.model).toMatchObject({
      lead_id: Number(leads[0]!.id),
      campaign_id: c.id,
      revision_id: first,
      page_url: expect.stringMatching(/^https:\/\/bacsi-online\.vn\/heart\/a-\d+\/$/),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      hash: leads[0]!.consent_hash,
      terms: [
        {
          block_id: 'tc',
          key: 'terms',
          required: true,
          parts: [
            { text: 'I agree to ' },
            { text: 'the terms', url: 'https://bacsi-online.vn/terms' },
            { text: ' and ' },
            { text: 'privacy', url: 'https://bacsi-online.vn/privacy' },
          ],
          urls: ['https://bacsi-online.vn/terms', 'https://bacsi-online.vn/privacy'],
          text: oldText,
          hash: sha(oldText),
          ticked: true,
        },
      ],
    });
    const newText = 'I accept the [new terms](https://bacsi-online.vn/terms)';
    expect(two!.body._data.model.terms[0]).toMatchObject({ text: newText, hash: sha(newText), ticked: true });
    expect(three!.body._data.model.terms[0].text).toBe(oldText);
    // The record's hash is taken of its canonical JSON: it checks again from what is stored.
    for (const l of leads) expect(l.consent_hash).toBe(sha(canonicalJson(l.consent)));
    expect(new Set(leads.map((l) => l.consent_hash)).size).toBe(3);

    // Staff read the hash and the revision on the lead itself.
    const list = await t.call('GET', `/api/admin/campaign/${c.id}/leads`, { token: leader });
    expect(list.body._data.models.map((l: { consent: unknown }) => l.consent)).toEqual(
      [...leads].reverse().map((l) => ({ hash: l.consent_hash, revision_id: l.revision_id })),
    );
  });

  it('uses the current revision for a lead without one (an older embed), or with one that is not this campaign’s', async () => {
    const other = await p.create({ forms: formsWith(terms('Other *terms*')) });
    const c = await p.create({ forms: formsWith(terms('Ours *terms*', false)) });
    const current = await servedRevision(c.code);
    const foreign = await servedRevision(other.code);
    expect((await send(c.code, { name: 'Lan' })).status).toBe(200);
    expect((await send(c.code, { name: 'Lan', terms: '1' }, { revision_id: foreign })).status).toBe(200);
    expect((await send(c.code, { name: 'Lan' }, { revision_id: 2_000_000_000 })).status).toBe(200);
    const leads = await leadsOf(c.id);
    expect(leads.map((l) => l.revision_id)).toEqual([current, current, current]);
    expect(leads.map((l) => (l.consent as { terms: Array<{ ticked: boolean; text: string }> }).terms[0])).toEqual([
      expect.objectContaining({ ticked: false, text: 'Ours [terms](https://bacsi-online.vn/terms)' }),
      expect.objectContaining({ ticked: true }),
      expect.objectContaining({ ticked: false }),
    ]);
  });
});

describe('a required T&C block must be ticked, whatever the client sends', () => {
  it("refuses a lead without the tick with the pop-up's message in the site's language, and stores nothing", async () => {
    const c = await p.create({ forms: formsWith(terms('I agree to *the terms*')) });
    const revision = await servedRevision(c.code);
    for (const fields of [
      { name: 'Lan' },
      { name: 'Lan', terms: '0' },
      { name: 'Lan', terms: ['1'] },
      { name: 'Lan', terms: '' },
    ]) {
      const res = await send(c.code, fields, { revision_id: revision });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.errors?.terms).toEqual([
        expect.stringMatching(/^Vui lòng đồng ý với điều khoản\.$|không hợp lệ/),
      ]);
    }
    expect((await send(c.code, { name: 'Lan' }, { revision_id: revision })).body.errors).toEqual({
      terms: ['Vui lòng đồng ý với điều khoản.'],
    });
    expect(await leadsOf(c.id)).toEqual([]);
  });

  it('holds the revision the client names to its own required blocks, even when the current one asks less', async () => {
    const c = await p.create({ forms: formsWith(terms('I agree to *the terms*', true)) });
    const strict = await servedRevision(c.code);
    const client = await clientOf(t, 1);
    const body = validCampaign(client, { forms: formsWith(terms('I agree to *the terms*', false)) });
    expect((await t.call('PUT', `/api/admin/campaign/${c.id}`, { token: leader, body })).status).toBe(200);
    // The form drawn from the strict revision required the tick: without it, nothing is stored.
    const res = await send(c.code, { name: 'Lan' }, { revision_id: strict });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ terms: ['Vui lòng đồng ý với điều khoản.'] });
    expect(await leadsOf(c.id)).toEqual([]);
    expect((await send(c.code, { name: 'Lan' })).status).toBe(200);
  });
});

describe('GET /api/admin/leads/{id}/consent: only for the users who may see the campaign', () => {
  it('answers 404 to a user without the campaign’s site, for an unknown lead, and for a lead without a record; 401 without a token', async () => {
    const c = await p.create({ forms: formsWith(terms('I agree to *the terms*')) });
    expect((await send(c.code, { name: 'Lan', terms: '1' })).status).toBe(200);
    const [lead] = await leadsOf(c.id);
    const id = Number(lead!.id);
    expect((await record(id, await t.login('member@lead.test'))).status).toBe(200);
    const limited = await record(id, await t.login('limited@lead.test'));
    expect(limited.status).toBe(404);
    expect(limited.body._data).toBeNull();
    expect((await record(999_999_999)).status).toBe(404);
    expect((await t.call('GET', `/api/admin/leads/${id}/consent`)).status).toBe(401);
    expect((await t.call('GET', '/api/admin/leads/abc/consent', { token: leader })).status).toBe(422);

    const old = await t.database.db
      .insertInto('leads')
      .values({ campaign_id: c.id, name: 'Before', data: '{}', page_url: 'https://bacsi-online.vn/heart/' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const none = await record(Number(old.id));
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('This lead has no consent record.');
  });

  it('is gone with its campaign', async () => {
    const c = await p.create({ forms: formsWith(terms('I agree to *the terms*')) });
    expect((await send(c.code, { name: 'Lan', terms: '1' })).status).toBe(200);
    const [lead] = await leadsOf(c.id);
    expect((await t.call('DELETE', `/api/admin/campaign/${c.id}`, { token: leader })).status).toBe(200);
    expect((await record(Number(lead!.id))).status).toBe(404);
  });
});
