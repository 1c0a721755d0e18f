import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has no CSS.escape, which react-aria's collections use; browsers all do.
if (!globalThis.CSS?.escape) {
  (globalThis as { CSS?: unknown }).CSS = { ...(globalThis.CSS ?? {}), escape: (v: string) => v.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`) };
}
