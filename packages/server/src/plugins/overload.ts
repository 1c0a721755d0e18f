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
    return reply.code(503).header('retry-after', String(RETRY_AFTER)).send({ _status: -1, message: 'The server is busy. Try again in a moment.' });
  };

  // The event loop's delay, as @fastify/under-pressure measures it (a histogram at 10 ms
  // resolution, its mean per 100 ms window), but shed only when it has stayed behind for
  // SUSTAINED windows in a row: one long task (a start, a big export) is not an overload.
  const maxDelay = opts.maxEventLoopDelay ?? 100;
  let behind = 0;
  if (maxDelay > 0) {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const sampler = setInterval(() => {
      const mean = histogram.count ? histogram.mean / 1e6 - 10 : Infinity;
      behind = mean > maxDelay ? behind + 1 : 0;
      histogram.reset();
    }, 100);
    sampler.unref();
    app.addHook('onClose', async () => {
      clearInterval(sampler);
      histogram.disable();
    });
  }
  const maxBacklog = opts.maxEventBacklog ?? 20_000;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.shed && (behind >= SUSTAINED || app.events.backlog() > maxBacklog)) return void shed(reply);
    done();
  });
});
