import { describe, expect, it } from 'vitest';
import * as tables from './index.js';
import {
  ADMIN_PREFIX,
  fillUrl,
  requestLine,
  type AdminRouteName,
  type AdminRouteOf,
  type CallData,
  type CallRequest,
} from './admin-call.js';
import type { RouteSpec } from './route.js';

/** What a call of route N may send (the admin's `call` and the journeys' `apiCall` take this). */
const request = <N extends AdminRouteName>(_name: N, r: CallRequest<AdminRouteOf<N>>) => r;

describe('an admin call', () => {
  it('fills each path parameter in, encoded as a path segment', () => {
    expect(fillUrl('/api/admin/clients/:id/destinations/:destId', { id: 3, destId: 'a/b c?d' })).toBe(
      '/api/admin/clients/3/destinations/a%2Fb%20c%3Fd',
    );
    expect(requestLine('GET /api/admin/campaign/:id/breakdown', { id: 12 })).toEqual({
      method: 'GET',
      url: '/api/admin/campaign/12/breakdown',
    });
    expect(requestLine('GET /api/admin/config')).toEqual({ method: 'GET', url: '/api/admin/config' });
  });

  it('refuses a path parameter without a value: the call would reach another route', () => {
    expect(() => fillUrl('/api/admin/campaign/:id', {})).toThrow('no value for :id');
    expect(() => fillUrl('/api/admin/campaign/:id', { id: null })).toThrow('no value for :id');
    expect(() => fillUrl('/api/admin/campaign/:id', { id: '' })).toThrow('no value for :id');
    expect(fillUrl('/api/admin/campaign/:id', { id: 0 })).toBe('/api/admin/campaign/0');
  });

  it('names each admin route once: a name is its method and URL', () => {
    const names = Object.values(tables as Record<string, unknown>)
      .filter((t): t is Record<string, RouteSpec> => typeof t === 'object' && t !== null && !Array.isArray(t))
      .flatMap((t) => Object.values(t))
      .filter((r): r is RouteSpec => typeof r?.url === 'string' && typeof r.method === 'string')
      .filter((r) => r.url.startsWith(`${ADMIN_PREFIX}/`))
      .map((r) => `${r.method} ${r.url}`);
    expect(names.length).toBeGreaterThan(60);
    expect(new Set(names).size).toBe(names.length);
  });

  it('types each part by the route (the type check holds these lines)', () => {
    expect(request('GET /api/admin/campaign/:id', { params: { id: 1 } })).toEqual({ params: { id: 1 } });
    // @ts-expect-error a route's path parameter is required
    request('GET /api/admin/campaign/:id', {});
    // @ts-expect-error each one of them
    request('PUT /api/admin/clients/:id/destinations/:destId', { params: { id: 1 }, body: null! });
    // @ts-expect-error and of its type (an id is a number)
    request('GET /api/admin/campaign/:id', { params: { id: {} } });
    // @ts-expect-error a route without parameters takes none
    request('GET /api/admin/config', { params: { id: 1 } });
    // @ts-expect-error only the routes of the tables can be called
    request('GET /api/admin/nowhere', {});
    // @ts-expect-error the query's values are the route's (a dimension of the breakdown)
    request('GET /api/admin/campaign/:id/breakdown', { params: { id: 1 }, query: { by: 'weather' } });
    // @ts-expect-error a required query value (the dimension) must be there
    request('GET /api/admin/campaign/:id/breakdown', { params: { id: 1 }, query: {} });
    // @ts-expect-error the body is the route's
    request('POST /api/admin/login', { body: { email: 'a@b.c' } });
    // A number stands for its text in a query, and null for an absent optional value.
    request('GET /api/admin/clients', { query: { site_ids: 5, name: null } });
    const data: CallData<'GET /api/admin/config'> = { time_zone: 'UTC', retention_months: 24 };
    expect(data.time_zone).toBe('UTC');
  });
});
