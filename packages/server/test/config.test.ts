import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

describe('GET /config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false, config: { timeZone: 'Asia/Bangkok' } });
  });
  afterAll(() => t.close());

  it("tells anyone, signed in or not, the server's time zone (TZ)", async () => {
    const res = await t.call('GET', '/api/admin/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _status: 1, _data: { time_zone: 'Asia/Bangkok', retention_months: 24 }, _messages: [] });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
