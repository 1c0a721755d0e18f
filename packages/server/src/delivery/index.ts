import type { BlockList } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DeliveryWorker } from './worker.js';

/** Lead delivery as the rest of the server sees it: the delivery clock, and a nudge to the worker. */
export interface DeliveryService {
  /** The clock deliveries are scheduled on (tests move it to run days of backoff in seconds). */
  now(): Date;
  /** Something became due (a lead committed, a replay): the worker looks now rather than at its next poll. */
  wake(): void;
  /** One round of the worker by hand (tests): claims what is due, delivers it, answers how many. */
  runOnce(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryService;
  }
}

export interface DeliveryOptions {
  now: () => Date;
  /** Run the worker in this process (started when the app is ready, stopped when it closes). */
  worker: boolean;
  allowPrivate: BlockList;
  timeoutMs: number;
  pollMs?: number;
  random?: () => number;
}

/**
 * The webhook worker of this process (delivery/worker.ts), and `app.delivery`. Every process may
 * run one: they share the outbox through SKIP LOCKED.
 */
export default fp(
  async function delivery(app: FastifyInstance, opts: DeliveryOptions) {
    const worker = new DeliveryWorker({
      db: app.db,
      now: opts.now,
      target: (id) => app.destinations.signingTarget(id),
      allow: opts.allowPrivate,
      timeoutMs: opts.timeoutMs,
      ...(opts.pollMs ? { pollMs: opts.pollMs } : {}),
      ...(opts.random ? { random: opts.random } : {}),
      log: app.log,
      observe: (result, seconds) => {
        if (!app.hasDecorator('metrics')) return;
        app.metrics.deliveries.inc({ result });
        app.metrics.deliveryAttemptSeconds.observe({ result }, seconds);
      },
    });
    app.decorate('delivery', {
      now: opts.now,
      wake: () => worker.wake(),
      runOnce: () => worker.runOnce(),
    } satisfies DeliveryService);
    if (opts.worker) {
      app.addHook('onReady', async () => worker.start());
    }
    // Stopped before the database closes (hooks run in reverse): the requests in flight finish and are recorded.
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'delivery', dependencies: ['destinations-repository'] },
);
