/**
 * The campaigns answer behind a shared cache (issue #28): it says `Vary: Origin, Accept-Encoding`
 * on every answer and has one ETag per encoding, so a CDN never hands one origin's answer (and its
 * CORS headers) to another, nor one encoding's body to a client that asked for another.
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';
import { SharedCache, type CachedResponse } from './shared-cache.js';

let t: TestApp;
let cdn: SharedCache;
const URL = '/api/public/sites/1/campaigns';
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const fresh = () =>
  new SharedCache(async ({ url, headers }) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return {
      status: res.statusCode,
      headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
      body: res.rawPayload,
    };
  });
const decoded = (res: CachedResponse) => {
  const enc = res.headers['content-encoding'];
  const body = enc === 'gzip' ? gunzipSync(res.body) : enc === 'br' ? brotliDecompressSync(res.body) : res.body;
  return JSON.parse(body.toString('utf8')) as { site: { id: number } };
};

describe('the campaigns answer behind a shared cache', () => {
  it("never serves one origin's answer to another, whoever asked first", async () => {
    cdn = fresh();
    const asks: Array<string | undefined> = [
      undefined,
      'https://bacsi-online.vn',
      'https://www.bacsi-online.vn',
      'https://bacsi-online.vn',
      undefined,
      'https://mebau.vn',
    ];
    for (const origin of asks) {
      const res = await cdn.fetch({ url: URL, headers: { 'accept-encoding': 'gzip', ...(origin ? { origin } : {}) } });
      if (origin === 'https://mebau.vn') {
        expect(res.status).toBe(403);
        continue;
      }
      expect(res.status, origin).toBe(200);
      expect(res.headers['access-control-allow-origin'], `${origin} (${res.via})`).toBe(origin);
      expect(decoded(res).site.id).toBe(1);
    }
  });

  it('says Vary: Origin on every answer, with or without Origin, and on a refusal', async () => {
    for (const headers of [{}, { origin: 'https://bacsi-online.vn' }, { origin: 'https://mebau.vn' }]) {
      const res = await t.app.inject({ method: 'GET', url: URL, headers });
      expect(String(res.headers.vary), JSON.stringify(headers)).toMatch(/\bOrigin\b/);
      expect(String(res.headers.vary)).toMatch(/\bAccept-Encoding\b/);
    }
  });

  it('gives each encoding (and origin) its own ETag, so a revalidation never hands one encoding to a client of another', async () => {
    cdn = fresh();
    const origin = 'https://bacsi-online.vn';
    const gz = await cdn.fetch({ url: URL, headers: { origin, 'accept-encoding': 'gzip' } });
    const br = await cdn.fetch({ url: URL, headers: { origin, 'accept-encoding': 'br' } });
    expect(new Set([gz.headers.etag, br.headers.etag]).size).toBe(2);
    cdn.expire();
    // A client that takes no compression, after the cache holds gzip and brotli copies.
    const plain = await cdn.fetch({ url: URL, headers: { origin } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decoded(plain).site.id).toBe(1);
    // Each copy revalidates as itself: 304 from the server, the same body from the cache.
    const again = await cdn.fetch({ url: URL, headers: { origin, 'accept-encoding': 'gzip' } });
    expect(again.via).toBe('revalidated');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(decoded(again).site.id).toBe(1);
  });
});
