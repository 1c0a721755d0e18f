// The JavaScript each route of the built admin loads before its screen shows, gzipped, from
// Vite's manifest: the entry's static imports plus the route's screen and its static imports
// (dynamic imports, loaded later, are not counted). Fails when a route is more than 10% over its
// budget in size-budget.json; `--update` records the sizes as the new budget. Run after
// `npm run build -w @lead/admin`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const manifestFile = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: run npm run build -w @lead/admin first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const budgetFile = join(root, 'size-budget.json');
const budget = existsSync(budgetFile) ? JSON.parse(readFileSync(budgetFile, 'utf8')) : {};
const TOLERANCE = 0.1;

/** Every chunk a manifest key loads statically, itself included. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
// The routes' screens, read from the one route table.
const routesSource = readFileSync(join(root, 'src', 'routes.tsx'), 'utf8');
const routes = new Map();
// One route object may span lines (prettier breaks the long ones): match up to its closing brace.
const found = [...routesSource.matchAll(/path: '([^']+)'[^}]*?import\('\.\/(screens\/[^']+)\.js'\)/g)];
const declared = [...routesSource.matchAll(/path: '/g)].length;
if (found.length !== declared) {
  console.error(
    `routes.tsx declares ${declared} routes but ${found.length} were read with their screen: fix the pattern here, or no route is left unmeasured.`,
  );
  process.exit(1);
}
for (const m of found) {
  const key = `src/${m[2]}.tsx`;
  if (!routes.has(key)) routes.set(key, m[1]);
}

const rows = [];
for (const [key, path] of routes) {
  if (!manifest[key]) {
    console.error(`${key} (route ${path}) is not in the manifest.`);
    process.exit(1);
  }
  const files = new Set([...closure(entry), ...closure(key)].map((k) => manifest[k].file));
  const total = [...files].reduce((sum, f) => sum + gzipped(f), 0);
  rows.push({ name: path, files: files.size, gzip: total, screen: gzipped(manifest[key].file) });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const over = [];
console.log('| Route | Files | JS before the screen (gzip) | Screen chunk (gzip) | Budget | |');
console.log('|---|---:|---:|---:|---:|---|');
for (const r of rows) {
  const b = budget[r.name];
  const limit = b === undefined ? undefined : Math.round(b * (1 + TOLERANCE));
  const status = b === undefined ? 'no budget' : r.gzip > limit ? `OVER by ${kb(r.gzip - b)}` : 'ok';
  if (b === undefined || r.gzip > limit) over.push(r.name);
  console.log(
    `| \`${r.name}\` | ${r.files} | ${kb(r.gzip)} | ${kb(r.screen)} | ${b === undefined ? '-' : kb(b)} | ${status} |`,
  );
}

if (process.argv.includes('--update')) {
  writeFileSync(budgetFile, JSON.stringify(Object.fromEntries(rows.map((r) => [r.name, r.gzip])), null, 2) + '\n');
  console.log('\nBudgets written to size-budget.json.');
} else if (over.length) {
  console.error(`\n${over.length} route(s) without a budget or more than 10% over it: ${over.join(', ')}.`);
  process.exit(1);
}
