/**
 * Events through NATS JetStream (EVENTS_URL=nats://…): a request's events are published to the
 * durable stream LEAD_EVENTS and answered 202 once the broker has stored them; a pull consumer
 * shared by every process (`lead-writer`) takes them in batches and writes each batch in one
 * statement, acknowledging after the commit. A database outage leaves them in the stream until it
 * is back; a message delivered twice counts once (event_messages_applied). When the broker cannot
 * be reached, events are written directly (and counted in the log and /metrics), never dropped.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  AckPolicy,
  connect,
  Events,
  JSONCodec,
  nanos,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type NatsConnection,
} from 'nats';

export const STREAM = 'LEAD_EVENTS';
export const SUBJECT = 'lead.events';
export const CONSUMER = 'lead-writer';

/** One request's events as queued: per-campaign counts of one visitor, and how many events. */
export interface QueuedBatch<Row> {
  rows: Row[];
  events: number;
}

export interface EventsQueue {
  /** 'up' while the broker is reachable. */
  state(): 'up' | 'down';
  /** Stores the batch in the stream; rejects when the broker does not confirm in time. */
  publish(batch: QueuedBatch<unknown>): Promise<void>;
  close(): Promise<void>;
}

export interface QueueOptions<Row> {
  url: string;
  log: FastifyBaseLogger;
  /** Writes the rows of every message of a batch, keyed by message id, in one statement; the ids already applied are skipped. */
  write(rows: Array<Row & { msg: string }>, ids: string[]): Promise<void>;
  onWritten(events: number, lagMs: number): void;
  onPending(pending: number): void;
}

const codec = JSONCodec<QueuedBatch<unknown>>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function openEventsQueue<Row>(opts: QueueOptions<Row>): Promise<EventsQueue> {
  const nc: NatsConnection = await connect({
    servers: opts.url,
    name: `lead-${process.pid}`,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: false,
  });
  let up = true;
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === Events.Disconnect) {
        if (up) opts.log.warn('events broker unreachable: writing events directly until it is back');
        up = false;
      } else if (s.type === Events.Reconnect) {
        up = true;
        opts.log.info('events broker back: events go through it again');
      }
    }
  })();

  const jsm = await nc.jetstreamManager();
  const streamInfo = await jsm.streams.info(STREAM).catch(async () =>
    jsm.streams.add({
      name: STREAM,
      subjects: [SUBJECT],
      storage: StorageType.File,
      retention: RetentionPolicy.Workqueue,
      duplicate_window: nanos(120_000),
    }),
  );
  // Message ids are the stream's creation time and the sequence: unique even if the stream is made again.
  const epoch = streamInfo.created;
  await jsm.consumers.info(STREAM, CONSUMER).catch(() =>
    jsm.consumers.add(STREAM, {
      durable_name: CONSUMER,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(30_000),
      max_ack_pending: 50_000,
    }),
  );
  const js: JetStreamClient = nc.jetstream();
  let closing = false;
  let interrupted = false;

  const pump = async () => {
    while (!closing) {
      try {
        const consumer = await js.consumers.get(STREAM, CONSUMER);
        interrupted = false;
        while (!closing) {
          const messages = await consumer.fetch({ max_messages: 2000, expires: 1000 });
          const batch = [];
          for await (const m of messages) batch.push(m);
          if (!batch.length) continue;
          const rows: Array<Row & { msg: string }> = [];
          const ids: string[] = [];
          let events = 0;
          for (const m of batch) {
            const id = `${epoch}:${m.seq}`;
            const body = codec.decode(m.data) as QueuedBatch<Row>;
            ids.push(id);
            events += body.events;
            for (const r of body.rows) rows.push({ ...r, msg: id });
          }
          try {
            await opts.write(rows, ids);
            for (const m of batch) m.ack();
            const oldest = Math.min(...batch.map((m) => Number(m.info.timestampNanos / 1_000_000)));
            opts.onWritten(events, Date.now() - oldest);
          } catch (error) {
            // The database is away: the messages stay in the stream and come back.
            opts.log.warn({ err: error, messages: batch.length }, 'events could not be written yet; they stay queued');
            for (const m of batch) m.nak(1000);
            await sleep(1000);
          }
          const info = await consumer.info(true).catch(() => null);
          if (info) opts.onPending(info.num_pending + info.num_ack_pending);
        }
      } catch (error) {
        if (!closing) {
          // Once per interruption, not every second of an outage.
          if (!interrupted) opts.log.warn({ err: error }, 'events consumer interrupted; starting again');
          interrupted = true;
          await sleep(1000);
        }
      }
    }
  };
  const pumping = pump();

  return {
    state: () => (up && !nc.isClosed() ? 'up' : 'down'),
    async publish(batch) {
      if (!up) throw new Error('events broker unreachable');
      await js.publish(SUBJECT, codec.encode(batch), { timeout: 2000 });
    },
    async close() {
      closing = true;
      await nc.drain().catch(() => nc.close());
      await Promise.race([pumping, sleep(3000)]);
    },
  };
}
