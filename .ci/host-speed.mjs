// How fast this host runs one thread now, and how much of the machine something else is using.
// CI prints both at the start and at the end of a run (.ci/summary.mjs), so that a run on a slow or
// shared host is told apart from a change that made the suite slower.
//
// Prints one line of three tab-separated fields:
//   - the median of three runs of a fixed integer loop, in milliseconds;
//   - the cores that other processes kept busy meanwhile (the machine's busy time from
//     /proc/stat, less this process's own);
//   - the processes that used the most of it, with their share of a core ('-' when none used
//     a tenth of one).
// The loop alone could not see a process left spinning on the other core: on 2026-11-25 it read
// 569–617 ms both on the night a run took 21 min and on the morning the same code took 13 min 33 s.
import { commandLine, machineBusyTicks, processTicks, TICKS } from '../scripts/proc-stat.mjs';

const startedAt = process.hrtime.bigint();
const busyBefore = machineBusyTicks();
const ownBefore = process.cpuUsage();
const processesBefore = processTicks();

const runs = [];
for (let run = 0; run < 3; run++) {
  const start = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 100_000_000; i++) x = (x * 31 + i) | 0;
  runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (x === 0.5) console.log(x); // never: keeps the loop from being optimised away
}

const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
const own = process.cpuUsage(ownBefore);
const otherCores = Math.max(0, ((machineBusyTicks() - busyBefore) / TICKS - (own.user + own.system) / 1e6) / seconds);
const busiest = [...processTicks()]
  .map(([key, { pid, name, ticks }]) => ({ pid, name, cores: (ticks - (processesBefore.get(key)?.ticks ?? 0)) / TICKS / seconds }))
  .filter((p) => p.cores >= 0.1)
  .sort((a, b) => b.cores - a.cores)
  .slice(0, 3)
  .map((p) => `${(commandLine(p.pid) || p.name).slice(0, 60)} (${p.cores.toFixed(1)})`);

console.log([Math.round(runs.sort((a, b) => a - b)[1]), otherCores.toFixed(1), busiest.join('; ') || '-'].join('\t'));
