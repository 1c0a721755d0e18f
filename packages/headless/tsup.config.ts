import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

/** One entry per component, so that a consumer's bundle takes only what it imports. */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    // One entry per folder of src/ that has an index.ts.
    ...Object.fromEntries(
      readdirSync('src', { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(`src/${d.name}/index.ts`))
        .map((d) => [`${d.name}/index`, `src/${d.name}/index.ts`]),
    ),
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: 'es2022',
});
