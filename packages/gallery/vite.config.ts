import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gallery consumes the built packages (their dist), as any other internal tool would.
export default defineConfig({
  base: './',
  plugins: [react()],
  server: { port: 5174 },
  // The gallery is one page holding every component (and a 100,000-row table): a developer's
  // tool, never served to users, whose one chunk holds the whole library and React (about 1 MB).
  // What a consumer loads is budgeted per entry by `npm run size`.
  build: { outDir: 'dist', chunkSizeWarningLimit: 2048 },
});
