import { readdirSync } from 'node:fs';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig, type Options } from 'tsup';

/** One stylesheet per file of src/components (button, field, table...), each on its own. */
const parts = Object.fromEntries(
  readdirSync('src/components')
    .filter((f) => f.endsWith('.css.ts'))
    .map((f) => [f.replace(/\.css\.ts$/, ''), `src/components/${f}`]),
);

/**
 * The .css.ts files run at build time: the output is plain CSS (dist/index.css) and a small
 * module of class names and CSS variable names, so a consumer needs no vanilla-extract tooling.
 * The same rules are also written a stylesheet per component (dist/css/button.css...) beside the
 * themes (dist/css/theme.css), for an app that uses a few components only.
 */
const common: Options = {
  target: 'es2022',
  // Minified CSS also drops the plugin's per-file source comments.
  minify: true,
  esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
};

export default defineConfig([
  { ...common, entry: { index: 'src/index.ts' }, format: ['esm', 'cjs'], dts: true, clean: true },
  {
    ...common,
    entry: { theme: 'src/themes.css.ts', ...parts },
    outDir: 'dist/css',
    format: ['esm'],
    dts: false,
    clean: false,
  },
]);
