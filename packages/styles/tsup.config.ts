import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig } from 'tsup';

/**
 * The .css.ts files run at build time: the output is plain CSS (dist/index.css) and a small
 * module of class names and CSS variable names, so a consumer needs no vanilla-extract tooling.
 */
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'es2022',
  // Minified CSS also drops the plugin's per-file source comments.
  minify: true,
  esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
});
