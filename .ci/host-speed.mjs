// How fast this host runs one thread now: the median of three runs of a fixed integer loop, in
// milliseconds. CI prints it at the start and at the end of a run (.ci/summary.mjs), so that a run
// on a slow or shared host is told apart from a change that made the suite slower: the machine's
// speed has varied by half within a day, and its /proc shows no process of what slowed it.
const runs = [];
for (let run = 0; run < 3; run++) {
  const start = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 100_000_000; i++) x = (x * 31 + i) | 0;
  runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (x === 0.5) console.log(x); // never: keeps the loop from being optimised away
}
console.log(Math.round(runs.sort((a, b) => a - b)[1]));
