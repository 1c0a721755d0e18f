// Prints the renderer's minified and gzipped size (what a partner site would load).
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

const result = await build({
  entryPoints: [new URL('../dist/index.js', import.meta.url).pathname],
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  logLevel: 'error',
});
const code = result.outputFiles[0].contents;
console.log(`| @lead/popup | ${(code.length / 1024).toFixed(1)} KB | ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} KB |`);
