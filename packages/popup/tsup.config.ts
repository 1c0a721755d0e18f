import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  target: 'es2020',
  // @lead/contract is TypeScript source: bundle the few rules the renderer uses.
  noExternal: ['@lead/contract'],
};

export default defineConfig([
  // The renderer as a library: the builder's preview imports it.
  { ...shared, entry: { index: 'src/index.ts' }, format: ['esm'], dts: true, clean: true, minify: false },
  // What partner pages load from the server (/embed/v1/): the loader as a classic script, the renderer as a module.
  {
    ...shared,
    entry: { loader: 'src/embed/loader.ts' },
    outDir: 'dist/embed',
    format: ['iife'],
    minify: true,
    outExtension: () => ({ js: '.js' }),
  },
  {
    ...shared,
    entry: { popup: 'src/embed/popup.ts' },
    outDir: 'dist/embed',
    format: ['esm'],
    minify: true,
    outExtension: () => ({ js: '.js' }),
  },
  // The self-hosted fonts' faces, a module of its own: a pop-up imports it only when its campaign chose a font.
  {
    ...shared,
    entry: { fonts: 'src/fonts.ts' },
    outDir: 'dist/embed',
    format: ['esm'],
    minify: true,
    outExtension: () => ({ js: '.js' }),
  },
  // The choosing module the loader fetches beside the campaigns: a file of its own (no shared chunk to serve).
  {
    ...shared,
    entry: { choose: 'src/embed/choose.ts' },
    outDir: 'dist/embed',
    format: ['esm'],
    minify: true,
    outExtension: () => ({ js: '.js' }),
  },
]);
