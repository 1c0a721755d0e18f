/**
 * Erased means unreadable (docs/privacy.md, docs/decisions/0006-erased-means-unreadable.md): a
 * server process stores two people's leads, erases one, and stops cleanly. On PGlite every file of
 * its data directory is then searched byte by byte for both people's values: the erased person's
 * are nowhere, and neither are the kept person's (sealed), whose lead the API still reads after a
 * restart. On PostgreSQL (npm run test:pg) the same search runs over the relation files (tables,
 * their TOAST and indexes) of every table a lead's data reaches, read with pg_read_binary_file as
 * the superuser after the erasure's CHECKPOINT.
 */
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FormBlock } from '@lead/contract';
import { validCampaign } from '@lead/contract/fixtures';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplate } from '../database.js';
import { openForm, postLead } from './person.js';
import { outputTail, startServer, WAIT_MS, type ServerProcess } from './server-process.js';

const serverUrl = process.env.DATABASE_URL;
let dataDir = '';
let env: Record<string, string> = {};
let databaseUrl = '';
let drop = async () => {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lead-erased-'));
  const copy = await copyTemplate('demo', dataDir);
  drop = copy.drop;
  databaseUrl = copy.databaseUrl;
  env = { DATA_DIR: dataDir, DEMO: '1', SCHEDULER: '0', DATABASE_URL: copy.databaseUrl };
});

afterAll(async () => {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

const forms: FormBlock[] = [
  { name: 'Text', id: 'a', data: { value: 'name', placeholder: 'Full name', required: true } },
  { name: 'Email', id: 'b', data: { value: 'email', placeholder: 'Email', required: true } },
  { name: 'Phone', id: 'p', data: { value: 'phone', placeholder: 'Phone number', required: true } },
  { name: 'Text', id: 'q', data: { value: 'question', placeholder: 'Your question', required: true } },
  { name: 'Submit', id: 's', data: { placeholder: 'Submit' } },
];

/** Two people whose every value is unique to this test (nothing else in the database holds them). */
const erased = {
  name: 'Quynh Xuyenerased',
  email: 'quynh.xuyenerased@example.vn',
  phone: '0912 873 461',
  e164: '+84912873461',
  question: 'Palpitations whenever I climb zyxwvut stairs',
};
const kept = {
  name: 'Khoa Wyeth-Kept',
  email: 'khoa.wyethkept@example.vn',
  phone: '0987 216 354',
  e164: '+84987216354',
  question: 'Dizzy after qwertzuiop medication',
};
type Who = typeof erased;

/** A person's values in the encodings a file could hold them in: UTF-8 (as typed, and JSON-escaped), UTF-16, base64, hex. */
function needles(who: Who): Array<{ what: string; bytes: Buffer }> {
  const values = {
    name: who.name,
    email: who.email,
    'phone as typed': who.phone,
    'phone in E.164': who.e164,
    'phone digits': who.e164.slice(1),
    answer: who.question,
  };
  return Object.entries(values).flatMap(([what, v]) => [
    { what: `${what} (UTF-8)`, bytes: Buffer.from(v, 'utf8') },
    { what: `${what} (UTF-8, lower case)`, bytes: Buffer.from(v.toLowerCase(), 'utf8') },
    { what: `${what} (UTF-16LE)`, bytes: Buffer.from(v, 'utf16le') },
    { what: `${what} (base64)`, bytes: Buffer.from(Buffer.from(v).toString('base64').slice(0, -4)) },
    { what: `${what} (hex)`, bytes: Buffer.from(Buffer.from(v).toString('hex')) },
  ]);
}

/** Which of `who`'s values each file holds: `file: what` for every one found. */
function findIn(files: Array<{ name: string; bytes: Buffer }>, who: Who): string[] {
  const found: string[] = [];
  for (const f of files)
    for (const n of needles(who)) if (f.bytes.includes(n.bytes)) found.push(`${f.name}: ${n.what}`);
  return found;
}

async function filesUnder(dir: string): Promise<Array<{ name: string; bytes: Buffer }>> {
  const out: Array<{ name: string; bytes: Buffer }> = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    out.push({ name: path.slice(dir.length + 1), bytes: await readFile(path) });
  }
  return out;
}

/** The tables a lead's data reaches, with their TOAST tables and every index of both. */
const TABLES = [
  'leads',
  'lead_keys',
  'spam_leads',
  'spam_lead_keys',
  'campaign_submitted_phones',
  'otp_codes',
  'otp_phone_days',
  'deliveries',
  'delivery_attempts',
];

/** On PostgreSQL: those relations' files, read by the server as the superuser after a CHECKPOINT. */
async function relationFiles(): Promise<Array<{ name: string; bytes: Buffer }>> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('CHECKPOINT');
    const { rows } = await c.query<{ relname: string; path: string }>(
      `WITH t AS (SELECT oid, reltoastrelid FROM pg_class WHERE relname = ANY($1::text[]) AND relkind = 'r'),
         rels AS (
           SELECT oid FROM t UNION SELECT reltoastrelid FROM t WHERE reltoastrelid <> 0
           UNION SELECT i.indexrelid FROM pg_index i WHERE i.indrelid IN (SELECT oid FROM t UNION SELECT reltoastrelid FROM t))
       SELECT c.relname, pg_relation_filepath(c.oid) AS path FROM pg_class c JOIN rels ON rels.oid = c.oid`,
      [TABLES],
    );
    const files: Array<{ name: string; bytes: Buffer }> = [];
    for (const r of rows) {
      // Every 1 GB segment and the free-space and visibility maps too.
      for (const suffix of ['', '_fsm', '_vm', '.1', '.2']) {
        const f = await c.query<{ bytes: Buffer | null }>(
          `SELECT pg_read_binary_file($1, 0, s.size, true) AS bytes FROM pg_stat_file($1, true) s WHERE s.size IS NOT NULL`,
          [r.path + suffix],
        );
        if (f.rows[0]?.bytes) files.push({ name: `${r.relname} (${r.path}${suffix})`, bytes: f.rows[0].bytes });
      }
    }
    expect(files.map((f) => f.name).join('\n')).toContain('leads_email_idx');
    return files;
  } finally {
    await c.end();
  }
}

async function signIn(base: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
  });
  const token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

describe(`an erased person's data is nowhere in the database's files (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it(
    "after an erasure and a clean stop, no file holds the erased person's values, nor the sealed ones of a kept lead, which the API still reads",
    { timeout: 6 * WAIT_MS },
    async () => {
      server = await startServer(env);
      try {
        const auth = await signIn(server.base);
        const clients = (await (
          await fetch(`${server.base}/api/admin/clients?site_ids=1&assigned=1`, { headers: auth })
        ).json()) as { _data: { models: Array<{ id: number }> } };
        const created = await fetch(`${server.base}/api/admin/campaign`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify(validCampaign(clients._data.models[0]!.id, { name: 'Erased unreadable', forms })),
        });
        expect(created.status).toBe(200);
        const { id, code } = ((await created.json()) as { _data: { model: { id: number; code: string } } })._data.model;
        for (const [i, who] of [erased, kept].entries()) {
          const visitor = `erased-unreadable-${i}`;
          const res = await postLead(server.base, {
            site_id: 1,
            code,
            visitor_id: visitor,
            page_url: 'https://bacsi-online.vn/heart/',
            fields: { name: who.name, email: who.email, phone: who.phone, question: who.question },
            ...(await openForm(server.base, code, visitor)),
          });
          expect(res.status, await res.text()).toBe(200);
        }
        const erasure = await fetch(`${server.base}/api/admin/leads/erasure`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ email: erased.email }),
        });
        expect(erasure.status).toBe(200);
        expect(((await erasure.json()) as { _data: { leads: number } })._data.leads).toBe(1);
        expect(await server.stop('SIGTERM')).toBe(0);

        const files = serverUrl ? await relationFiles() : await filesUnder(join(dataDir, 'pglite'));
        expect(files.length).toBeGreaterThan(serverUrl ? 10 : 100);
        // The search finds what is there: the campaign's own name, stored plain.
        expect(files.some((f) => f.bytes.includes(Buffer.from('Erased unreadable')))).toBe(!serverUrl);
        expect(findIn(files, erased)).toEqual([]);
        expect(findIn(files, kept)).toEqual([]);

        // The kept lead is still there for staff: started again, the campaign's detail reads it.
        server = await startServer(env);
        const again = await signIn(server.base);
        const detail = await (await fetch(`${server.base}/api/admin/campaign/${id}`, { headers: again })).text();
        expect(detail).toContain(kept.email);
        expect(detail).toContain(kept.name);
        expect(detail).not.toContain(erased.email);
        expect(await server.stop('SIGTERM')).toBe(0);
      } catch (error) {
        throw new Error(`${String(error)}\n--- server output ---\n${outputTail(server)}`, { cause: error });
      }
    },
  );
});
