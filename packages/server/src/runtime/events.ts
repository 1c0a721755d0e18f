/**
 * The events path (docs/runtime-audience.md): a page view's events counted once each, written by group
 * commit (the events of requests that arrive while a statement runs go together in the next one),
 * or, when EVENTS_URL names a NATS broker, published to it and written by whichever process
 * takes them; and the hourly purge of what the figures no longer need.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dayOf } from '../repositories/common.js';
import { purgeRuntimeTables, writeEventRows, type EventRow } from '../repositories/events.js';
import { runtimeSecret } from '../repositories/runtime-secrets.js';
import { openEventsQueue, type EventsQueue } from './events-queue.js';
import { groupCommit, withRetry } from './group-commit.js';
import { pageViews, type PageViews } from './page-view.js';

/** One event of a page view, as counted: the campaign, its kind (EventKind), for a close whether it was a habit exit, for a form start or leave its field. */
export type PageViewEvent = Pick<EventRow, 'campaign_id' | 'kind' | 'habit' | 'field'>;

export interface Events {
  /** Counts a page view's events (each once): written (directly) or queued (in the broker, written soon). */
  record(events: PageViewEvent[], visitor: string, pageView: string): Promise<'written' | 'queued'>;
  /** Signed page-view ids and the visitors' salted hashes. */
  pageViews: PageViews;
  /** Event rows waiting for the statement in flight (load shedding reads it). */
  backlog(): number;
  /** The events path: direct writes, or the broker ('nats') and whether it is reachable. */
  path(): 'direct' | 'nats' | 'nats-down';
}

declare module 'fastify' {
  interface FastifyInstance {
    events: Events;
  }
}

export default fp(async function eventsPath(
  app: FastifyInstance,
  opts: { timeZone: string; now: () => Date; eventsUrl?: string | null },
) {
  const day = () => dayOf(opts.now(), opts.timeZone);
  const dayText = () => new Intl.DateTimeFormat('en-CA', { timeZone: opts.timeZone }).format(opts.now());
  // One secret for every process on the database: page views signed by one are good in another.
  const views = pageViews(await runtimeSecret(app.db, 'server'));
  const writeEvents = (rows: Array<EventRow & { msg?: string }>, ids?: string[]) =>
    writeEventRows(app.db, day(), rows, ids);

  /**
   * Group commit: each request is answered when the statement holding its events has committed.
   * One statement in flight per process, so this process's batches never deadlock each other.
   */
  const writer = groupCommit<EventRow>(async (rows) => {
    await withRetry(() => writeEvents(rows));
    app.metrics?.batchSize.observe(rows.length);
  });

  // Hourly, whichever way events are written (directly or through the broker): a process whose
  // events all go through NATS purges too. Idempotent, so N processes doing it is harmless.
  const purge = () =>
    purgeRuntimeTables(app.db, day()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'runtime: purge of old visitor hashes failed; next hour'),
    );
  let purgeTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void purge();
    purgeTimer = setInterval(() => void purge(), 3_600_000).unref();
  });
  app.addHook('onClose', async () => clearInterval(purgeTimer));

  // The broker, when EVENTS_URL names one: connected in the background, retried until it answers.
  let queue: EventsQueue | null = null;
  let queueClosed = false;
  let queueWarned = false;
  const openQueue = async (): Promise<void> => {
    if (!opts.eventsUrl || queueClosed) return;
    try {
      queue = await openEventsQueue<EventRow>({
        url: opts.eventsUrl,
        log: app.log,
        write: (rows, ids) => withRetry(() => writeEvents(rows, ids)),
        onWritten: (events, lagMs) => {
          app.metrics?.eventsWritten.inc(events);
          app.metrics?.queueLag.set(lagMs / 1000);
        },
        onPending: (n) => app.metrics?.eventsQueued.set(n),
      });
      app.log.info({ url: opts.eventsUrl }, 'events go through the broker');
    } catch (error) {
      if (!queueWarned)
        app.log.warn({ err: error }, 'events broker not reachable; writing events directly and trying again every 2 s');
      queueWarned = true;
      setTimeout(() => void openQueue(), 2000).unref();
    }
  };
  app.addHook('onReady', openQueue);
  app.addHook('onClose', async () => {
    queueClosed = true;
    await queue?.close();
  });

  app.decorate('events', {
    async record(events, visitor, pageView) {
      if (!events.length) return 'written';
      const v = views.visitorHash(visitor, dayText()).toString();
      const rows = events.map((e) => ({ ...e, visitor: v, pv: pageView }));
      if (queue && queue.state() === 'up') {
        try {
          await queue.publish({ rows, events: rows.length });
          return 'queued';
        } catch (error) {
          // Not stored by the broker: written here instead, and said so.
          app.metrics?.eventsFallback.inc(rows.length);
          app.log.warn({ err: error, events: rows.length }, 'events broker did not take a batch: written directly');
        }
      } else if (opts.eventsUrl) {
        app.metrics?.eventsFallback.inc(rows.length);
      }
      await writer.write(rows);
      return 'written';
    },
    pageViews: views,
    backlog: () => writer.pending(),
    path: () => (!opts.eventsUrl ? 'direct' : queue?.state() === 'up' ? 'nats' : 'nats-down'),
  } satisfies Events);
});
