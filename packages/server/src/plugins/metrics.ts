/**
 * Health and metrics for whoever runs the server: `GET /health` (the database, the events path,
 * whether this process leads the scheduler) and `GET /metrics` in Prometheus' text format
 * (prom-client): requests, events accepted and written, leads, batch sizes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { forbidden } from '../lib/http-error.js';
import { cidrBlockList } from '../lib/addresses.js';

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  eventsAccepted: Counter;
  eventsWritten: Counter;
  leads: Counter;
  /** Leads kept in a spam bin (issue #44). */
  spamLeads: Counter;
  batchSize: Histogram;
  eventsQueued: Gauge;
  queueLag: Gauge;
  eventsFallback: Counter;
  /** Connections closed at once: their address had its most open (MAX_CONNECTIONS_PER_ADDRESS). */
  refusedConnections: Counter;
  /** Public requests answered 503 while the process was overloaded. */
  shed: Counter;
  /** Webhook attempts by result: delivered, retrying, failed (the last attempt), gone (410). */
  deliveries: Counter<'result'>;
  /** How long each webhook attempt took, by result. */
  deliveryAttemptSeconds: Histogram<'result'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** Whether this process runs the lifecycle scheduler now (one process of many does). */
    schedulerLeader: () => boolean;
  }
}

/** Who may read /metrics (docs/scaling.md): an address in `allow` (addresses, CIDR ranges), or the bearer of `token`. */
export interface MetricsAccess {
  allow: string[];
  token: string | null;
}

/** Seconds a due delivery may wait for a worker before /health says deliveries are behind. */
export const DELIVERY_LAG_LIMIT_S = 60;

/**
 * The outbox's backlog: how old the oldest lead waiting for a webhook is, and how long the most
 * overdue delivery of an active destination has waited past its time.
 */
async function deliveryBacklog(
  app: FastifyInstance,
): Promise<{ oldestUndeliveredSeconds: number; dueLagSeconds: number }> {
  const now = app.delivery.now();
  const { rows } = await sql<{ oldest: Date | null; due: Date | null }>`
    SELECT (SELECT min(l.created_at) FROM deliveries d JOIN leads l ON l.id = d.lead_id JOIN destinations t ON t.id = d.destination_id
        WHERE d.state IN ('pending', 'retrying') AND t.enabled AND t.state <> 'disabled') AS oldest,
      (SELECT min(d.next_attempt_at) FROM deliveries d JOIN destinations t ON t.id = d.destination_id
        WHERE d.state IN ('pending', 'retrying') AND t.state = 'active' AND t.enabled) AS due`.execute(app.db);
  const age = (d: Date | null) => (d ? Math.max(0, Math.round((now.getTime() - new Date(d).getTime()) / 1000)) : 0);
  return { oldestUndeliveredSeconds: age(rows[0]?.oldest ?? null), dueLagSeconds: age(rows[0]?.due ?? null) };
}

export default fp(async function metrics(app: FastifyInstance, opts: { access?: MetricsAccess }) {
  const access = opts.access ?? { allow: ['127.0.0.0/8', '::1'], token: null };
  const allowed = cidrBlockList(access.allow);
  const token = access.token ? createHash('sha256').update(access.token).digest() : null;
  /** The caller's address (an IPv4-mapped one as IPv4) is allowed, or it brings the token (compared in constant time). */
  const mayRead = (ip: string, authorization: string | undefined) => {
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = v4 ?? ip;
    if (isIP(address) && allowed.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) return true;
    const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    return Boolean(token && given && timingSafeEqual(createHash('sha256').update(given).digest(), token));
  };
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
    eventsAccepted: new Counter({
      name: 'lead_events_accepted_total',
      help: 'Partner-page events accepted (202)',
      registers: [registry],
    }),
    eventsWritten: new Counter({
      name: 'lead_events_written_total',
      help: 'Partner-page events written to the figures',
      registers: [registry],
    }),
    leads: new Counter({ name: 'lead_leads_total', help: 'Leads committed', registers: [registry] }),
    spamLeads: new Counter({
      name: 'lead_spam_leads_total',
      help: 'Leads kept in a spam bin: a person plausibly did not send them',
      registers: [registry],
    }),
    batchSize: new Histogram({
      name: 'lead_event_batch_size',
      help: 'Rows (the events of one request for one campaign) per written statement',
      buckets: [1, 2, 5, 10, 20, 50, 100, 500, 1000],
      registers: [registry],
    }),
    eventsQueued: new Gauge({
      name: 'lead_events_queued',
      help: 'Event batches waiting in the broker (EVENTS_URL)',
      registers: [registry],
    }),
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
    refusedConnections: new Counter({
      name: 'lead_connections_refused_total',
      help: 'Connections closed at once: their address had MAX_CONNECTIONS_PER_ADDRESS open',
      registers: [registry],
    }),
    shed: new Counter({
      name: 'lead_requests_shed_total',
      help: 'Public requests answered 503 while the process was overloaded',
      registers: [registry],
    }),
    deliveries: new Counter({
      name: 'lead_deliveries_total',
      help: 'Webhook attempts by result',
      labelNames: ['result'],
      registers: [registry],
    }),
    deliveryAttemptSeconds: new Histogram({
      name: 'lead_delivery_attempt_seconds',
      help: 'Webhook attempt latency, request to answer',
      labelNames: ['result'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'lead_delivery_oldest_undelivered_seconds',
    help: 'Age of the oldest lead still waiting for a webhook delivery (0: none)',
    registers: [registry],
    async collect() {
      this.set((await deliveryBacklog(app)).oldestUndeliveredSeconds);
    },
  });
  app.decorate('metrics', m);
  if (!app.hasDecorator('schedulerLeader')) app.decorate('schedulerLeader', () => false);

  // Callback hooks, not async ones: no promise per request on the hot paths.
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, not the URL: a bounded number of series.
    m.requests.inc({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    });
    done();
  });

  // Lead and sign-in counts, the Node version: for the operators' Prometheus only.
  app.get('/metrics', async (request, reply) => {
    if (!mayRead(request.ip, request.headers.authorization))
      throw forbidden('Metrics are served only to the allowed network (METRICS_ALLOW) or with METRICS_TOKEN.');
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  app.get('/health', async (_request, reply) => {
    let database = 'up';
    try {
      await sql`SELECT 1`.execute(app.db);
    } catch {
      database = 'down';
    }
    const backlog = database === 'up' ? await deliveryBacklog(app).catch(() => null) : null;
    const body = {
      ok: database === 'up',
      database,
      events: app.events.path(),
      scheduler: { leader: app.schedulerLeader() },
      // Deliveries fall behind when a due one waits more than a minute for a worker (a slow receiver's retries are not due).
      deliveries: backlog && {
        behind: backlog.dueLagSeconds > DELIVERY_LAG_LIMIT_S,
        due_lag_seconds: backlog.dueLagSeconds,
        oldest_undelivered_seconds: backlog.oldestUndeliveredSeconds,
      },
    };
    return reply
      .code(body.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
});
