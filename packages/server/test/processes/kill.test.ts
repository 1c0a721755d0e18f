/**
 * No acknowledged lead is lost: leads are sent under load, the server is killed with SIGKILL
 * midway, started again on the same database, and every lead that got a 200 is there.
 * Runs on PGlite (npm test) and on PostgreSQL (npm run test:pg).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validCampaign } from '@lead/contract/fixtures';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPGlite } from '../../src/db/connect.js';
import { copyTemplate } from '../database.js';
import { openForm, postLead } from './person.js';
import { startServer, WAIT_MS } from './server-process.js';
import { fieldsOf } from '../../src/lib/personal.js';
import { openedLeads } from '../personal.js';

const serverUrl = process.env.DATABASE_URL;
let dataDir = '';
let env: Record<string, string> = {};
let drop = async () => {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lead-kill-'));
  // The run's seeded demo data: the server finds it migrated and seeded, and starts at once.
  const copy = await copyTemplate('demo', dataDir);
  drop = copy.drop;
  env = { DATA_DIR: dataDir, DEMO: '1', SCHEDULER: '0', DATABASE_URL: copy.databaseUrl };
});

afterAll(async () => {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function storedEmails(campaignId: number): Promise<Set<string>> {
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    const { rows } = await c.query<{ sealed: string | null; key: string | null }>(
      'SELECT l.sealed, k.key FROM leads l LEFT JOIN lead_keys k ON k.lead_id = l.id WHERE l.campaign_id = $1',
      [campaignId],
    );
    await c.end();
    return new Set(rows.map((r) => fieldsOf(r).email!));
  }
  const db = await connectPGlite(dataDir);
  const rows = await openedLeads(db.db, campaignId);
  await db.close();
  return new Set(rows.map((r) => r.email!));
}

describe(`SIGKILL under load (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('loses no lead that was acknowledged', { timeout: 5 * WAIT_MS }, async () => {
    const first = await startServer(env);
    const login = await fetch(`${first.base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
    });
    const token = ((await login.json()) as { _data: { access_token: string } })._data.access_token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const clients = (await (
      await fetch(`${first.base}/api/admin/clients?site_ids=1&assigned=1`, { headers: auth })
    ).json()) as {
      _data: { models: Array<{ id: number }> };
    };
    const created = await fetch(`${first.base}/api/admin/campaign`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(validCampaign(clients._data.models[0]!.id, { name: 'Kill test' })),
    });
    const { id, code } = ((await created.json()) as { _data: { model: { id: number; code: string } } })._data.model;

    const acknowledged: string[] = [];
    let stop = false;
    const stream = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const email = `k${n}-${i}@example.vn`;
        try {
          const visitor = `kill-visitor-${n}-${Math.floor(i / 9)}`;
          const person = await openForm(first.base, code, visitor);
          const res = await postLead(first.base, {
            site_id: 1,
            code,
            visitor_id: visitor,
            page_url: 'https://bacsi-online.vn/heart/',
            fields: { name: 'K', email },
            ...person,
          });
          if (res.status === 200) acknowledged.push(email);
          else await res.text();
        } catch {
          // The server is gone: this one was never acknowledged.
        }
      }
    };
    // Each stream changes visitor every 9 leads (the per-visitor limit is 10 a minute); per IP: 30.
    const streams = Array.from({ length: 4 }, (_, n) => stream(n));
    await expect.poll(() => acknowledged.length, { timeout: WAIT_MS, interval: 20 }).toBeGreaterThanOrEqual(12);
    await first.stop('SIGKILL');
    stop = true;
    await Promise.all(streams);
    expect(first.child.signalCode).toBe('SIGKILL');

    // Started again on the same data: it comes up, and every acknowledged lead is there.
    const second = await startServer(env);
    expect(await second.stop('SIGTERM')).toBe(0);
    const stored = await storedEmails(id);
    const lost = acknowledged.filter((e) => !stored.has(e));
    expect({ acknowledged: acknowledged.length, lost }).toEqual({ acknowledged: acknowledged.length, lost: [] });
  });
});
