import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A ceiling, not a wait: two Chromiums start on a machine that may be loaded.
    testTimeout: 60_000,
  },
});
