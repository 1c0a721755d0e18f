import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  minify: false,
  target: 'es2020',
  // @lead/contract is TypeScript source: bundle the few rules the renderer uses.
  noExternal: ['@lead/contract'],
});
