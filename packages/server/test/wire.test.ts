import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';
import { PNG, multipart, startTestApp, type TestApp } from './helpers.js';

/**
 * The answer check (plugins/answer-check.ts) on a route of every group registered from the
 * contract: an answer carrying a key its schema lacks, or lacking one it declares, fails (500).
 * The success answers are changed before the check (`app.answerCheck.alter`).
 */
type Answer = Record<string, unknown>;
const changes = {
  extra: (a: Answer): Answer => ({ ...a, surplus: true }),
  missing: ({ _messages: _, ...rest }: Answer): Answer => rest,
};
function alter(t: TestApp, change: ((a: Answer) => Answer) | null) {
  t.app.answerCheck!.alter = change && ((a) => ((a as Answer | null)?._status === 1 ? change(a as Answer) : a));
}

let t: TestApp;
let admin: string;
let campaignId: number;
let clientId: number;
let leadId: number;
let leadCampaignId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('system@lead.test');
  campaignId = (await t.call('GET', '/api/admin/campaign', { token: admin })).body._data.models[0].id;
  clientId = (await t.call('GET', '/api/admin/clients', { token: admin })).body._data.models[0].id;
  // A seeded lead with its consent record, of a campaign with leads (the lead table's rows are checked too).
  const lead = await t.database.db
    .selectFrom('leads')
    .select(['id', 'campaign_id'])
    .where('consent_hash', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  leadId = lead.id;
  leadCampaignId = lead.campaign_id;
});
afterAll(() => t.close());

type Call = () => ReturnType<TestApp['call']>;
const get =
  (url: string): Call =>
  () =>
    t.call('GET', url, { token: admin });
const groups: Array<[string, Call]> = [
  ['config', get('/api/admin/config')],
  ['auth', () => t.call('POST', '/api/admin/login', { body: { email: 'member@lead.test', password: DEMO_PASSWORD } })],
  ['account', get('/api/admin/account')],
  ['users', get('/api/admin/users')],
  ['roles', get('/api/admin/roles')],
  ['clients', get('/api/admin/clients')],
  ['sites', get('/api/admin/sites')],
  ['history', get('/api/admin/history')],
  [
    'uploads',
    () => {
      const { body, headers } = multipart({ kind: 'avatar' }, { name: 'a.png', data: PNG });
      return t.call('POST', '/api/admin/uploads', { token: admin, body, headers });
    },
  ],
  ['campaign actions', () => t.call('POST', `/api/admin/campaign/${campaignId}/preview`, { token: admin })],
  ['campaign targets', () => get(`/api/admin/campaign/${campaignId}/targets`)()],
  ['campaign leads', () => get(`/api/admin/campaign/${leadCampaignId}/leads?limit=5`)()],
  ['campaign figures', () => get(`/api/admin/campaign/${leadCampaignId}/figures?from=2000-01-01&to=2100-01-01`)()],
  ['consent', () => get(`/api/admin/leads/${leadId}/consent`)()],
  [
    'erasure',
    () =>
      t.call('POST', '/api/admin/leads/erasure', { token: admin, body: { email: 'nobody@wire.test', dry_run: true } }),
  ],
  ['deliveries', () => get(`/api/admin/clients/${clientId}/destinations`)()],
];

describe('every answer matches its contract schema exactly', () => {
  it.each(groups)('%s: answers as declared', async (_group, call) => {
    alter(t, null);
    const res = await call();
    expect(res.status, res.raw).toBe(200);
  });

  it.each(groups)('%s: fails an answer carrying an undeclared key, or lacking a declared one', async (_group, call) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const mode of ['extra', 'missing'] as const) {
        alter(t, changes[mode]);
        const res = await call();
        expect(res.status, mode).toBe(500);
        expect(res.body).toMatchObject({ _status: -1, message: 'Something wrong!' });
      }
    } finally {
      alter(t, null);
      errors.mockRestore();
    }
  });

  it('checks the refusals too: an error answer is the ErrorEnvelope', async () => {
    const res = await t.call('GET', '/api/admin/campaign/2147483647/targets', { token: admin });
    expect(res.status).toBe(404);
    expect(Object.keys(res.body).sort()).toEqual(['_data', '_messages', '_status', 'message']);
  });

  it("checks a file route's refusals (the lead export: its answer is a file, its refusals the ErrorEnvelope)", async () => {
    const unknown = () => t.call('GET', '/api/admin/campaign/leads/export?ids=2147483647', { token: admin });
    expect((await unknown()).status).toBe(404);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      t.app.answerCheck!.alter = (a) => ({ ...(a as Answer), surplus: true });
      const res = await unknown();
      expect(res.status).toBe(500);
      expect(errors).toHaveBeenCalledWith(
        expect.stringContaining('GET /api/admin/campaign/leads/export (404) does not match its schema'),
      );
    } finally {
      alter(t, null);
      errors.mockRestore();
    }
    // The file itself is not JSON and is sent as it is.
    const file = await t.call('GET', `/api/admin/campaign/leads/export?ids=${leadCampaignId}`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
  });

  it('reads the public campaigns (sent as ready JSON) back against their schema', async () => {
    const origin = 'https://bacsi-online.vn';
    expect((await t.call('GET', '/api/public/sites/1/campaigns', { headers: { origin } })).status).toBe(200);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const change of [(c: Answer) => (c.surplus = 1), (c: Answer) => delete c.inlinePosition]) {
        t.app.answerCheck!.alter = (a) => {
          const campaigns = (a as { campaigns?: Answer[] }).campaigns;
          if (campaigns?.[0]) change(campaigns[0]);
          return a;
        };
        const res = await t.call('GET', '/api/public/sites/1/campaigns', { headers: { origin } });
        expect(res.status).toBe(500);
      }
    } finally {
      alter(t, null);
      errors.mockRestore();
    }
  });
});
