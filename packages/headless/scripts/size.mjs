// Prints the minified and gzipped size of each entry of the built package, and fails when an
// entry is more than 10% over its budget in size-budget.json. `--update` records the sizes as
// the new budget. Each entry is bundled as a consumer would (react-aria-components and
// temporal-polyfill included; react and react-dom are the consumer's own).
import { build } from 'esbuild';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const budgetFile = join(root, 'size-budget.json');
const budget = existsSync(budgetFile) ? JSON.parse(readFileSync(budgetFile, 'utf8')) : {};
const TOLERANCE = 0.1;

const rows = [];
for (const [subpath, target] of Object.entries(pkg.exports)) {
  // The ES module of each entry (./package.json and type-only entries have nothing to weigh).
  if (typeof target !== 'object' || subpath === './types') continue;
  const file = join(root, target.import.default);
  if (!existsSync(file)) {
    console.error(`${file} is missing: run npm run build first.`);
    process.exit(1);
  }
  const result = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const code = result.outputFiles[0].contents;
  const name = subpath === '.' ? '@lead/headless' : `@lead/headless/${subpath.slice(2)}`;
  rows.push({ name, min: code.length, gzip: gzipSync(code, { level: 9 }).length });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const over = [];
console.log('| Entry | Minified | Gzipped | Budget (gzip) | |');
console.log('|---|---:|---:|---:|---|');
for (const r of rows) {
  const b = budget[r.name];
  const limit = b === undefined ? undefined : Math.round(b * (1 + TOLERANCE));
  const status = b === undefined ? 'no budget' : r.gzip > limit ? `OVER by ${kb(r.gzip - b)}` : 'ok';
  if (b !== undefined && r.gzip > limit) over.push(r.name);
  console.log(`| ${r.name} | ${kb(r.min)} | ${kb(r.gzip)} | ${b === undefined ? '-' : kb(b)} | ${status} |`);
}

if (process.argv.includes('--update')) {
  writeFileSync(budgetFile, JSON.stringify(Object.fromEntries(rows.map((r) => [r.name, r.gzip])), null, 2) + '\n');
  console.log(`\nBudgets written to size-budget.json.`);
} else if (over.length) {
  console.error(
    `\n${over.length} entr${over.length === 1 ? 'y is' : 'ies are'} more than 10% over budget: ${over.join(', ')}.`,
  );
  process.exit(1);
}
