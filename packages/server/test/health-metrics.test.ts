import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';
import { withPerson } from './public-fixtures.js';

let t: TestApp;
let createCampaign: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, createCampaign } = await testSession({
    as: 'leader@lead.test',
    app: { config: { metricsToken: 'metrics-token-for-tests' } },
  }));
});
afterAll(() => t.close());

describe('GET /health', () => {
  it('says whether the database answers, which events path runs, and whether this process leads the scheduler', async () => {
    const res = await t.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // The tests run with SCHEDULER=0: this process never leads.
    expect(res.body).toEqual({
      ok: true,
      database: 'up',
      events: 'direct',
      scheduler: { leader: false },
      deliveries: { behind: false, due_lag_seconds: 0, oldest_undelivered_seconds: 0 },
    });
  });
});

describe('GET /metrics', () => {
  it('counts requests by route, events accepted and written, batch sizes and leads, in Prometheus text', async () => {
    const c = await createCampaign();
    const headers = { origin: 'https://bacsi-online.vn', 'user-agent': 'Mozilla/5.0 Chrome/126.0' };
    const at = Date.now();
    await t.call('POST', '/api/public/events', {
      headers,
      body: {
        site_id: 1,
        visitor_id: 'metrics-1',
        events: [
          { code: c.code, type: 'impression', at },
          { code: c.code, type: 'click', at },
        ],
      },
    });
    await t.call('POST', '/api/public/events', {
      headers: { ...headers, 'user-agent': 'Googlebot/2.1' },
      body: { site_id: 1, visitor_id: 'metrics-2', events: [{ code: c.code, type: 'impression', at }] },
    });
    await t.call('POST', '/api/public/leads', {
      headers,
      body: await withPerson(t, 'leads', {
        site_id: 1,
        code: c.code,
        visitor_id: 'metrics-1',
        page_url: 'https://bacsi-online.vn/heart/',
        fields: { name: 'M', email: 'm@example.vn' },
      }),
    });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('lead_events_accepted_total 3');
    expect(text).toContain('lead_events_written_total 2');
    expect(text).toContain('lead_leads_total 1');
    expect(text).toContain('lead_spam_leads_total 0');
    expect(text).toContain('lead_event_batch_size_count 1');
    expect(text).toMatch(/lead_http_requests_total\{method="POST",route="\/api\/public\/events",status="202"\} 2/);
    expect(text).toContain('lead_process_cpu_user_seconds_total');
  });
});

describe('who may read GET /metrics', () => {
  it('serves the allowed network (loopback by default) and the bearer of METRICS_TOKEN, and no one else', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    const outside = await from('203.0.113.9');
    expect(outside.statusCode).toBe(403);
    expect(outside.body).not.toContain('lead_leads_total');
    expect((await from('203.0.113.9', { authorization: 'Bearer wrong-token' })).statusCode).toBe(403);
    expect((await from('203.0.113.9', { authorization: 'Bearer metrics-token-for-tests' })).statusCode).toBe(200);
    expect((await from('2001:db8::9')).statusCode).toBe(403);
  });
});
