/**
 * The embed's files, public on every origin: `/embed/v1/loader.js` (the tag partner pages add),
 * `/embed/v1/choose.js` (the visit and the choice function it fetches beside the campaigns),
 * `/embed/v1/popup.js` (the renderer it loads), `/embed/v1/fonts.js` (the self-hosted fonts'
 * faces, which the renderer imports only for a campaign that chose one) and the font files
 * (fonts.ts). Read once at start and compressed in memory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { packageRoot } from '../../lib/paths.js';
import fontRoutes from './fonts.js';

/** The built embed beside this package (packages/popup/dist/embed), when it exists. */
export function resolveEmbedDist(): string | null {
  const dist = resolve(packageRoot(), '..', 'popup', 'dist', 'embed');
  return existsSync(join(dist, 'loader.js')) ? dist : null;
}

interface Asset {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export default async function embedRoutes(app: FastifyInstance, opts: { dist: string | null }) {
  const assets = new Map<string, Asset>();
  for (const name of ['loader.js', 'choose.js', 'popup.js', 'fonts.js']) {
    const file = opts.dist && join(opts.dist, name);
    if (!file || !existsSync(file)) continue;
    const raw = readFileSync(file);
    assets.set(name, {
      raw,
      gzip: gzipSync(raw, { level: 9 }),
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      etag: `"${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`,
    });
  }
  await app.register(fontRoutes);
  if (!assets.size) app.log.warn('the embed is not built (npm run build -w @lead/popup): /embed/v1/ answers 404');

  app.get('/embed/v1/:file', { config: { securityHeaders: false } }, async (request, reply) => {
    const asset = assets.get((request.params as { file: string }).file);
    if (!asset) return reply.code(404).type('text/plain').send('Not found');
    void reply
      .header('content-type', 'text/javascript; charset=utf-8')
      // The loader's address never changes: browsers check it again after 5 minutes.
      .header('cache-control', 'public, max-age=300, stale-while-revalidate=86400')
      .header('etag', asset.etag)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    const accept = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(asset.br);
    if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.raw);
  });
}
