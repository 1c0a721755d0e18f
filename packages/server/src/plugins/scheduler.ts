import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepLifecycle } from '../repositories/lifecycle.js';

/** Runs the lifecycle sweep every `intervalMs` (and once at start) while the server is up. */
export default fp(async function scheduler(app: FastifyInstance, opts: { enabled: boolean; intervalMs: number; now: () => Date }) {
  if (!opts.enabled) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = sweepLifecycle(app.db, opts.now())
      .then((r) => {
        const changed = r.started.length + r.expired.length + r.deactivated.length;
        // What partner pages get changes with the statuses.
        if (changed) app.runtime?.invalidate();
        if (changed) app.log.info({ started: r.started, expired: r.expired, deactivated: r.deactivated }, 'campaign lifecycle sweep');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'campaign lifecycle sweep failed'));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, opts.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
