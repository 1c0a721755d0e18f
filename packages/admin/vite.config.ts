import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.js';

// Served by the API server under /admin/; `vite dev` proxies the API to it.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), vanillaExtractPlugin(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
  // The manifest tells `npm run size` which chunks each route loads.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
