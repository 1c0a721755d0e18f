import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.js';

/** The admin's files as the build leaves them: hashed assets with .br and .gz beside them, and a source map. */
const JS = `console.warn(${JSON.stringify('x'.repeat(4000))});`;
let dist: string;
const apps: Record<string, TestApp> = {};

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'lead-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Lead</title>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), JS);
  await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(JS));
  await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(JS));
  await writeFile(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
  apps.production = await startTestApp({ config: { adminDist: dist, env: 'production' } });
  apps.development = await startTestApp({ config: { adminDist: dist, env: 'development' } });
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((a) => a.close()));
  await rm(dist, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, encoding?: string) =>
  app.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the admin’s static files', () => {
  it('sends the precompressed file the browser accepts, brotli first, with the right Content-Encoding', async () => {
    const br = await get(apps.production!, '/admin/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
    const gz = await get(apps.production!, '/admin/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await get(apps.production!, '/admin/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('caches hashed assets for a year as immutable, and revalidates index.html every time', async () => {
    expect((await get(apps.production!, '/admin/assets/index-abc123.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const index = await get(apps.production!, '/admin/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('serves source maps in development only', async () => {
    expect((await get(apps.production!, '/admin/assets/index-abc123.js.map')).statusCode).toBe(404);
    expect((await get(apps.development!, '/admin/assets/index-abc123.js.map')).statusCode).toBe(200);
  });

  it('answers odd paths under /admin/ with a 4xx, never a 5xx or a file outside the build', async () => {
    for (const path of [
      '%E0%A4%A',
      '..%2F..%2Fetc%2Fpasswd',
      '../../etc/passwd',
      'assets/x%00.js',
      'assets/%ED%A0%80',
      'x'.repeat(300),
      'assets/index-abc123.js.br',
    ]) {
      const res = await get(apps.production!, `/admin/${path}`, 'br');
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.body, path).not.toContain('root:');
    }
  });
});
