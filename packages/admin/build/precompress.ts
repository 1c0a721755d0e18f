import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, over 1 KiB. Source maps are left as they are (not served in production). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside each
 * text file of the build, once, so that the server sends them as they are
 * (`@fastify/static` with `preCompressed`) instead of compressing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lead-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const root = join(process.cwd(), outDir);
      const walk = async (dir: string): Promise<string[]> => {
        const out: string[] = [];
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) out.push(...(await walk(path)));
          else if (COMPRESSIBLE.test(entry.name) && (await stat(path)).size > 1024) out.push(path);
        }
        return out;
      };
      for (const file of await walk(root)) {
        const data = await readFile(file);
        await writeFile(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
