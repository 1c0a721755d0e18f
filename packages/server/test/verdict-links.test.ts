/**
 * The verdict link of each scheduled lead file's mail (docs/api/verdicts.md): the mail carries a
 * signed link; through it the client reads that file's leads, with no account, and gives verdicts
 * credited as through the API; a link altered, of another shape or past its window is refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeSecret } from '../src/repositories/runtime-secrets.js';
import { signVerdictLink } from '../src/lib/verdict-links.js';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
let token: string;
let client: number;
let createCampaign: TestSession['createCampaign'];
let clock = new Date('2026-11-23T10:00:00Z');
const at = (iso: string) => (clock = new Date(iso));
const DAY = 86_400_000;

beforeAll(async () => {
  ({ t, token, client, createCampaign } = await testSession({ as: 'leader@lead.test', app: { now: () => clock } }));
});
afterAll(() => t.close());

/**
 * A campaign with `n` leads and an hourly file of them sent at `sendAt` (the clock is left
 * there): the campaign, its lead ids, and the token of the mail's verdict link.
 */
async function sentFile(n: number, start: string) {
  at(start);
  const campaign = (await createCampaign()).id;
  await sql`DELETE FROM destinations WHERE client_id = ${client}`.execute(t.database.db);
  await sql`INSERT INTO destinations (client_id, name, kind, campaign_ids, format, schedule, hour, recipients,
      next_file_at, created_at, updated_at)
    VALUES (${client}, 'Hourly file', 'email', ${`{${campaign}}`}::int[], 'csv', 'hourly', NULL,
      '{buyer@client.test}', ${new Date(clock.getTime() + 3_600_000)}, ${clock}, ${clock})`.execute(t.database.db);
  const rows = Array.from({ length: n }, (_, i) => ({
    campaign_id: campaign,
    name: `Reader ${campaign}-${i}`,
    email: `reader${campaign}.${i}@mail.test`,
    phone: `+84 912 345 ${100 + i}`,
    data: JSON.stringify({ name: `Reader ${campaign}-${i}` }),
    page_url: 'https://bacsi-online.vn/a/',
    created_at: new Date(clock.getTime() + 60_000 * (i + 1)),
  }));
  const leads = await t.database.db.insertInto('leads').values(rows).returning('id').execute();
  const before = (await t.outbox()).length;
  at(new Date(clock.getTime() + 3_600_000 + 30_000).toISOString());
  expect(await t.app.emailFiles.runDue()).toMatchObject({ planned: 1, sent: 1 });
  const mails = await t.outbox();
  expect(mails).toHaveLength(before + 1);
  const text = mails.at(-1)!.replace(/=\r?\n/g, '');
  const m = /\/admin\/#\/verdicts\/(v1\.[0-9.]+[A-Za-z0-9_-]{43})/.exec(text);
  expect(m, text).not.toBeNull();
  return { campaign, leadIds: leads.map((l) => Number(l.id)), link: m![1]! };
}

const totals = (id: number) =>
  t.database.db
    .selectFrom('campaigns')
    .select(['total_accepted', 'total_rejected', 'total_credited'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the verdict link of a lead file’s mail', () => {
  it('is in the mail and shows that file’s leads, and only those, without an account', async () => {
    const older = await sentFile(1, '2026-11-23T10:00:00Z');
    const f = await sentFile(2, '2026-11-23T12:00:00Z');
    expect(f.link).not.toBe(older.link);
    const res = await t.call('GET', `/api/client/v1/lead-files/${f.link}`);
    expect(res.status, res.raw).toBe(200);
    const data = res.body._data;
    expect(data.window_days).toBe(7);
    expect(data.leads.map((l: { id: number }) => l.id)).toEqual(f.leadIds);
    expect(data.leads[0]).toMatchObject({
      name: `Reader ${f.campaign}-0`,
      email: `reader${f.campaign}.0@mail.test`,
      verdict: null,
      credited: false,
    });
    // The file was made at 13:00:30Z; the link works for the client's 7 days from then.
    expect(data.expires_at).toBe('2026-11-30 20:00:30');
  });

  it('takes verdicts credited as the API’s, on that file’s leads only, and history says how they came', async () => {
    const other = await sentFile(1, '2026-11-24T10:00:00Z');
    const f = await sentFile(2, '2026-11-24T12:00:00Z');
    const res = await t.call('POST', `/api/client/v1/lead-files/${f.link}/verdicts`, {
      body: {
        verdicts: [
          { lead_id: f.leadIds[0], verdict: 'rejected', reason: 'fake' },
          { lead_id: f.leadIds[1], verdict: 'accepted' },
          { lead_id: other.leadIds[0], verdict: 'rejected', reason: 'fake' },
        ],
      },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body._data.results).toEqual([
      { lead_id: f.leadIds[0], result: 'recorded', credited: true },
      { lead_id: f.leadIds[1], result: 'recorded', credited: false },
      { lead_id: other.leadIds[0], result: 'not_found', credited: false },
    ]);
    expect(await totals(f.campaign)).toEqual({ total_accepted: 1, total_rejected: 1, total_credited: 1 });
    expect(await totals(other.campaign)).toEqual({ total_accepted: 0, total_rejected: 0, total_credited: 0 });
    const figures = await t.call('GET', `/api/admin/campaign/${f.campaign}/figures`, { token });
    expect(figures.body._data.models).toMatchObject([{ accepted: 1, rejected: 1, credited: 1 }]);
    const history = await t.database.db.selectFrom('history').select('text').orderBy('id', 'desc').limit(1).execute();
    expect(history[0]!.text).toContain('gave verdicts through a lead file’s link on leads of campaign');
    const read = await t.call('GET', `/api/client/v1/lead-files/${f.link}`);
    expect(read.body._data.leads[0]).toMatchObject({ verdict: 'rejected', reason: 'fake', credited: true });

    const noReason = await t.call('POST', `/api/client/v1/lead-files/${f.link}/verdicts`, {
      body: { verdicts: [{ lead_id: f.leadIds[1], verdict: 'rejected' }] },
    });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.errors ?? {})).toEqual(['verdicts.0.reason']);
  });

  it('refuses a link altered (401), of another shape (422) or past the client’s window (410)', async () => {
    const f = await sentFile(1, '2026-11-25T10:00:00Z');
    const body = { verdicts: [{ lead_id: f.leadIds[0], verdict: 'rejected', reason: 'fake' }] };
    const [, file, clientId, expiry, signature] = f.link.split('.');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `v1.${file}.${clientId}.${expiry}.${flipped}`,
      `v1.${file}.${clientId}.${Number(expiry) + DAY / 1000}.${signature}`,
      `v1.${Number(file) + 1}.${clientId}.${expiry}.${signature}`,
    ]) {
      expect((await t.call('GET', `/api/client/v1/lead-files/${forged}`)).status).toBe(401);
      expect((await t.call('POST', `/api/client/v1/lead-files/${forged}/verdicts`, { body })).status).toBe(401);
    }
    expect((await t.call('GET', `/api/client/v1/lead-files/v1.${file}.${clientId}`)).status).toBe(422);
    // Signed by this server, but for another client than the file's: no file of that client.
    const secret = await runtimeSecret(t.database.db, 'server');
    const elsewhere = signVerdictLink(secret, {
      fileId: Number(file),
      clientId: client + 1000,
      expiresAt: new Date(Number(expiry) * 1000),
    });
    expect((await t.call('GET', `/api/client/v1/lead-files/${elsewhere}`)).status).toBe(410);

    at(new Date(Number(expiry) * 1000 + 1000).toISOString());
    const late = await t.call('POST', `/api/client/v1/lead-files/${f.link}/verdicts`, { body });
    expect(late.status).toBe(410);
    expect(late.body.message).toContain('expired');
    expect((await t.call('GET', `/api/client/v1/lead-files/${f.link}`)).status).toBe(410);
    expect(await totals(f.campaign)).toEqual({ total_accepted: 0, total_rejected: 0, total_credited: 0 });
  });
});
