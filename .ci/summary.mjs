// What .ci/run prints last. Always: the seconds of each step (.ci-steps.tsv, written by .ci/run)
// and the ten slowest test files (.ci-times.jsonl, written by .ci/file-times.mjs). Without
// --steps-only also the plain closing line, "tests: N passed, N failed", and exit 1 on a failure
// or on no test at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const stepsOnly = process.argv.includes('--steps-only');
const seconds = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

function table(title, head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${title}\n${line(head)}\n|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

if (existsSync('.ci-steps.tsv')) {
  const steps = readFileSync('.ci-steps.tsv', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'));
  // A step run beside others (third column) is shown, but not added: the total is the run's time.
  // "cores busy" (fourth) is the whole machine's, beside steps included: a step at 2.0 on two
  // cores is shortened only by less CPU work, not by running more beside it.
  const total = steps.filter(([, , beside]) => !beside).reduce((sum, [, s]) => sum + Number(s), 0);
  table(
    'CI steps',
    ['step', 'seconds', 'm:ss', 'cores busy'],
    [...steps.map(([name, s, , cores]) => [name, s, seconds(Number(s)), cores || '-']), ['total', total, seconds(total), '']],
  );
}

if (existsSync('.ci-host.tsv')) {
  // The same loop took 590 ms on this 2-core machine idle on 2026-11-24 (night), when the
  // admin's tests alone took 800 s: compare runs' seconds in proportion to this speed. The other
  // work is what processes outside this run used meanwhile (a leftover server, another suite).
  const at = Object.fromEntries(
    readFileSync('.ci-host.tsv', 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const [when, ms, cores, busiest] = l.split('\t');
        return [when, { ms, cores, busiest }];
      }),
  );
  const part = (when) => {
    const m = at[when];
    if (!m) return `not measured at the ${when}`;
    const other = m.cores === undefined ? '' : ` (other work: ${m.cores} cores${m.busiest && m.busiest !== '-' ? `, mostly ${m.busiest}` : ''})`;
    return `${m.ms} ms at the ${when}${other}`;
  };
  console.log(`\nThe host's speed (.ci/host-speed.mjs; 590 ms idle on 2026-11-24): ${part('start')}; ${part('end')}`);
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
    files.slice(0, 10).map((f) => [f.state === 'failed' ? `${f.file} (failed)` : f.file, f.project || '-', f.seconds.toFixed(1), f.tests]),
  );
}

let passed = 0;
let failed = 0;
const reports = [];
for (const pkg of readdirSync('packages')) {
  const manifest = join('packages', pkg, 'package.json');
  const hasTests = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test;
  if (!stepsOnly && hasTests && !existsSync(join('packages', pkg, '.ci-results.json'))) {
    console.log(`packages/${pkg}: its tests wrote no report`);
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
if (stepsOnly) process.exit(0);
console.log(`\n${reports.join('\n')}`);
if (passed === 0) {
  console.log('tests: 0 passed, 1 failed (no test ran)');
  process.exit(1);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
