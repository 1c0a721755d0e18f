import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Lead delivery as the rest of the server sees it: the delivery clock, and a nudge to the worker. */
export interface DeliveryService {
  /** The clock deliveries are scheduled on (tests move it to run days of backoff in seconds). */
  now(): Date;
  /** Something became due (a lead committed, a replay): the worker looks now rather than at its next poll. */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryService;
  }
}

export interface DeliveryOptions {
  now: () => Date;
}

export default fp(
  async function delivery(app: FastifyInstance, opts: DeliveryOptions) {
    app.decorate('delivery', {
      now: opts.now,
      wake() {},
    } satisfies DeliveryService);
  },
  { name: 'delivery' },
);
