import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Our own workspace packages are TypeScript source: bundle them; keep npm packages external.
  noExternal: [/^@lead\//],
});
