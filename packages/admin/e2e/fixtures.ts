import { randomBytes } from 'node:crypto';
import type { CampaignPayload, ClientPayload, UserPayload } from '@lead/contract';
import { validCampaign, validClient, validUser } from '@lead/contract/fixtures';
import { apiCall, baseUrl, nthLinkTo, tokenOf } from './helpers.js';

/*
 * A journey makes what it reads or changes, here, through the real API and from the contract's
 * fixtures (@lead/contract/fixtures, which the server's tests use too): campaigns, clients and
 * users, each named with this test file's random mark, so that no journey meets another's data,
 * whatever the order of files and tests, alone or two at once.
 *
 * Where journeys write, so that a journey knows what it may still read of the demo:
 * - campaigns: site 1 (bacsi-online.vn) for the admin's journeys, site 12 (healthgroup.global) for
 *   the partner pages (e2e/partner.ts), HISTORY_SITE for the history journey, CAP_SITE for the
 *   site cap's partner pages; leads and figures only on site 12, on their own campaigns;
 * - clients and users: those made here (on site 1 unless asked: sites 1 and 2 for the Create
 *   Campaign journey, 5 and 6 for the limited admin's, HISTORY_SITE for the history journey's user),
 *   and those the settings journeys add and delete through the screens (sites 1 and 2).
 * No journey changes the demo's campaigns, leads and figures, its sites (but CAP_SITE's cap, which
 * only the runtime-audience journey sets, and puts back to none), clients and sponsors, or
 * its four demo users (names, passwords, sites): a journey may read those, and those alone. The
 * demo's campaigns of QUIET_SITE are the only ones there: their list and totals stay as seeded.
 */

/** A site where journeys make no campaigns, leads or figures: its list and its totals are the demo's. */
export const QUIET_SITE = { id: 3, host: 'sehatku.id' };
/**
 * The site whose cap on pop-ups per visitor the runtime-audience journey sets (a cap holds back
 * every campaign of its site: on site 12 it would hold back other journeys' pop-ups).
 */
export const CAP_SITE = { id: 11, host: 'kalusugan.ph' };
/** The site of the history journey's own user, where no other journey writes (its history is theirs). */
export const HISTORY_SITE = { id: 9, host: 'kyanmar.com.mm' };

/** This test file's mark, random per file and per run. */
export const MARK = randomBytes(3).toString('hex');
let made = 0;
/** `label` made unique to this file and call: 'Row menu 3f9a1c-4'. */
export const unique = (label: string): string => `${label} ${MARK}-${++made}`;
/** An email no one else has: 'reset.3f9a1c-5@lead.test'. */
export const uniqueEmail = (label: string): string => `${label}.${MARK}-${++made}@lead.test`;

/** The demo's system admin makes the users and clients (the one account that may grant every role). */
const SYSTEM = 'system@lead.test';
/** A password for the users made here (8 characters or more). */
export const MADE_PASSWORD = 'Journey-Pass-2027';

/**
 * The first demo client on `siteId` that `token`'s user works for (the smallest id: the demo's
 * clients were made first, before any journey's).
 */
export async function clientOf(token: string, siteId: number): Promise<number> {
  const res = await apiCall(token, 'GET /api/admin/clients', { query: { site_ids: siteId, assigned: 1 } });
  const ids = res.body._data.models.map((c) => c.id).sort((a, b) => a - b);
  if (!ids.length) throw new Error(`no client of site ${siteId} for this user`);
  return ids[0]!;
}

export interface MadeCampaign {
  id: number;
  code: string;
  name: string;
}

/**
 * An active campaign of `token`'s user, as the builder saves it (`validCampaign`): on site 1 for a
 * client of the user's unless `over` says otherwise, named uniquely unless `over.name`.
 */
export async function makeCampaign(token: string, over: Partial<CampaignPayload> = {}): Promise<MadeCampaign> {
  const siteId = over.site_id ?? 1;
  const clientId = over.client_id ?? (await clientOf(token, siteId));
  const payload = validCampaign(clientId, { name: unique('Campaign'), site_id: siteId, ...over });
  const res = await apiCall(token, 'POST /api/admin/campaign', { body: payload });
  if (res.status !== 200) throw new Error(`make campaign: ${res.status} ${JSON.stringify(res.body)}`);
  const { id, code, name } = res.body._data.model;
  return { id, code, name };
}

/** Deactivates campaign `id` through the API (the list's Deactive, status -1), as `token`'s user. */
export async function deactivate(token: string, id: number): Promise<void> {
  const res = await apiCall(token, 'PUT /api/admin/campaign/:id', {
    params: { id },
    query: { _status: 1 },
    body: { status: -1 },
  });
  if (res.status !== 200) throw new Error(`deactivating campaign ${id}: ${res.status}`);
}

/** A client on `siteIds` (site 1 unless given), made by the system admin (`validClient`), named uniquely unless `over.name`. */
export async function makeClient(
  siteIds: number[] = [1],
  over: Partial<ClientPayload> = {},
): Promise<{ id: number; name: string }> {
  const token = await tokenOf(SYSTEM);
  const me = (await apiCall(token, 'GET /api/admin/account')).body._data.model;
  const res = await apiCall(token, 'POST /api/admin/clients', {
    body: validClient(me.id, siteIds, { name: unique('Clinic'), ...over }),
  });
  if (res.status !== 200) throw new Error(`make client: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body._data.model!.id, name: res.body._data.model.name };
}

let roles: Promise<Map<string, number>> | undefined;
/** A role's id by its name ('system', 'campaign-leader', 'campaign-member'). */
export async function roleId(name: string): Promise<number> {
  roles ??= tokenOf(SYSTEM).then(async (token) => {
    const res = await apiCall(token, 'GET /api/admin/roles');
    return new Map(res.body._data.models.map((r) => [r.name, r.id]));
  });
  const id = (await roles).get(name);
  if (id === undefined) throw new Error(`no role ${name}`);
  return id;
}

export interface MadeUser {
  id: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

/**
 * A user with a unique email, added by the system admin as Manage users does (`validUser`): a
 * campaign member on site 1 working for a demo client of it, unless told otherwise. Unless
 * `invitedOnly`, the invitation's link then sets their password (MADE_PASSWORD) as the user would,
 * so that a journey can sign in as them: `open(path, { as: user })`. (Each costs one of the 20
 * tries of a password link the server allows an address in 15 minutes; a run makes a handful.)
 */
export async function makeUser({
  role = 'campaign-member',
  siteIds = [1],
  clientIds,
  invitedOnly = false,
  ...over
}: {
  role?: string;
  siteIds?: number[];
  clientIds?: number[];
  invitedOnly?: boolean;
} & Partial<UserPayload> = {}): Promise<MadeUser> {
  const token = await tokenOf(SYSTEM);
  const clients = clientIds ?? [await clientOf(token, siteIds[0]!)];
  const payload = validUser(
    { roleId: await roleId(role), siteIds, clientIds: clients },
    { email: uniqueEmail('user'), ...over },
  );
  const res = await apiCall(token, 'POST /api/admin/users', { body: payload });
  if (res.status !== 200) throw new Error(`make user: ${res.status} ${JSON.stringify(res.body)}`);
  const user = {
    id: res.body._data.model!.id,
    email: payload.email,
    password: MADE_PASSWORD,
    first_name: payload.first_name,
    last_name: payload.last_name,
  };
  if (!invitedOnly) await setPassword(user.email, await nthLinkTo(user.email, 1), MADE_PASSWORD);
  return user;
}

/** Follows a set-password link ('/reset-password/<token>?email=…') as its screen does: POST /password/reset. */
export async function setPassword(email: string, link: string, password: string): Promise<void> {
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(link)![1]!;
  const res = await fetch(`${baseUrl()}/api/admin/password/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, token, password, password_confirmation: password }),
  });
  if (res.status !== 200) throw new Error(`set password of ${email}: ${res.status} ${await res.text()}`);
}
