/**
 * The "admin under flood" row of `npm run bench:runtime`: the admin's median answer (a campaign's
 * detail page, signed in) alone, then while 20 addresses (127.0.0.2 to .21, real socket addresses)
 * flood the public events route, 100 connections each, batches of 100 events as fast as they are
 * answered, from a worker thread (bench/flood-worker.mjs). Goal: a median under 100 ms through the
 * flood (issue #28).
 */
import { Worker } from 'node:worker_threads';

export interface FloodRow {
  alone: { p50: number; p99: number; n: number };
  flooded: { p50: number; p99: number; n: number };
  /** Answers per second, their statuses, and connections the server closed during the run. */
  flood: { rps: number; statuses: Record<string, number>; errors: number };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * Asks `url` every 50 ms, whether or not the previous answer came (an open loop: a slow answer does
 * not hold back the next question, so slow answers weigh as much as they do for staff), until
 * `until()` says stop: each answer's time.
 */
async function timeAnswers(url: string, headers: Record<string, string>, until: () => boolean): Promise<number[]> {
  const asked: Array<Promise<number>> = [];
  const ask = async () => {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`admin answered ${res.status}`);
    return performance.now() - start;
  };
  while (!until()) {
    asked.push(ask());
    await new Promise((r) => setTimeout(r, 50));
  }
  return (await Promise.all(asked)).sort((a, b) => a - b);
}

const summary = (times: number[]) => ({
  p50: Math.round(quantile(times, 0.5)),
  p99: Math.round(quantile(times, 0.99)),
  n: times.length,
});

export async function adminUnderFlood(opts: {
  base: string;
  port: number;
  adminUrl: string;
  auth: Record<string, string>;
  code: string;
  seconds: number;
  origin: string;
  userAgent: string;
}): Promise<FloodRow> {
  const aloneUntil = Date.now() + 3000;
  const alone = summary(await timeAnswers(opts.adminUrl, opts.auth, () => Date.now() > aloneUntil));
  const worker = new Worker(new URL('./flood-worker.mjs', import.meta.url), {
    workerData: {
      port: opts.port,
      code: opts.code,
      seconds: opts.seconds,
      addresses: 20,
      perAddress: 100,
      origin: opts.origin,
      userAgent: opts.userAgent,
    },
  });
  let done = false;
  const result = new Promise<FloodRow['flood']>((resolve, reject) => {
    worker.once('message', (m: FloodRow['flood']) => {
      done = true;
      resolve(m);
    });
    worker.once('error', reject);
  });
  // Measured once the flood has had a second to build up, until it ends.
  const started = Date.now();
  await timeAnswers(opts.adminUrl, opts.auth, () => Date.now() - started > 1000);
  const flooded = summary(await timeAnswers(opts.adminUrl, opts.auth, () => done));
  const flood = await result;
  await worker.terminate();
  return { alone, flooded, flood };
}
