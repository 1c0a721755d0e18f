/**
 * The pop-up's self-hosted fonts (`/embed/v1/fonts/<name>.woff2`): only the files of the fonts a
 * campaign may choose (`POPUP_FONTS` in `@lead/contract`), taken from their npm packages and read
 * when first asked for. A pop-up asks for them only when its campaign chose that font, and only the
 * subsets its text needs (docs/runtime.md, "Style").
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { FONT_PACKAGES, POPUP_FONTS, fontFiles } from '@lead/contract';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

/** Every served font file's name (without `.woff2`) → its package path. */
export const FONT_FILES: ReadonlyMap<string, string> = new Map(
  Object.values(POPUP_FONTS).flatMap((font) =>
    font.faces.flatMap((face) =>
      fontFiles(face).map((f) => [f.name, `${FONT_PACKAGES[face.family]}/files/${f.name}.woff2`] as const),
    ),
  ),
);

export default async function fontRoutes(app: FastifyInstance) {
  const cache = new Map<string, Promise<{ body: Buffer; etag: string } | null>>();
  const load = (name: string) => {
    const path = FONT_FILES.get(name);
    if (!path) return Promise.resolve(null);
    let hit = cache.get(name);
    if (!hit) {
      hit = readFile(require.resolve(path)).then(
        (body) => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"` }),
        (error: unknown) => {
          app.log.error({ err: error, path }, 'a pop-up font file is missing');
          cache.delete(name);
          return null;
        },
      );
      cache.set(name, hit);
    }
    return hit;
  };

  app.get('/embed/v1/fonts/:file', { config: { securityHeaders: false } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const font = file.endsWith('.woff2') ? await load(file.slice(0, -'.woff2'.length)) : null;
    if (!font) return reply.code(404).type('text/plain').send('Not found');
    void reply
      .header('content-type', 'font/woff2')
      .header('cache-control', 'public, max-age=604800')
      .header('etag', font.etag)
      // Fonts are fetched in CORS mode: every partner origin may use them.
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === font.etag) return reply.code(304).send();
    return reply.send(font.body);
  });
}
