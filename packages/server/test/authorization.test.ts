import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCampaign } from '@lead/contract/fixtures';
import { startTestApp, type TestApp } from './helpers.js';

/**
 * Authorisation by site: a non-system admin sees and changes only users and
 * clients all of whose sites are theirs, grants only what they hold, never
 * the system role, and reads only their sites' history. The demo has such an
 * admin: limited@lead.test, a campaign leader on sites 5, 7 and 12.
 */
let t: TestApp;
let system: string;
let limited: string;
let leader: string;
let roles: Record<string, number>;
let clientOn5: number;
let clientOn5And6: number;
let userOn6: number;
let userOn5: number;
const LIMITED_SITES = [5, 7, 12];

const userBody = (over: Record<string, unknown>) => ({
  first_name: 'Site',
  last_name: 'User',
  status: 1,
  role_ids: [roles['campaign-member']],
  site_ids: [5],
  client_ids: [clientOn5],
  ...over,
});
const clientBody = (siteIds: number[]) => ({
  name: `Client on ${siteIds.join('+')}`,
  manager_id: 1,
  site_ids: siteIds,
});

beforeAll(async () => {
  t = await startTestApp();
  [system, limited, leader] = (await Promise.all(
    ['system@lead.test', 'limited@lead.test', 'leader@lead.test'].map((e) => t.login(e)),
  )) as [string, string, string];
  roles = Object.fromEntries(
    (await t.call('GET', '/api/admin/roles', { token: system })).body._data.models.map(
      (r: { name: string; id: number }) => [r.name, r.id],
    ),
  );
  clientOn5 = (await t.call('POST', '/api/admin/clients', { token: system, body: clientBody([5]) })).body._data.model
    .id;
  clientOn5And6 = (await t.call('POST', '/api/admin/clients', { token: system, body: clientBody([5, 6]) })).body._data
    .model.id;
  const c6 = (await t.call('POST', '/api/admin/clients', { token: system, body: clientBody([6]) })).body._data.model.id;
  userOn6 = (
    await t.call('POST', '/api/admin/users', {
      token: system,
      body: userBody({ email: 'six@lead.test', site_ids: [6], client_ids: [c6] }),
    })
  ).body._data.model.id;
  userOn5 = (await t.call('POST', '/api/admin/users', { token: system, body: userBody({ email: 'five@lead.test' }) }))
    .body._data.model.id;
});
afterAll(() => t.close());

describe('users, for an admin limited to sites 5, 7 and 12', () => {
  it('lists only users all of whose sites are theirs', async () => {
    const res = await t.call('GET', '/api/admin/users', { token: limited });
    expect(res.status).toBe(200);
    const models = res.body._data.models as Array<{ email: string; sites: Array<{ id: number }> }>;
    const emails = models.map((u) => u.email);
    expect(emails).toContain('five@lead.test');
    expect(emails).not.toContain('six@lead.test');
    expect(emails).not.toContain('system@lead.test');
    for (const u of models) for (const s of u.sites) expect(LIMITED_SITES).toContain(s.id);
    // The system user sees them all.
    const all = (await t.call('GET', '/api/admin/users', { token: system })).body._data.models.map(
      (u: { email: string }) => u.email,
    );
    expect(all).toEqual(expect.arrayContaining(['six@lead.test', 'five@lead.test', 'limited@lead.test']));
  });

  it('cannot move a site-6 user onto site 5, deactivate or delete them (403), and nothing changes', async () => {
    const before = await t.call('GET', `/api/admin/users`, { token: system });
    const move = await t.call('PUT', `/api/admin/users/${userOn6}`, {
      token: limited,
      body: userBody({ email: 'six@lead.test', status: 0 }),
    });
    expect(move.status).toBe(403);
    expect(move.body.message).toBe('You are not assigned to this site.');
    expect((await t.call('DELETE', `/api/admin/users/${userOn6}`, { token: limited })).status).toBe(403);
    const after = await t.call('GET', `/api/admin/users`, { token: system });
    const six = (r: typeof before) => r.body._data.models.find((u: { email: string }) => u.email === 'six@lead.test');
    expect(six(after)).toEqual(six(before));
  });

  it('cannot grant a site, a client or the system role they do not hold (403), and creates nobody', async () => {
    const users = await t.count('users');
    const site = await t.call('POST', '/api/admin/users', {
      token: limited,
      body: userBody({ email: 'a@lead.test', site_ids: [5, 6] }),
    });
    expect(site.status).toBe(403);
    const client = await t.call('POST', '/api/admin/users', {
      token: limited,
      body: userBody({ email: 'b@lead.test', client_ids: [clientOn5And6] }),
    });
    expect(client.status).toBe(403);
    const role = await t.call('POST', '/api/admin/users', {
      token: limited,
      body: userBody({ email: 'c@lead.test', role_ids: [roles.system] }),
    });
    expect(role.status).toBe(403);
    expect(role.body.message).toBe('Only a system user may grant the system role.');
    const promote = await t.call('PUT', `/api/admin/users/${userOn5}`, {
      token: limited,
      body: userBody({ email: 'five@lead.test', role_ids: [roles.system] }),
    });
    expect(promote.status).toBe(403);
    expect(await t.count('users')).toBe(users);
    // Within their sites and clients, it works.
    const ok = await t.call('POST', '/api/admin/users', { token: limited, body: userBody({ email: 'd@lead.test' }) });
    expect(ok.status).toBe(200);
  });

  it('is answered the same for an address with an account, wherever it is, as for a new one: nothing of the account is told (issue #44)', async () => {
    const answer = async (email: string) => {
      const res = await t.call('POST', '/api/admin/users', { token: limited, body: userBody({ email }) });
      return { status: res.status, body: JSON.parse(res.raw.replaceAll(email.toLowerCase(), 'EMAIL')) };
    };
    const users = await t.count('users');
    const fresh = await answer('brand.new@lead.test');
    expect(fresh).toEqual({
      status: 200,
      body: { _status: 1, _data: { model: null }, _messages: ['An invitation was sent to EMAIL.'] },
    });
    expect(await t.count('users')).toBe(users + 1);
    const mails = (await t.outbox()).length;
    // An account on a site they do not hold, one on theirs, a system user: the same answer, nothing created.
    for (const email of ['six@lead.test', 'five@lead.test', 'system@lead.test', 'SIX@Lead.Test'])
      expect(await answer(email), email).toEqual(fresh);
    expect(await t.count('users')).toBe(users + 1);
    // Each address's owner hears of it instead; the limited admin's history says nothing of it, the system user's does.
    const sent = (await t.outbox()).slice(mails);
    expect(sent).toHaveLength(4);
    for (const mail of sent) expect(mail).toContain('already has one');
    const seen = async (token: string) =>
      (await t.call('GET', '/api/admin/history', { token })).body._data.history
        .map((h: { text: string }) => h.text)
        .join('\n') as string;
    expect(await seen(limited)).not.toContain('six@lead.test');
    expect(await seen(system)).toContain('tried to add a user with six@lead.test, which already has an account');
    // The system user sees every account: told plainly.
    const plain = await t.call('POST', '/api/admin/users', {
      token: system,
      body: userBody({ email: 'six@lead.test' }),
    });
    expect(plain.status).toBe(409);
  });

  it('an admin on every site still cannot change or delete a system user', async () => {
    const sys = (await t.call('GET', '/api/admin/users', { token: leader })).body._data.models.find(
      (u: { email: string }) => u.email === 'system@lead.test',
    );
    expect(sys).toBeUndefined();
    const id = (await t.call('GET', '/api/admin/account', { token: system })).body._data.model.id;
    const res = await t.call('PUT', `/api/admin/users/${id}`, {
      token: leader,
      body: userBody({ email: 'system@lead.test', status: 0, role_ids: [roles['campaign-member']] }),
    });
    expect(res.status).toBe(403);
    expect((await t.call('DELETE', `/api/admin/users/${id}`, { token: leader })).status).toBe(403);
  });
});

describe('what the admin offers a limited admin', () => {
  it('lists only the roles they may grant, and each site client with all its sites', async () => {
    const names = async (token: string) =>
      (await t.call('GET', '/api/admin/roles', { token })).body._data.models.map((r: { name: string }) => r.name);
    expect(await names(system)).toEqual(['system', 'campaign-leader', 'campaign-member']);
    expect(await names(limited)).toEqual(['campaign-leader', 'campaign-member']);
    const sites = (await t.call('GET', '/api/admin/sites', { token: limited })).body._data.models as Array<{
      id: number;
      clients: Array<{ id: number; site_ids: number[] }>;
    }>;
    expect(sites.map((x) => x.id)).toEqual(LIMITED_SITES);
    const two = sites.find((x) => x.id === 5)!.clients.find((c) => c.id === clientOn5And6)!;
    expect(two.site_ids).toEqual([5, 6]);
  });
});

describe('clients, for an admin limited to sites 5, 7 and 12', () => {
  it('cannot change or delete a client that also runs on another site (403), nor give a client such a site', async () => {
    const put = await t.call('PUT', `/api/admin/clients/${clientOn5And6}`, { token: limited, body: clientBody([5]) });
    expect(put.status).toBe(403);
    expect((await t.call('DELETE', `/api/admin/clients/${clientOn5And6}`, { token: limited })).status).toBe(403);
    const grow = await t.call('PUT', `/api/admin/clients/${clientOn5}`, { token: limited, body: clientBody([5, 6]) });
    expect(grow.status).toBe(403);
    const model = (await t.call('GET', `/api/admin/clients?site_ids=5`, { token: system })).body._data.models.find(
      (c: { id: number }) => c.id === clientOn5And6,
    );
    expect(model.site_ids).toEqual([5, 6]);
    // A client all on their sites is theirs to change.
    expect(
      (await t.call('PUT', `/api/admin/clients/${clientOn5}`, { token: limited, body: clientBody([5, 7]) })).status,
    ).toBe(200);
  });

  it('answers 409 for a client that still has campaigns, and keeps it', async () => {
    const row = await t.database.db.selectFrom('campaigns').select('client_id').orderBy('id').executeTakeFirstOrThrow();
    const res = await t.call('DELETE', `/api/admin/clients/${row.client_id}`, { token: system });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This client still has campaigns and cannot be deleted.');
    expect(
      await t.database.db.selectFrom('clients').select('id').where('id', '=', row.client_id).executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('history', () => {
  it('a limited admin reads only entries of their sites and their own; the system user reads all', async () => {
    const me = (await t.call('GET', '/api/admin/account', { token: limited })).body._data.model.id;
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await t.call('GET', `/api/admin/history?page=${page}`, { token: limited });
      expect(res.status).toBe(200);
      seen.push(...res.body._data.history.map((h: { id: number }) => h.id));
    }
    expect(seen.length).toBeGreaterThan(0);
    const rows = await t.database.db
      .selectFrom('history')
      .select(['id', 'site_id', 'user_id'])
      .where('id', 'in', seen)
      .execute();
    for (const r of rows)
      expect(r.user_id === me || LIMITED_SITES.includes(r.site_id!), `entry ${r.id} on site ${r.site_id}`).toBe(true);
    // Past the limited admin's last page, the system user still has entries.
    let pages = 1;
    while ((await t.call('GET', `/api/admin/history?page=${pages}`, { token: limited })).body._data.next_page !== null)
      pages++;
    expect(
      (await t.call('GET', `/api/admin/history?page=${pages + 1}`, { token: system })).body._data.history.length,
    ).toBeGreaterThan(0);
  });
});

describe('moving a campaign to another client (issue #44)', () => {
  const onSite5 = (clientId: number, name: string) =>
    validCampaign(clientId, {
      name,
      site_id: 5,
      targets: [{ type: 'links', option: 'start_with', target: 'https://sukhapap.co.th/heart/', sub_target: [] }],
    });
  const newClient = async (name: string, siteIds: number[]) =>
    (await t.call('POST', '/api/admin/clients', { token: system, body: { name, manager_id: 1, site_ids: siteIds } }))
      .body._data.model.id as number;
  const clientOfCampaign = async (id: number) =>
    (await t.database.db.selectFrom('campaigns').select('client_id').where('id', '=', id).executeTakeFirstOrThrow())
      .client_id;
  const lastHistory = async () =>
    (await t.database.db.selectFrom('history').select('text').orderBy('id', 'desc').limit(2).execute()).map(
      (h) => h.text,
    );

  it('needs a caller who holds every site of both clients: a limited admin cannot move one to or from a client that also runs elsewhere', async () => {
    const other5 = await newClient('Thai clinic', [5]);
    const campaign = (
      await t.call('POST', '/api/admin/campaign', { token: system, body: onSite5(clientOn5, 'Moving on site 5') })
    ).body._data.model.id as number;
    const history = await t.count('history');
    const away = await t.call('PUT', `/api/admin/campaign/${campaign}`, {
      token: limited,
      body: onSite5(clientOn5And6, 'Moving on site 5'),
    });
    expect(away.status).toBe(422);
    expect(away.body.errors).toEqual({
      client_id: ['Only someone who holds every site of both clients can move a campaign to another client.'],
    });
    expect(await clientOfCampaign(campaign)).toBe(clientOn5);
    expect(await t.count('history')).toBe(history);
    // The system user may; then it is the old client the limited admin does not hold.
    expect(
      (
        await t.call('PUT', `/api/admin/campaign/${campaign}`, {
          token: system,
          body: onSite5(clientOn5And6, 'Moving on site 5'),
        })
      ).status,
    ).toBe(200);
    const back = await t.call('PUT', `/api/admin/campaign/${campaign}`, {
      token: limited,
      body: onSite5(other5, 'Moving on site 5'),
    });
    expect(back.status).toBe(422);
    expect(await clientOfCampaign(campaign)).toBe(clientOn5And6);
    // Between two clients all of whose sites are theirs, it moves, and history names both.
    const mine = (
      await t.call('POST', '/api/admin/campaign', { token: limited, body: onSite5(clientOn5, 'Mine to move') })
    ).body._data.model.id as number;
    const res = await t.call('PUT', `/api/admin/campaign/${mine}`, {
      token: limited,
      body: onSite5(other5, 'Mine to move'),
    });
    expect(res.status).toBe(200);
    expect(await clientOfCampaign(mine)).toBe(other5);
    const { name } = await t.database.db
      .selectFrom('clients')
      .select('name')
      .where('id', '=', clientOn5)
      .executeTakeFirstOrThrow();
    expect(await lastHistory()).toEqual([
      'Updated campaign <b>Mine to move</b>.',
      `Moved campaign <b>Mine to move</b> from client <b>${name}</b> to client <b>Thai clinic</b>.`,
    ]);
  });

  it('a member moves a campaign only between clients all of whose sites are theirs; a variant only with its A/B test', async () => {
    const member = await t.login('member@lead.test');
    const [a, b, wide] = [
      await newClient('Clinic A', [1]),
      await newClient('Clinic B', [1, 2]),
      await newClient('Clinic on 1 and 3', [1, 3]),
    ];
    const campaign = (
      await t.call('POST', '/api/admin/campaign', { token: member, body: validCampaign(a, { name: 'Member moves' }) })
    ).body._data.model.id as number;
    const refused = await t.call('PUT', `/api/admin/campaign/${campaign}`, {
      token: member,
      body: validCampaign(wide, { name: 'Member moves' }),
    });
    expect(refused.status).toBe(422);
    expect(await clientOfCampaign(campaign)).toBe(a);
    expect(
      (
        await t.call('PUT', `/api/admin/campaign/${campaign}`, {
          token: member,
          body: validCampaign(b, { name: 'Member moves' }),
        })
      ).status,
    ).toBe(200);
    expect(await clientOfCampaign(campaign)).toBe(b);
    // An A/B test moves with its variants; a variant alone does not.
    const variants = await t.call('POST', `/api/admin/campaign/${campaign}/variants`, {
      token: member,
      body: { variant_names: ['Blue', 'Green'] },
    });
    expect(variants.status, variants.raw).toBe(200);
    const variant = variants.body._data.models[0].id as number;
    const alone = await t.call('PUT', `/api/admin/campaign/${variant}`, {
      token: member,
      body: validCampaign(a, { name: 'Blue' }),
    });
    expect(alone.body.errors).toEqual({
      client_id: ["A variant belongs to its A/B test's client: move the A/B test instead."],
    });
    expect(
      (
        await t.call('PUT', `/api/admin/campaign/${campaign}`, {
          token: member,
          body: validCampaign(a, { name: 'Member moves' }),
        })
      ).status,
    ).toBe(200);
    expect([await clientOfCampaign(campaign), await clientOfCampaign(variant)]).toEqual([a, a]);
    expect((await lastHistory())[1]).toBe(
      'Moved campaign <b>Member moves</b> and its 2 variants from client <b>Clinic B</b> to client <b>Clinic A</b>.',
    );
  });
});
