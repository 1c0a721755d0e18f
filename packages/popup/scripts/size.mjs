// What a partner page loads, as the server sends it: the embed's loader and renderer
// (dist/embed, built by tsup), minified, gzipped (level 9) and brotli (quality 11).
// Fails when the loader is over its budget of 2 KB gzipped (issue #15), the choosing module
// (the visit and the choice function, fetched beside the campaigns) over its 3 KB, or the
// renderer grows more than 5% over its recorded size.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// popup.js: 13.8 KB recorded with the twelve layouts' own placement and motion (issue #42, about
// 1.7 KB), the lead form's proof-of-work solver (issue #44, about 1 KB) and the campaign style
// (issue #42: its CSS variables and the call that loads a chosen font, about 0.65 KB).
// fonts.js: the self-hosted fonts' faces (issue "The pop-up designer"), imported only by a pop-up
// whose campaign chose one; its font files are not counted.
const BUDGETS = {
  'loader.js': 2048,
  'choose.js': 3072,
  'popup.js': Math.round(13.8 * 1024 * 1.05),
  'fonts.js': 1536,
};
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
let failed = false;
console.log('| File | Minified | Gzipped | Brotli | Budget (gzip) |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, budget] of Object.entries(BUDGETS)) {
  const code = readFileSync(new URL(`../dist/embed/${name}`, import.meta.url));
  const gz = gzipSync(code, { level: 9 }).length;
  const br = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const over = gz > budget;
  failed ||= over;
  console.log(
    `| /embed/v1/${name} | ${kb(code.length)} | ${kb(gz)} | ${kb(br)} | ${kb(budget)}${over ? ' **over**' : ''} |`,
  );
}
if (failed) {
  console.error('\nAn embed file is over its size budget.');
  process.exit(1);
}
