// CPU time from Linux's /proc, for scripts/cpu-by-process.mjs and .ci/host-speed.mjs.
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second in /proc (USER_HZ on Linux). */
export const TICKS = 100;

/** Busy ticks of the whole machine: user, nice, system, irq, softirq, steal. */
export function machineBusyTicks() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return user + nice + system + irq + softirq + steal;
}

/**
 * Every process's CPU ticks so far (utime + stime) and its name (the kernel's short one), but this
 * one's, keyed by pid and start time (a pid reused later is another process). A process gone
 * meanwhile is left out.
 */
export function processTicks() {
  const out = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(`${pid}:${fields[19]}`, { pid, name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  return out;
}

/** A process's command line, or null once it is gone. */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return null;
  }
}
