import { defineConfig } from 'vitest/config';

// Pure functions: the files share one worker's modules (#27).
export default defineConfig({ test: { isolate: false } });
