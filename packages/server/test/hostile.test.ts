import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signVerdictLink } from '../src/lib/verdict-links.js';
import type { RouteEntry } from '../src/plugins/input.js';
import { runtimeSecret } from '../src/repositories/runtime-secrets.js';
import { validCampaign } from '@lead/contract/fixtures';
import { testSession } from './fixtures.js';
import { PNG, multipart, type Response, type TestApp } from './helpers.js';

/**
 * Every route, walked with hostile input: no answer is a 5xx, and every
 * refusal is the error envelope with a message. One test per class of bad
 * input (path, query, JSON body, headers, multipart), each over every route
 * the server declares, so a route added later is walked too.
 */

let t: TestApp;
let token: string;
let routes: RouteEntry[];
/** Ids that exist, so that hostile values reach past the 404 of a missing row. */
const ids: Record<string, string> = {};
const failures: string[] = [];

const HOSTILE_PATH = [
  '99999999999999999999',
  '2147483648',
  '1e400',
  'Infinity',
  'NaN',
  '-1',
  '0',
  '1.5',
  'abc',
  '%00',
  '1%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  'x'.repeat(300),
  '..%2F..%2Fetc%2Fpasswd',
];

const HOSTILE_QUERY = [
  '99999999999999999999',
  '2147483648',
  '1e400',
  'Infinity',
  '-Infinity',
  'NaN',
  '-99999999999999999999',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '1,99999999999999999999',
  ',,,',
  'x'.repeat(20_000),
  '%5B%5D',
];

/** Raw JSON text put in place of one field. */
const HOSTILE_JSON = [
  '99999999999999999999',
  '-99999999999999999999',
  '2147483648',
  '1e400',
  '-1e400',
  '"Infinity"',
  '"NaN"',
  '"1e400"',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"\\udc00x"',
  JSON.stringify('x'.repeat(100_000)),
  'null',
  'true',
  '{}',
  '[]',
  '[null]',
  '{"__proto__":{"polluted":1}}',
  JSON.stringify(Array.from({ length: 5000 }, (_, i) => i)),
  '1.5',
  '-1',
  '0',
  '""',
];

/** Whole bodies that are not what any route takes. */
const HOSTILE_BODIES: Array<[string, string]> = [
  ['not json', 'application/json'],
  ['null', 'application/json'],
  ['[]', 'application/json'],
  ['"text"', 'application/json'],
  ['1e400', 'application/json'],
  ['{"__proto__":{"admin":true}}', 'application/json'],
  ['{"constructor":{"prototype":{"admin":true}}}', 'application/json'],
  ['{"a":"\\u0000"}', 'application/json'],
  ['['.repeat(50_000) + ']'.repeat(50_000), 'application/json'],
  ['{"password_hash":"scrypt$1$1$1$AA$AA"}', 'application/json'],
  ['hello', 'text/plain'],
  ['a=1&b=2', 'application/x-www-form-urlencoded'],
  ['<x/>', 'application/xml'],
  ['{"a":1}', 'application/json; charset=utf-16'],
  ['garbage', 'multipart/form-data'],
  ['garbage', 'multipart/form-data; boundary=xyz'],
];

/** A valid body per route, so that one hostile field at a time reaches the route's own code. */
function baseBodies(clientId: number, roleId: number): Record<string, unknown> {
  const campaign = validCampaign(clientId);
  return {
    'POST /api/admin/login': { email: 'nobody@lead.test', password: 'wrong password' },
    'POST /api/admin/password/email': { email: 'nobody@lead.test' },
    'POST /api/admin/password/reset': {
      email: 'nobody@lead.test',
      token: 'x'.repeat(43),
      password: 'Password123!',
      password_confirmation: 'Password123!',
    },
    'PUT /api/admin/account': { first_name: 'Sam', last_name: 'System', avatar: null },
    'PUT /api/admin/account/password': {
      current_password: 'wrong password',
      password: 'Password123!',
      password_confirmation: 'Password123!',
    },
    'POST /api/admin/users': {
      first_name: 'Hostile',
      last_name: 'Test',
      email: 'hostile@lead.test',
      status: 1,
      role_ids: [roleId],
      site_ids: [1],
      client_ids: [clientId],
    },
    'PUT /api/admin/users/:id': {
      first_name: 'Hostile',
      last_name: 'Test',
      email: 'an.nguyen@lead.test',
      status: 1,
      role_ids: [roleId],
      site_ids: [1],
      client_ids: [clientId],
    },
    'POST /api/admin/clients/:id/api-keys': { name: 'CRM' },
    'PUT /api/admin/sites/:id/cap': { visit: 0, day: 0 },
    'POST /api/client/v1/verdicts': { verdicts: [{ lead_id: 1, verdict: 'accepted' }] },
    'POST /api/client/v1/lead-files/:token/verdicts': { verdicts: [{ lead_id: 1, verdict: 'accepted' }] },
    'POST /api/admin/clients': {
      name: 'Hostile Co',
      contact_name: 'A',
      phone_number: '+84 1',
      title: 'T',
      email: 'a@b.test',
      manager_id: 1,
      site_ids: [1],
    },
    'PUT /api/admin/clients/:id': {
      name: 'Hostile Co',
      contact_name: 'A',
      phone_number: '+84 1',
      title: 'T',
      email: 'a@b.test',
      manager_id: 1,
      site_ids: [1],
    },
    'POST /api/admin/campaign': campaign,
    'PUT /api/admin/campaign/:id': campaign,
    'POST /api/admin/campaign/:id/clone': { name: 'Copy', client_id: clientId },
    'POST /api/admin/campaign/:id/variants': { variant_names: ['A', 'B'] },
    'POST /api/admin/campaign/:id/variants/winner': { winner_id: 1 },
    'POST /api/admin/campaign/:id/activation': { started_at: '2027-01-01 00:00:00', ended_at: '2027-02-01 00:00:00' },
    'POST /api/admin/campaign/csv/sample': { site_id: 1 },
    // Lead delivery (issue #30) and erasure (issue #31): a dry run, so that no field at a time erases anyone.
    'POST /api/admin/clients/:id/destinations': {
      name: 'Hostile hook',
      enabled: true,
      kind: 'webhook',
      campaign_ids: null,
      url: 'https://93.184.216.34/hook',
    },
    'PUT /api/admin/clients/:id/destinations/:destId': {
      name: 'Hostile hook',
      enabled: true,
      kind: 'webhook',
      campaign_ids: null,
      url: 'https://93.184.216.34/hook',
    },
    'POST /api/admin/deliveries/replay': { destination_id: 1, failed_only: true },
    'POST /api/admin/leads/erasure': { email: 'nobody@lead.test', dry_run: true },
  };
}

const key = (r: RouteEntry) => `${r.method} ${r.url}`;

/** `values` in `n` parts, each with a short label of its values (for the test's name). */
function parts(values: string[], n: number): Array<[string, string[]]> {
  const size = Math.ceil(values.length / n);
  return Array.from({ length: n }, (_, i) => values.slice(i * size, (i + 1) * size)).map((part) => [
    part.map((v) => (v.length > 12 ? `${v.slice(0, 9)}…` : v)).join(' '),
    part,
  ]);
}

/** Fills path parameters with ids that exist. */
function fill(url: string): string {
  return url.replace(
    /:(\w+)/g,
    (_, name: string) =>
      (name === 'token'
        ? ids.verdictLink!
        : url.startsWith('/api/admin/users')
          ? ids.user!
          : url.startsWith('/api/admin/clients')
            ? ids.client!
            : url.startsWith('/api/admin/sites')
              ? '1'
              : ids.campaign!) ?? name,
  );
}

/** Leaf paths of a JSON value, at most three levels down. */
function leaves(value: unknown, path: string[] = [], depth = 0): string[][] {
  if (depth < 3 && value && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.slice(0, 2).map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    const out: string[][] = path.length ? [path] : [];
    for (const [k, v] of entries) out.push(...leaves(v, [...path, k], depth + 1));
    return out;
  }
  return [path];
}

/** `base` as JSON text with the field at `path` replaced by raw JSON text. */
function withRaw(base: unknown, path: string[], raw: string): string {
  const copy = structuredClone(base) as Record<string, unknown>;
  let node = copy as Record<string, unknown>;
  for (const p of path.slice(0, -1)) node = node[p] as Record<string, unknown>;
  node[path[path.length - 1]!] = '__HOSTILE__';
  return JSON.stringify(copy).replace('"__HOSTILE__"', raw);
}

function check(label: string, res: Pick<Response, 'status' | 'body' | 'raw'>) {
  if (res.status >= 500) {
    failures.push(`${label}: ${res.status} ${res.raw.slice(0, 200)}`);
    return;
  }
  if (res.status >= 400) {
    const b = res.body;
    const intact =
      b &&
      b._status === -1 &&
      b._data === null &&
      Array.isArray(b._messages) &&
      typeof b.message === 'string' &&
      b.message.length > 0;
    if (!intact) failures.push(`${label}: ${res.status} without the envelope: ${res.raw.slice(0, 200)}`);
  }
}

async function send(
  method: string,
  url: string,
  opts: { body?: string; contentType?: string; headers?: Record<string, string>; auth?: boolean } = {},
) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(opts.auth === false ? {} : { authorization: `Bearer ${token}` }),
      ...(opts.body !== undefined ? { 'content-type': opts.contentType ?? 'application/json' } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: opts.body } : {}),
  });
  let body: Response['body'];
  try {
    body = res.json();
  } catch {
    body = undefined as never;
  }
  return { status: res.statusCode, body, raw: res.body };
}

const expectNoFailures = () => {
  const found = failures.splice(0);
  expect(found, `${found.length} answers broke the rule:\n${found.slice(0, 40).join('\n')}`).toEqual([]);
};

beforeAll(async () => {
  let clientId: number;
  ({ t, token, client: clientId } = await testSession({ as: 'system@lead.test' }));
  routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
  const campaign = await t.database.db
    .selectFrom('campaigns')
    .select('id')
    .where('site_id', '=', 1)
    .where('type', '=', 0)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const user = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'an.nguyen@lead.test')
    .executeTakeFirstOrThrow();
  // A verdict link signed by this server (of a file that does not exist: 410 once the token passes).
  const verdictLink = signVerdictLink(await runtimeSecret(t.database.db, 'server'), {
    fileId: 1,
    clientId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  Object.assign(ids, { campaign: String(campaign.id), user: String(user.id), client: String(clientId), verdictLink });
  const role = await t.database.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'campaign-member')
    .executeTakeFirstOrThrow();
  bases = baseBodies(clientId, role.id);
});
afterAll(() => t?.close());

let bases: Record<string, unknown>;

describe('hostile input on every route', () => {
  it('knows every API route and has a valid body for each one that takes a body', () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .filter((r) => r.schema.body && !bases[key(r)] && key(r) !== 'PUT /api/admin/campaign/:id')
      .map(key);
    expect(missing).toEqual([]);
  });

  it('path parameters: out of range, not numbers, bad encodings and over-long segments', async () => {
    for (const r of routes.filter((x) => x.url.includes(':'))) {
      for (const value of HOSTILE_PATH) {
        const url = r.url.replace(/:\w+/g, value);
        check(
          `${r.method} ${url.slice(0, 80)}`,
          await send(r.method, url, {
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: JSON.stringify(bases[key(r)] ?? {}) }),
          }),
        );
      }
    }
    expectNoFailures();
  });

  it('outside the API: uploaded files, the admin, health and unknown paths, with every hostile path', async () => {
    for (const prefix of [
      '/uploads/',
      '/uploads/image/',
      '/admin/',
      '/admin/assets/',
      '/',
      '/health/',
      '/api/admin/',
    ]) {
      for (const value of HOSTILE_PATH) {
        for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
          const res = await send(method, `${prefix}${value}`, { auth: false });
          // HEAD answers carry no body: only the status is checked.
          if (method === 'HEAD')
            check(`HEAD ${prefix}${value.slice(0, 40)}`, {
              status: res.status,
              body: { _status: -1, _data: null, _messages: ['x'], message: 'x' } as never,
              raw: '',
            });
          else check(`${method} ${prefix}${value.slice(0, 40)}`, res);
        }
      }
    }
    expectNoFailures();
  });

  // Thousands of requests each: in parts of a few hostile values, so that no one test's length
  // depends on how busy the machine is (together they took most of a test's 30 s on a loaded one).
  it.each(parts(HOSTILE_QUERY, 3))(
    'query strings: each declared parameter and an unknown one, with hostile values %s',
    async (_label, values) => {
      for (const r of routes.filter((x) => x.method !== 'DELETE')) {
        const declared = Object.keys((r.schema.querystring as { properties?: object } | undefined)?.properties ?? {});
        const names = [...declared, 'zzz', 'site_id_with_clients[99999999999999999999]', 'client_id_with_sites[1]'];
        for (const name of names) {
          for (const value of values) {
            const url = `${fill(r.url)}?${encodeURIComponent(name)}=${value}`;
            const body = r.method === 'GET' ? {} : { body: JSON.stringify(bases[key(r)] ?? {}) };
            check(`${r.method} ${url.slice(0, 120)}`, await send(r.method, url, body));
          }
        }
      }
      expectNoFailures();
    },
  );

  const bodyRoutes = () =>
    routes
      .filter((x) => x.method !== 'GET' && x.method !== 'DELETE')
      .map((r) => ({
        r,
        base: bases[key(r)] ?? {},
        url: fill(r.url) + (r.url === '/api/admin/campaign/:id' && r.method === 'POST' ? '?_target=1' : ''),
      }));

  it.each(parts(HOSTILE_JSON, 4))(
    'JSON bodies: every field of a valid body replaced by hostile values %s',
    async (_label, values) => {
      for (const { r, base, url } of bodyRoutes()) {
        for (const path of [...leaves(base), ['password_hash'], ['unknown_field']]) {
          for (const raw of values) {
            check(
              `${r.method} ${url} ${path.join('.')}=${raw.slice(0, 30)}`,
              await send(r.method, url, { body: withRaw(base, path, raw) }),
            );
          }
        }
      }
      expectNoFailures();
    },
  );

  it('JSON bodies: whole bodies that are not JSON objects', async () => {
    for (const { r, url } of bodyRoutes()) {
      for (const [body, contentType] of HOSTILE_BODIES) {
        check(
          `${r.method} ${url} body ${body.slice(0, 30)} as ${contentType}`,
          await send(r.method, url, { body, contentType }),
        );
      }
    }
    expectNoFailures();
  });

  it('headers: broken bearer tokens and odd content types, signed in and not', async () => {
    const headers: Array<Record<string, string>> = [
      { authorization: `Bearer ${'A'.repeat(5000)}` },
      { authorization: 'Bearer \u00ff\u00fe' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer' },
      { 'x-forwarded-for': '1.2.3.4, 999.999.999.999, ::ffff:%00' },
      { accept: 'application/xml' },
      { 'accept-encoding': 'gzip;q=NaN, br;q=1e400' },
    ];
    for (const r of routes) {
      for (const h of headers) {
        check(
          `${r.method} ${r.url} ${JSON.stringify(h).slice(0, 60)}`,
          await send(r.method, fill(r.url), {
            headers: h,
            auth: !h.authorization,
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: '{}' }),
          }),
        );
      }
      check(`${r.method} ${r.url} signed out`, await send(r.method, fill(r.url), { auth: false }));
    }
    expectNoFailures();
  });

  it('multipart: no file part, the file under another name, two files, NUL in a field, a broken boundary', async () => {
    const uploads: Array<{ url: string; fileField: string; fields: Record<string, string> }> = [
      { url: '/api/admin/uploads', fileField: 'file', fields: { kind: 'image' } },
      { url: '/api/admin/campaign/validation', fileField: 'csv', fields: { site_id: '1' } },
      { url: `/api/admin/campaign/${ids.campaign}?_target=1`, fileField: 'csv', fields: {} },
    ];
    const csv = Buffer.from('type,option,target,exclude\r\nlinks,start_with,https://bacsi-online.vn/x/,\r\n');
    for (const u of uploads) {
      const data = u.fileField === 'file' ? PNG : csv;
      const cases: Array<[string, { body: Buffer; headers: Record<string, string> }]> = [
        ['no parts', multipart({})],
        ['fields only', multipart(u.fields)],
        ['file under another name', multipart(u.fields, { name: 'a.png', data, field: 'other' })],
        ['NUL in a field', multipart({ kind: 'ima\0ge', site_id: '1\0' }, { name: 'a', data, field: u.fileField })],
        [
          'huge id in a field',
          multipart({ kind: 'image', site_id: '99999999999999999999' }, { name: 'a', data, field: u.fileField }),
        ],
        [
          'Infinity in a field',
          multipart({ kind: 'image', site_id: 'Infinity' }, { name: 'a', data, field: u.fileField }),
        ],
        ['NUL in the file name', multipart(u.fields, { name: 'a\0.png', data, field: u.fileField })],
        ['empty file', multipart(u.fields, { name: 'a', data: Buffer.alloc(0), field: u.fileField })],
      ];
      const two = multipart(u.fields, { name: 'a', data, field: u.fileField });
      const boundary = two.headers['content-type'].split('boundary=')[1]!;
      const extra = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${u.fileField}"; filename="b"\r\n\r\nxx\r\n`,
      );
      cases.push(['two files', { body: Buffer.concat([extra, two.body]), headers: two.headers }]);
      cases.push(['a truncated body', { body: two.body.subarray(0, two.body.length - 20), headers: two.headers }]);
      cases.push([
        'a wrong boundary',
        { body: two.body, headers: { 'content-type': 'multipart/form-data; boundary=nothere' } },
      ]);
      for (const [label, m] of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: u.url,
          headers: { ...m.headers, authorization: `Bearer ${token}` },
          payload: m.body,
        });
        let body: Response['body'];
        try {
          body = res.json();
        } catch {
          body = undefined as never;
        }
        check(`${u.url} ${label}`, { status: res.statusCode, body, raw: res.body });
      }
    }
    expectNoFailures();
  });
});
