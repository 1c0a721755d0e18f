// What .ci/run prints last: the ten slowest test files (.ci-times.jsonl, written by
// .ci/file-times.mjs), each test report's counts, and the plain closing line
// "tests: N passed, N failed"; exit 1 on a failure, on a package whose tests wrote no report, or
// on no test at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function table(title, head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  console.log(
    `\n${title}\n${line(head)}\n|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const r of rows) console.log(line(r));
}

if (existsSync('.ci-times.jsonl')) {
  const files = readFileSync('.ci-times.jsonl', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .sort((a, b) => b.seconds - a.seconds);
  const all = files.reduce((sum, f) => sum + f.seconds, 0);
  table(
    `The ten slowest test files (of ${files.length}, ${Math.round(all)} s in all, some run side by side)`,
    ['file', 'run', 'seconds', 'tests'],
    files
      .slice(0, 10)
      .map((f) => [
        f.state === 'failed' ? `${f.file} (failed)` : f.file,
        f.project || '-',
        f.seconds.toFixed(1),
        f.tests,
      ]),
  );
}

let passed = 0;
let failed = 0;
const reports = [];
for (const pkg of readdirSync('packages')) {
  const manifest = join('packages', pkg, 'package.json');
  const hasTests = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test;
  if (hasTests && !existsSync(join('packages', pkg, '.ci-results.json'))) {
    console.log(`packages/${pkg}: its tests wrote no report`);
    failed++;
  }
  // The server's tests run twice: on PGlite, and on PostgreSQL.
  if (pkg === 'server' && hasTests && !existsSync(join('packages', pkg, '.ci-results-pg.json'))) {
    console.log('packages/server: its tests on PostgreSQL wrote no report');
    failed++;
  }
  for (const name of ['.ci-results.json', '.ci-results-pg.json']) {
    const file = join('packages', pkg, name);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    reports.push(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  }
}
console.log(`\n${reports.join('\n')}`);
if (passed === 0) {
  console.log('tests: 0 passed, 1 failed (no test ran)');
  process.exit(1);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
