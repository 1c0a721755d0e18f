import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DedicatedSession } from '../db/connect.js';
import { pruneDeliveryAttempts } from '../repositories/deliveries.js';
import { sweepLifecycle } from '../repositories/lifecycle.js';
import { sweepRetention } from '../repositories/retention.js';

/** The retention sweep runs at most this often (by the scheduler's clock), at the first tick after. */
export const RETENTION_EVERY_MS = 3_600_000;

/** The session-level advisory lock whose holder is the one process that runs the sweeps. */
export const SCHEDULER_LOCK = 720_004;

/**
 * Runs the lifecycle sweep every `intervalMs` (and once at start) while the server is up, in one
 * process of however many share the database: each tick, a process that is not the leader tries
 * the advisory lock on a connection of its own; the lock lasts as long as that connection, so
 * when the leader stops (or loses the database) another process takes over at its next tick.
 * The leader also runs the retention sweep (docs/privacy.md) once an hour by `now`, and prunes
 * webhook attempts older than `deliveryKeepDays`.
 */
export default fp(async function scheduler(
  app: FastifyInstance,
  opts: { enabled: boolean; intervalMs: number; now: () => Date; retentionMonths: number; deliveryKeepDays: number },
) {
  let session: DedicatedSession | null = null;
  let leader = false;
  app.decorate('schedulerLeader', () => leader);
  if (!opts.enabled) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closing = false;
  let lastRetention: number | null = null;

  const lead = async (): Promise<boolean> => {
    if (leader) return true;
    try {
      session ??= await app.database.dedicated();
      session.onLost(() => {
        leader = false;
        session = null;
      });
      const [row] = await session.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [SCHEDULER_LOCK]);
      leader = Boolean(row?.ok);
      if (leader) app.log.info('this process runs the campaign lifecycle scheduler');
    } catch (error) {
      session?.release();
      session = null;
      app.log.warn({ err: error }, 'scheduler: could not reach the database for leadership');
    }
    return leader;
  };

  const tick = () => {
    running = lead()
      .then(async (isLeader) => {
        if (!isLeader || closing) return;
        const r = await sweepLifecycle(app.db, opts.now());
        const changed = r.started.length + r.expired.length + r.deactivated.length;
        // What partner pages get changes with the statuses (in every process: served.invalidate notifies).
        if (changed) app.served?.invalidate();
        if (changed)
          app.log.info(
            { started: r.started, expired: r.expired, deactivated: r.deactivated },
            'campaign lifecycle sweep',
          );
        const now = opts.now();
        if (lastRetention !== null && now.getTime() - lastRetention < RETENTION_EVERY_MS) return;
        lastRetention = now.getTime();
        // Counts only: never a lead's data in the log.
        const erased = await sweepRetention(app.db, now, opts.retentionMonths);
        if (erased.erased)
          app.log.info({ erased: erased.erased }, 'retention sweep erased the personal data of old leads');
        const pruned = await pruneDeliveryAttempts(app.db, now, opts.deliveryKeepDays);
        if (pruned)
          app.log.info({ pruned, keepDays: opts.deliveryKeepDays }, 'retention sweep pruned old webhook attempts');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'campaign lifecycle sweep failed'));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, opts.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
    // Releasing the connection releases the lock: another process leads from its next tick.
    session?.release();
    leader = false;
  });
});
