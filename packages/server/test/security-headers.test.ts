import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("helmet's security headers, worked out once", () => {
  it('are on the admin API and the operations routes, the CSP as configured', async () => {
    for (const url of ['/api/admin/config', '/health', '/api/admin/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;media-src 'self' blob: https:;connect-src 'self'",
      );
      expect(res.headers).toMatchObject({
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('are left off the public API, which keeps nosniff and is readable cross-origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public/sites/1/campaigns',
      headers: { origin: 'https://bacsi-online.vn' },
    });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
