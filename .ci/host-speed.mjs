// How fast this host runs one thread now: the median of three runs of a fixed integer loop, in
// milliseconds. CI prints it at the start and at the end of a run (.ci/summary.mjs), so that a run
// on a slow or shared host is told apart from a change that made the suite slower: on this
// machine the same Node benchmark ran a third slower one night than when it was recorded, and a
// journey file took half as long again, with no process of ours to account for it.
const runs = [];
for (let run = 0; run < 3; run++) {
  const start = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 100_000_000; i++) x = (x * 31 + i) | 0;
  runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (x === 0.5) console.log(x); // never: keeps the loop from being optimised away
}
console.log(Math.round(runs.sort((a, b) => a - b)[1]));
