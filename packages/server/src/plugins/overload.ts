/**
 * No stall, no starvation (docs/security.md): what keeps a flood of the public routes from taking
 * the admin down. The request, header and idle timeouts are the server's own (app.ts); here:
 *
 * - a cap on the connections one address (an IPv6 /64) holds open at once: more are closed as
 *   they come, before a byte is read (behind a proxy every connection is the proxy's, so the cap
 *   is off there and belongs to the proxy: docs/scaling.md);
 * - load shedding on the public routes (`config.shed`): while the event loop stays behind (its
 *   mean delay over 100 ms windows, two in a row) or the events waiting for their statement pile
 *   up, they are answered 503 with Retry-After at once, and the admin's requests go on.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../runtime/rate-limit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: a public route, answered 503 while the process is overloaded. */
    shed?: boolean;
  }
  interface FastifyInstance {
    /** The event loop's pressure, as the load shedding sees it. */
    loopPressure: LoopPressure;
  }
}

export interface OverloadOptions {
  maxConnectionsPerAddress: number;
  /**
   * Mean event-loop delay (ms, per 100-ms window, two windows in a row) above which the public routes are shed. The
   * delay, not the utilisation: a loop busy with short tasks (or PGlite's queries, which run on it)
   * still answers in time; a delayed one makes every request wait. 0: never (the tests' default).
   */
  maxEventLoopDelay?: number;
  /** Event rows waiting for their statement above which the events route is shed. */
  maxEventBacklog?: number;
  /**
   * How often (ms) the loop's delay is sampled into a window: 100. 0: never by a timer; the
   * windows come from `app.loopPressure.sample()` (the tests, which choose when a window ends).
   */
  sampleEveryMs?: number;
}

/** Windows of the event loop's delay, and whether enough of them in a row were behind. */
export interface LoopPressure {
  /** Ends a window: its mean delay (ms, what the loop was late by) counts for or against shedding. */
  window(meanDelayMs: number): void;
  /** Ends a window with the delay the event loop's histogram saw since the last one. */
  sample(): void;
  /** True while SUSTAINED windows in a row were over the threshold. */
  readonly overloaded: boolean;
}

/** Seconds a shed caller is asked to wait. */
const RETRY_AFTER = 2;
/** Consecutive 100-ms windows over the delay threshold before the public routes are shed. */
const SUSTAINED = 2;

export default fp(async function overload(app: FastifyInstance, opts: OverloadOptions) {
  const refused = app.metrics.refusedConnections;
  if (opts.maxConnectionsPerAddress > 0) {
    const open = new Map<string, number>();
    app.server.on('connection', (socket) => {
      const key = addressKey(socket.remoteAddress ?? '');
      const n = (open.get(key) ?? 0) + 1;
      if (n > opts.maxConnectionsPerAddress) {
        refused.inc();
        socket.destroy();
        return;
      }
      open.set(key, n);
      socket.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    });
  }

  const shed = (reply: FastifyReply) => {
    app.metrics.shed.inc();
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER))
      .send({ _status: -1, message: 'The server is busy. Try again in a moment.' });
  };

  // The event loop's delay, as @fastify/under-pressure measures it (a histogram at 10 ms
  // resolution, its mean per 100 ms window), but shed only when it has stayed behind for
  // SUSTAINED windows in a row: one long task (a start, a big export) is not an overload.
  const maxDelay = opts.maxEventLoopDelay ?? 100;
  const histogram = maxDelay > 0 ? monitorEventLoopDelay({ resolution: 10 }) : null;
  histogram?.enable();
  let behind = 0;
  const pressure: LoopPressure = {
    window(meanDelayMs) {
      behind = maxDelay > 0 && meanDelayMs > maxDelay ? behind + 1 : 0;
    },
    sample() {
      if (!histogram) return;
      // The histogram records the time between its own 10-ms timer's ticks (hence − 10); none
      // recorded: the loop never got to it. A reset forgets the last tick, so a window's first
      // tick goes unrecorded: under a sustained delay the others still show it.
      pressure.window(histogram.count ? histogram.mean / 1e6 - 10 : Infinity);
      histogram.reset();
    },
    get overloaded() {
      return behind >= SUSTAINED;
    },
  };
  app.decorate('loopPressure', pressure);
  const every = opts.sampleEveryMs ?? 100;
  const sampler = histogram && every > 0 ? setInterval(() => pressure.sample(), every) : null;
  sampler?.unref();
  app.addHook('onClose', async () => {
    if (sampler) clearInterval(sampler);
    histogram?.disable();
  });
  const maxBacklog = opts.maxEventBacklog ?? 20_000;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.shed && (pressure.overloaded || app.events.backlog() > maxBacklog))
      return void shed(reply);
    done();
  });
});
