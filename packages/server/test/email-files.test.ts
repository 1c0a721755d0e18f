import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CsvParser, unneutralise } from '../src/lib/csv.js';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';
import { openedLeads } from './personal.js';

/**
 * Scheduled lead files by e-mail (#30) against a real SMTP server: the attachment is opened by
 * LibreOffice (XLSX) or read as CSV and compared with the admin's export of the same leads, which
 * lead-export.test.ts compares with the database cell by cell.
 */
const run = promisify(execFile);
let t: TestApp;
let token: string;
let client: number;
let createCampaign: TestSession['createCampaign'];
let smtp: SMTPServer;
let dir: string;
let clock = new Date('2026-11-23T18:30:00Z');
let refuse: string | null = null;
const received: Array<{ to: string[]; data: string }> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lead-files-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        if (refuse) return done(Object.assign(new Error(refuse), { responseCode: 452 }));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ({ t, token, client, createCampaign } = await testSession({
    as: 'leader@lead.test',
    app: { now: () => clock, config: { smtpUrl: `smtp://127.0.0.1:${port}` } },
  }));
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

// Each test's destination goes with it.
afterEach(async () => {
  refuse = null;
  await sql`DELETE FROM destinations WHERE client_id = ${client}`.execute(t.database.db);
});

const at = (iso: string) => (clock = new Date(iso));

async function addDestination(over: {
  format: 'csv' | 'xlsx';
  schedule: 'hourly' | 'daily';
  hour: number | null;
  campaign_ids?: number[] | null;
}) {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO destinations (client_id, name, kind, campaign_ids, format, schedule, hour, recipients, created_at, updated_at)
    VALUES (${client}, 'Daily file', 'email', ${over.campaign_ids ? `{${over.campaign_ids.join(',')}}` : null}::int[], ${over.format}, ${over.schedule},
      ${over.hour}, '{buyer@client.test,boss@client.test}', ${clock}, ${clock})
    RETURNING id`.execute(t.database.db);
  return rows[0]!.id;
}

async function addLeads(campaignId: number, n: number, when: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    campaign_id: campaignId,
    name: i === 0 ? '=HYPERLINK("x")' : `Reader ${campaignId}-${i}`,
    email: `reader${campaignId}.${i}@mail.test`,
    phone: `+84 912 345 ${String(100 + i)}`,
    phone_e164: `+84912345${String(100 + i)}`,
    data: JSON.stringify({
      name: i === 0 ? `=HYPERLINK("x")` : `Nguyễn Thị ${i}`,
      email: `reader${campaignId}.${i}@mail.test`,
      phone: `+84 912 345 ${String(100 + i)}`,
    }),
    page_url: `https://bacsi-online.vn/article-${i}?a=1,b=2`,
    created_at: new Date(when),
  }));
  await t.database.db.insertInto('leads').values(rows).execute();
}

const nextFileAt = async (id: number) =>
  (
    await sql<{ at: Date | null }>`SELECT next_file_at AS at FROM destinations WHERE id = ${id}`.execute(t.database.db)
  ).rows[0]!.at?.toISOString();

/** The one attachment of a raw mail: its file name and bytes (nodemailer writes base64). */
function attachment(raw: string): { filename: string; bytes: Buffer } {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Disposition: attachment/.test(p));
  const m =
    part &&
    /Content-Disposition: attachment;\s*filename=("?)([^\r\n"]+)\1\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)$/.exec(
      part.trimEnd(),
    );
  if (!m || !/Content-Transfer-Encoding: base64/.test(part)) throw new Error('no base64 attachment in the mail');
  return { filename: m[2]!, bytes: Buffer.from(m[3]!.replace(/\s/g, ''), 'base64') };
}

const csvRows = (text: string) => {
  const p = new CsvParser();
  return [...p.push(text), ...p.end()].map((r) => r.fields);
};

/** The admin's CSV export of `ids` (several campaigns: with the Campaign column), as plain cells. */
async function adminExport(ids: number[]) {
  const res = await t.call('GET', `/api/admin/campaign/leads/export?ids=${ids.join(',')}`, { token });
  expect(res.status).toBe(200);
  return csvRows(res.raw).map((r) => r.map(unneutralise));
}

describe('scheduled lead files by e-mail', () => {
  it('sends a daily XLSX at 08:00 of the client’s zone (01:00Z) with the new leads, as LibreOffice reads them; nothing twice, nothing without new leads', async () => {
    const zone = await sql<{ country_id: string; time_zone: string | null }>`
      SELECT s.country_id, s.time_zone FROM client_sites cs JOIN sites s ON s.id = cs.site_id WHERE cs.client_id = ${client} ORDER BY s.id LIMIT 1`.execute(
      t.database.db,
    );
    expect(zone.rows[0]).toEqual({ country_id: 'VN', time_zone: null });
    at('2026-11-23T18:30:00Z');
    const a = (await createCampaign()).id;
    const b = (await createCampaign()).id;
    const dest = await addDestination({ format: 'xlsx', schedule: 'daily', hour: 8, campaign_ids: [a, b] });

    // Planned at the first tick: 08:00 in Asia/Ho_Chi_Minh is 01:00Z.
    expect(await t.app.emailFiles.runDue()).toEqual({ planned: 0, sent: 0, notSent: 0 });
    expect(await nextFileAt(dest)).toBe('2026-11-24T01:00:00.000Z');

    await addLeads(a, 3, '2026-11-23T19:00:00Z');
    await addLeads(b, 2, '2026-11-23T20:00:00Z');
    at('2026-11-24T00:59:59Z');
    expect(await t.app.emailFiles.runDue()).toEqual({ planned: 0, sent: 0, notSent: 0 });
    expect(received).toHaveLength(0);

    at('2026-11-24T01:00:30Z');
    expect(await t.app.emailFiles.runDue()).toEqual({ planned: 1, sent: 1, notSent: 0 });
    expect(await t.app.emailFiles.runDue()).toEqual({ planned: 0, sent: 0, notSent: 0 });
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(['buyer@client.test', 'boss@client.test']);
    expect(mail.data).toMatch(/Subject: Leads for .+: 5 new leads/);
    const file = attachment(mail.data);
    expect(file.filename).toBe('leads-2026-11-24-0800.xlsx');

    await writeFile(join(dir, file.filename), file.bytes);
    await run(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${dir}/profile`,
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false',
        '--outdir',
        dir,
        join(dir, file.filename),
      ],
      {
        timeout: 120_000,
      },
    );
    const opened = csvRows((await readFile(join(dir, 'leads-2026-11-24-0800.csv'), 'utf8')).replace(/^\uFEFF/, ''));
    const expected = await adminExport([a, b]);
    expect(expected).toHaveLength(6);
    expect(opened).toEqual(expected);
    // And straight from the database: every lead once, oldest first.
    const db = {
      rows: [...(await openedLeads(t.database.db, a)), ...(await openedLeads(t.database.db, b))].sort(
        (x, y) => x.id - y.id,
      ),
    };
    const emailCol = opened[0]!.indexOf('Email');
    expect(opened.slice(1).map((r) => r[emailCol])).toEqual(db.rows.map((r) => r.email));

    // Each lead is now delivered to the destination; the send is in its attempts (no lead of its own).
    const delivered = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM deliveries WHERE destination_id = ${dest} AND state = 'delivered'`.execute(
      t.database.db,
    );
    expect(delivered.rows[0]!.n).toBe(5);
    const attempts = await sql<{
      lead_id: number | null;
      error: string | null;
    }>`SELECT lead_id, error FROM delivery_attempts WHERE destination_id = ${dest}`.execute(t.database.db);
    expect(attempts.rows).toEqual([{ lead_id: null, error: null }]);

    // The next day without new leads: no mail, the day after planned.
    at('2026-11-25T01:00:30Z');
    expect(await t.app.emailFiles.runDue()).toEqual({ planned: 0, sent: 0, notSent: 0 });
    expect(received).toHaveLength(1);
    expect(await nextFileAt(dest)).toBe('2026-11-26T01:00:00.000Z');

    // A new hour is planned from at the next tick (the migration's trigger).
    await sql`UPDATE destinations SET hour = 9 WHERE id = ${dest}`.execute(t.database.db);
    expect(await nextFileAt(dest)).toBeUndefined();
    await t.app.emailFiles.runDue();
    // 09:00 in Asia/Ho_Chi_Minh today is still to come.
    expect(await nextFileAt(dest)).toBe('2026-11-25T02:00:00.000Z');
  });

  it('sends an hourly CSV of only the leads since the last file, leaves a lead too young for the next, and retries a refused mail', async () => {
    received.length = 0;
    at('2026-11-26T03:10:00Z');
    const a = (await createCampaign()).id;
    // A second campaign without leads: the admin's export of both has the Campaign column the file has.
    const empty = (await createCampaign()).id;
    const dest = await addDestination({ format: 'csv', schedule: 'hourly', hour: null, campaign_ids: null });
    await t.app.emailFiles.runDue();
    expect(await nextFileAt(dest)).toBe('2026-11-26T04:00:00.000Z');

    await addLeads(a, 2, '2026-11-26T03:20:00Z');
    // Committed just now (within the settling time): left for the next file.
    await addLeads(a, 1, '2026-11-26T03:59:58Z');
    at('2026-11-26T04:00:00Z');
    expect(await t.app.emailFiles.runDue()).toEqual({ planned: 1, sent: 1, notSent: 0 });
    const first = attachment(received[0]!.data);
    expect(first.filename).toBe('leads-2026-11-26-1100.csv');
    const text = first.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = csvRows(text);
    const all = await adminExport([a, empty]);
    // The file's header is the admin export's; its rows, the first two leads, formula cells neutralised.
    expect(rows[0]).toEqual(all[0]);
    expect(rows.slice(1).map((r) => r.map(unneutralise))).toEqual(all.slice(1, 3));
    expect(rows[1]![1]).toBe(`'=HYPERLINK("x")`);

    // The mail server refuses the next file: tried again after about a minute, then sent.
    refuse = 'Mailbox full';
    at('2026-11-26T05:00:00Z');
    expect(await t.app.emailFiles.runDue()).toEqual({ planned: 1, sent: 0, notSent: 1 });
    const pending = await sql<{ state: string; next: Date; attempts: number }>`
      SELECT state, next_attempt_at AS next, attempts FROM email_files WHERE destination_id = ${dest} ORDER BY id DESC LIMIT 1`.execute(
      t.database.db,
    );
    expect(pending.rows[0]).toMatchObject({ state: 'pending', attempts: 1 });
    const wait = pending.rows[0]!.next.getTime() - clock.getTime();
    expect(wait).toBeGreaterThanOrEqual(54_000);
    expect(wait).toBeLessThanOrEqual(66_000);
    const failure = await sql<{ error: string; next: Date | null }>`
      SELECT error, next_attempt_at AS next FROM delivery_attempts WHERE destination_id = ${dest} ORDER BY id DESC LIMIT 1`.execute(
      t.database.db,
    );
    expect(failure.rows[0]!.error).toMatch(/Mailbox full/);
    expect(failure.rows[0]!.next?.getTime()).toBe(pending.rows[0]!.next.getTime());
    expect(await t.app.emailFiles.runDue()).toEqual({ planned: 0, sent: 0, notSent: 0 });

    refuse = null;
    at(new Date(pending.rows[0]!.next.getTime() + 1000).toISOString());
    expect(await t.app.emailFiles.runDue()).toEqual({ planned: 0, sent: 1, notSent: 0 });
    const second = csvRows(attachment(received.at(-1)!.data).bytes.toString('utf8'));
    expect(second.slice(1).map((r) => r.map(unneutralise))).toEqual(all.slice(3));
    const last = await sql<{
      last_success_at: Date;
      last_failure_at: Date;
    }>`SELECT last_success_at, last_failure_at FROM destinations WHERE id = ${dest}`.execute(t.database.db);
    expect(last.rows[0]!.last_failure_at.toISOString()).toBe('2026-11-26T05:00:00.000Z');
    expect(last.rows[0]!.last_success_at.getTime()).toBe(clock.getTime());
  });

  it('gives a file up after three days of refusals, and marks its leads failed', async () => {
    received.length = 0;
    at('2026-11-27T00:10:00Z');
    const a = (await createCampaign()).id;
    const dest = await addDestination({ format: 'csv', schedule: 'hourly', hour: null, campaign_ids: [a] });
    await t.app.emailFiles.runDue();
    await addLeads(a, 1, '2026-11-27T00:20:00Z');
    refuse = 'Relay denied';
    at('2026-11-27T01:00:00Z');
    let tries = 0;
    for (;;) {
      const r = await t.app.emailFiles.runDue();
      tries += r.notSent;
      const file = await sql<{
        state: string;
        next: Date;
      }>`SELECT state, next_attempt_at AS next FROM email_files WHERE destination_id = ${dest}`.execute(t.database.db);
      if (file.rows[0]!.state !== 'pending') break;
      at(new Date(file.rows[0]!.next.getTime() + 1).toISOString());
    }
    refuse = null;
    expect(tries).toBeGreaterThan(6);
    expect(clock.getTime() - new Date('2026-11-27T01:00:00Z').getTime()).toBeGreaterThan(2.5 * 86_400_000);
    const d = await sql<{ state: string }>`SELECT state FROM deliveries WHERE destination_id = ${dest}`.execute(
      t.database.db,
    );
    expect(d.rows).toEqual([{ state: 'failed' }]);
    expect(received).toHaveLength(0);
  });

  it('sends each file once when several runs go at the same time (row locks, SKIP LOCKED, the lease)', async () => {
    received.length = 0;
    at('2026-11-28T00:10:00Z');
    const a = (await createCampaign()).id;
    await addDestination({ format: 'csv', schedule: 'hourly', hour: null, campaign_ids: [a] });
    await addDestination({ format: 'xlsx', schedule: 'hourly', hour: null, campaign_ids: [a] });
    await t.app.emailFiles.runDue();
    await addLeads(a, 3, '2026-11-28T00:20:00Z');
    at('2026-11-28T01:00:00Z');
    const runs = await Promise.all([t.app.emailFiles.runDue(), t.app.emailFiles.runDue(), t.app.emailFiles.runDue()]);
    expect(runs.reduce((n, r) => n + r.planned, 0)).toBe(2);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(2);
    expect(received).toHaveLength(2);
    expect(received.map((m) => attachment(m.data).filename).sort()).toEqual([
      'leads-2026-11-28-0800.csv',
      'leads-2026-11-28-0800.xlsx',
    ]);
  });
});
