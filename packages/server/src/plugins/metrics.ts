/**
 * Health and metrics for whoever runs the server: `GET /health` (the database, the events path,
 * whether this process leads the scheduler) and `GET /metrics` in Prometheus' text format
 * (prom-client): requests, events accepted and written, leads, batch sizes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  eventsAccepted: Counter;
  eventsWritten: Counter;
  leads: Counter;
  batchSize: Histogram;
  eventsQueued: Gauge;
  queueLag: Gauge;
  eventsFallback: Counter;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** Whether this process runs the lifecycle scheduler now (one process of many does). */
    schedulerLeader: () => boolean;
  }
}

export default fp(async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lead_' });
  const m: Metrics = {
    registry,
    requests: new Counter({
      name: 'lead_http_requests_total',
      help: 'HTTP requests answered',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    eventsAccepted: new Counter({ name: 'lead_events_accepted_total', help: 'Partner-page events accepted (202)', registers: [registry] }),
    eventsWritten: new Counter({ name: 'lead_events_written_total', help: 'Partner-page events written to the figures', registers: [registry] }),
    leads: new Counter({ name: 'lead_leads_total', help: 'Leads committed', registers: [registry] }),
    batchSize: new Histogram({
      name: 'lead_event_batch_size',
      help: 'Rows (the events of one request for one campaign) per written statement',
      buckets: [1, 2, 5, 10, 20, 50, 100, 500, 1000],
      registers: [registry],
    }),
    eventsQueued: new Gauge({ name: 'lead_events_queued', help: 'Event batches waiting in the broker (EVENTS_URL)', registers: [registry] }),
    queueLag: new Gauge({
      name: 'lead_events_queue_lag_seconds',
      help: 'Age of the oldest event of the last batch written from the broker',
      registers: [registry],
    }),
    eventsFallback: new Counter({
      name: 'lead_events_direct_fallback_total',
      help: 'Events written directly because the broker could not take them',
      registers: [registry],
    }),
  };
  app.decorate('metrics', m);
  if (!app.hasDecorator('schedulerLeader')) app.decorate('schedulerLeader', () => false);

  // Callback hooks, not async ones: no promise per request on the hot paths.
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, not the URL: a bounded number of series.
    m.requests.inc({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) });
    done();
  });

  app.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));

  app.get('/health', async (_request, reply) => {
    let database = 'up';
    try {
      await sql`SELECT 1`.execute(app.db);
    } catch {
      database = 'down';
    }
    const body = { ok: database === 'up', database, events: app.runtime.eventsPath(), scheduler: { leader: app.schedulerLeader() } };
    return reply
      .code(body.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
});
