import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bodyKeysPlugin } from './build/body-keys.js';
import { precompress } from './build/precompress.js';

// Served by the API server under /admin/; `vite dev` proxies the API to it.
export default defineConfig({
  base: '/admin/',
  plugins: [
    // The admin speaks English: react-aria's strings for its 34 other locales (30 KB gzipped on
    // the list route) stay out of the bundle; any browser locale falls back to en-US.
    optimizeLocales.vite({ locales: ['en-US'] }),
    react(),
    vanillaExtractPlugin(),
    // The write bodies' keys, from the contract's schemas, without TypeBox in the bundle.
    bodyKeysPlugin(),
    precompress(),
  ],
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
