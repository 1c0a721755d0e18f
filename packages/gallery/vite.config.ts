import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gallery consumes the built packages (their dist), as any other internal tool would.
export default defineConfig({
  base: './',
  plugins: [react()],
  server: { port: 5174 },
  build: { outDir: 'dist' },
});
