import { defineConfig } from 'tsup';

/** One entry per component, so that a consumer's bundle takes only what it imports. */
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'DateRangePicker/index': 'src/DateRangePicker/index.ts',
    'Stepper/index': 'src/Stepper/index.ts',
    'Filters/index': 'src/Filters/index.ts',
    'Timeline/index': 'src/Timeline/index.ts',
    'LoadingOverlay/index': 'src/LoadingOverlay/index.ts',
    'Toast/index': 'src/Toast/index.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: 'es2022',
});
