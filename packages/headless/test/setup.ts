import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy* and waitFor return as soon as their condition holds; their ceiling (1 s by default) is
// raised so that a loaded machine fails nothing that would pass on an idle one.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no CSS.escape, which react-aria's collections use; browsers all do.
if (!globalThis.CSS?.escape) {
  (globalThis as { CSS?: unknown }).CSS = {
    ...(globalThis.CSS ?? {}),
    escape: (v: string) => v.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`),
  };
}
