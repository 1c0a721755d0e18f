import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // One jsdom and one react-aria per worker, not per file: the run's CPU time fell to a third
    // (#27, docs/testing.md). Testing Library unmounts after every test (test/setup.ts).
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // A ceiling, not a wait: a test ends when its last condition holds. jsdom renders react-aria's
    // bigger widgets (a two-month calendar, a dialog and its axe scan) in seconds on a loaded machine.
    testTimeout: 30_000,
    // @guidepup/virtual-screen-reader reads live-region changes a tick late; when the region was
    // removed meanwhile (a popover that closed), its name lookup throws on the detached node. That
    // one error of the tool is ignored; every other unhandled error still fails the run.
    onUnhandledError(error) {
      const stack = String(error.stack ?? '');
      return !(error.message === 'root.getElementById is not a function' && stack.includes('virtual-screen-reader'));
    },
  },
});
