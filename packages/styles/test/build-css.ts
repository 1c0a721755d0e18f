import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { build } from 'esbuild';
import { join } from 'node:path';

/** The CSS an entry of this package builds to with the build's vanilla-extract settings (tsup.config.ts). */
export async function cssOf(entry: string, { minify = true }: { minify?: boolean } = {}): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, '..', entry)],
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'esm',
    minify,
    external: ['@vanilla-extract/css'],
    plugins: [vanillaExtractPlugin({ identifiers: 'short' })],
    logLevel: 'error',
  });
  return result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
}
