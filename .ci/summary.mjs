// Adds up the vitest JSON reports that .ci/run asked every workspace for,
// and prints the plain closing line: "tests: N passed, N failed".
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
const files = [];
for (const pkg of readdirSync('packages')) {
  const manifest = join('packages', pkg, 'package.json');
  const hasTests = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test;
  if (hasTests && !existsSync(join('packages', pkg, '.ci-results.json'))) {
    console.log(`packages/${pkg}: its tests wrote no report`);
    failed++;
  }
  for (const name of ['.ci-results.json', '.ci-results-pg.json']) {
    const file = join('packages', pkg, name);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    files.push(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  }
}
console.log(files.join('\n'));
if (passed === 0) {
  console.log('tests: 0 passed, 1 failed (no test ran)');
  process.exit(1);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
