// Where a command's CPU time goes, Chromium's processes included:
//   node scripts/cpu-by-process.mjs -- npx vitest run --project e2e e2e/builder.test.ts
// (from packages/admin). `time` misses Chromium's renderer, GPU and utility processes, which
// their parents never wait for (docs/performance.md, "2026-11-24 (night)"). This samples every
// process's CPU time in /proc twice a second while the command runs, and prints CPU-s by kind of
// process, and the whole machine's busy CPU-s (/proc/stat). Processes outside the command are
// counted too: run it on an otherwise idle machine. What a process uses in its last half second
// is not seen (it has left /proc): the table undercounts short-lived processes, the machine's
// total does not.
import { spawn } from 'node:child_process';
import { commandLine, machineBusyTicks, processTicks, TICKS } from './proc-stat.mjs';
const args = process.argv.slice(process.argv.indexOf('--') + 1);
if (!process.argv.includes('--') || args.length === 0) {
  console.error('usage: node scripts/cpu-by-process.mjs -- <command> [args…]');
  process.exit(2);
}

function kind(pid) {
  const cmd = commandLine(pid);
  if (cmd === null) return null; // already gone
  if (/chrom/.test(cmd)) {
    const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser';
    const sub = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1];
    return `Chromium ${type}${sub ? ` (${sub})` : ''}`;
  }
  if (/^postgres/.test(cmd)) return 'PostgreSQL';
  if (/(server\/dist\/main\.js|src\/main\.ts)/.test(cmd)) return 'a Lead server';
  if (/vitest/.test(cmd)) return 'vitest';
  if (cmd === '') return 'the kernel';
  return cmd.slice(0, 50);
}

const seen = new Map(); // pid:start time → ticks at the last sample
const byKind = new Map();
function sample() {
  for (const [key, { pid, ticks }] of processTicks()) {
    const before = seen.get(key);
    seen.set(key, ticks);
    if (before === undefined || ticks === before) continue;
    const name = kind(pid) ?? '(gone)';
    byKind.set(name, (byKind.get(name) ?? 0) + (ticks - before) / TICKS);
  }
}

sample(); // what every process had used before the command: not counted
const busyBefore = machineBusyTicks();
const started = Date.now();
const timer = setInterval(sample, 500);
const child = spawn(args[0], args.slice(1), { stdio: 'inherit' });
child.on('exit', (code, signal) => {
  clearInterval(timer);
  sample();
  const seconds = (Date.now() - started) / 1000;
  const busy = (machineBusyTicks() - busyBefore) / TICKS;
  console.log(`\n${args.join(' ')}: ${signal ?? `exit ${code}`}, ${seconds.toFixed(1)} s`);
  console.log(`the machine's busy CPU time: ${busy.toFixed(1)} CPU-s (${(busy / seconds).toFixed(2)} cores on average)\n`);
  console.log('| process | CPU-s |\n|---|---:|');
  for (const [name, cpu] of [...byKind]
    .filter(([, cpu]) => cpu >= 0.1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15))
    console.log(`| ${name} | ${cpu.toFixed(1)} |`);
  process.exit(code ?? 1);
});
