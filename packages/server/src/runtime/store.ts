/**
 * The runtime's reads and writes: the campaigns a site serves (kept in memory, dropped on every
 * change), the figures of a batch of events in one statement, and a lead with its figures in one
 * transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { COUNTRY_RUNTIME, type PublicCampaigns, type RuntimeLang } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type RawBuilder } from 'kysely';
import type { DedicatedSession } from '../db/connect.js';
import { purgeRuntimeTables, writeEventRows, type EventRow } from '../repositories/events.js';
import { runtimeSecret } from '../repositories/runtime-secrets.js';
import { openEventsQueue, type EventsQueue } from './events-queue.js';
import { pageViews, type PageViews } from './page-view.js';
import { publicCampaign, type ServedRow } from './public-campaign.js';

export interface RuntimeSite {
  id: number;
  host: string;
  /** `sites.country_id`: the country national phone numbers are read in. */
  country: string;
  lang: RuntimeLang;
  timeZone: string;
}

export interface ServedCampaigns {
  site: RuntimeSite;
  body: string;
  /** The body compressed once per fill: what browsers (and CDNs) take. */
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** Served codes and the campaign ids they count under. */
  ids: Map<string, number>;
  forms: Map<string, PublicCampaigns['campaigns'][number]>;
  loadedAt: number;
}

/** One event of a page view, as counted: the campaign, its kind (EventKind) and, for a close, whether it was a habit exit. */
export type PageViewEvent = Pick<EventRow, 'campaign_id' | 'kind' | 'habit'>;

export interface Runtime {
  site(id: number): Promise<RuntimeSite | null>;
  /** The site's served campaigns, from memory when fresh. */
  served(siteId: number): Promise<ServedCampaigns | null>;
  /** Drops what is kept in memory: the next request reads the database. */
  invalidate(): void;
  /** One campaign as the loader would get it, whatever its status (a staff preview). */
  preview(campaignId: number): Promise<PublicCampaigns | null>;
  /** Whether `code` is a campaign of the site at all (served or not). */
  exists(siteId: number, code: string): Promise<boolean>;
  /** Counts a page view's events (each once): written (directly) or queued (in the broker, written soon). */
  recordEvents(events: PageViewEvent[], visitor: string, pageView: string): Promise<'written' | 'queued'>;
  /** Signed page-view ids and the visitors' salted hashes. */
  pageViews: PageViews;
  /** Event rows waiting for the statement in flight (load shedding reads it). */
  backlog(): number;
  /** The events path: direct writes, or the broker ('nats') and whether it is reachable. */
  eventsPath(): 'direct' | 'nats' | 'nats-down';
  /** Stores a lead and counts its submit and lead; resolves once committed. */
  insertLead(lead: {
    campaignId: number;
    name: string | null;
    email: string | null;
    phone: string | null;
    /** `phone` in E.164, read in the site's country. */
    phoneE164: string | null;
    data: Record<string, unknown>;
    pageUrl: string;
    visitor: string;
    otpId?: number | null;
    /** 'One submission per phone number': the number (E.164) recorded with the lead; AlreadySubmitted when it was. */
    singlePhone?: string | null;
  }): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    runtime: Runtime;
  }
}

/**
 * Runs `write` on everything queued while the previous write ran: one write in flight, each
 * caller resolved (or rejected) with the write that held its items.
 */
export function groupCommit<T>(write: (items: T[]) => Promise<void>, maxItems = 5000): { write(items: T[]): Promise<void>; pending(): number } {
  let queue: Array<{ items: T[]; resolve: () => void; reject: (e: unknown) => void }> = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (queue.length) {
      let n = 0;
      let take = 0;
      while (take < queue.length && (take === 0 || n + queue[take]!.items.length <= maxItems)) n += queue[take++]!.items.length;
      const batch = queue.slice(0, take);
      queue = queue.slice(take);
      try {
        await write(batch.flatMap((b) => b.items));
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    running = false;
  };
  return {
    pending: () => queue.reduce((n, q) => n + q.items.length, 0),
    write(items) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ items, resolve, reject });
        if (!running) void drain();
      });
    },
  };
}

/** A deadlock or serialization failure between processes is tried again (twice), not answered 500. */
async function withRetry(fn: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 2 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

/** The OTP code was spent by a lead sent at the same moment. */
export class OtpSpent extends Error {}

/** The number already sent this campaign's form ('one submission per phone number'). */
export class AlreadySubmitted extends Error {}

export { purgeRuntimeTables };

/** The NOTIFY channel of "a site's campaigns changed", and who this process is on it. */
const NOTIFY_CHANNEL = 'lead_campaigns_changed';
const PROCESS_ID = `${process.pid}-${randomBytes(4).toString('hex')}`;

/** A saved campaign shows on partner pages within this, even without an invalidation. */
const MAX_AGE_MS = 30_000;

export default fp(async function runtime(app: FastifyInstance, opts: { timeZone: string; now: () => Date; eventsUrl?: string | null }) {
  const sites = new Map<number, RuntimeSite | null>();
  let cache = new Map<number, Promise<ServedCampaigns | null>>();

  const day = () => sql<string>`(${opts.now()}::timestamptz AT TIME ZONE ${opts.timeZone})::date`;
  const dayText = () => new Intl.DateTimeFormat('en-CA', { timeZone: opts.timeZone }).format(opts.now());
  // One secret for every process on the database: page views signed by one are good in another.
  const views = pageViews(await runtimeSecret(app.db, 'server'));

  async function loadSite(id: number): Promise<RuntimeSite | null> {
    if (sites.has(id)) return sites.get(id)!;
    const row = await app.db.selectFrom('sites').select(['id', 'name', 'country_id', 'time_zone']).where('id', '=', id).executeTakeFirst();
    const country = row ? (COUNTRY_RUNTIME[row.country_id] ?? COUNTRY_RUNTIME.HHG!) : null;
    const site =
      row && country ? { id: row.id, host: row.name, country: row.country_id, lang: country.lang, timeZone: row.time_zone ?? country.timeZone } : null;
    sites.set(id, site);
    return site;
  }

  async function servedRows(where: RawBuilder<unknown>): Promise<ServedRow[]> {
    const targets = (id: string) =>
      sql.raw(`(SELECT json_agg(json_build_object('type', t.type, 'option', t.option, 'target', t.target, 'sub_target', t.sub_target) ORDER BY t.position)
        FROM campaign_targets t WHERE t.campaign_id = ${id})`);
    const { rows } = await sql<ServedRow>`
      SELECT c.id, c.code, c.site_id, c.display_type, c.device_types, c.trigger_type, c.rules, c.forms, c.extra_fields,
        c.image, c.image_desktop, c.image_background, c.image_overlay_mobile, c.image_overlay_desktop, c.thank_you_image, c.forever, c.started_at, c.ended_at,
        CASE WHEN c.type = 1 AND c.is_testing_running THEN c.code WHEN c.type = 2 THEN p.code END AS test_code,
        coalesce(${targets('c.id')}, ${targets('c.parent_id')}, '[]') AS targets
      FROM campaigns c LEFT JOIN campaigns p ON p.id = c.parent_id
      WHERE c.deleted_at IS NULL AND ${where}
      ORDER BY c.id`.execute(app.db);
    return rows;
  }

  async function load(siteId: number): Promise<ServedCampaigns | null> {
    const site = await loadSite(siteId);
    if (!site) return null;
    const now = opts.now();
    // Active campaigns; a running A/B test and its active variants (each an arm of the test).
    const rows = await servedRows(sql`c.site_id = ${siteId}
        AND (
          (c.type <> 2 AND c.status = 1 AND NOT c.is_testing_running)
          OR (c.type = 1 AND c.status = 4 AND c.is_testing_running)
          OR (c.type = 2 AND c.status = 1 AND p.is_testing_running AND p.deleted_at IS NULL)
        )
        AND (c.forever OR c.ended_at IS NULL OR c.ended_at > ${now})`);
    const campaigns = rows.map(publicCampaign);
    const body = JSON.stringify({ site: { id: site.id, lang: site.lang, timeZone: site.timeZone }, campaigns } satisfies PublicCampaigns);
    return {
      site,
      body,
      gzip: gzipSync(body, { level: 9 }),
      br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      ids: new Map(rows.map((r) => [r.code, r.id])),
      forms: new Map(campaigns.map((c) => [c.code, c])),
      loadedAt: Date.now(),
    };
  }

  /** The last campaigns read per site: what is served when the database does not answer. */
  const last = new Map<number, ServedCampaigns>();
  const staleSites = new Set<number>();
  // Dropped copies are read again on the next request; the sites (fixed reference data) stay.
  const drop = () => {
    cache = new Map();
  };
  // Other processes on the same PostgreSQL drop their copies when this one says so (LISTEN/NOTIFY).
  let listener: DedicatedSession | null = null;
  let listenWarned = false;
  const listen = async () => {
    if (app.database.kind !== 'postgres') return;
    try {
      listener = await app.database.dedicated();
      listener.onLost(() => {
        listener = null;
        drop();
        // Back when the database is; meanwhile each request tries it, and falls back on the last copy.
        setTimeout(() => void listen(), 1000).unref();
      });
      await listener.listen(NOTIFY_CHANNEL, (from) => {
        if (from !== PROCESS_ID) drop();
      });
      listenWarned = false;
    } catch (error) {
      if (!listenWarned) app.log.warn({ err: error }, 'runtime: cannot listen for campaign changes; retrying every second');
      listenWarned = true;
      listener?.release();
      listener = null;
      setTimeout(() => void listen(), 1000).unref();
    }
  };
  app.addHook('onReady', listen);
  app.addHook('onClose', async () => listener?.release());

  /**
   * Group commit: the events of requests that arrive while a statement is running go together in
   * the next one; each request is answered when the statement holding its events has committed.
   * One statement in flight per process, so this process's batches never deadlock each other.
   */
  const writer = groupCommit<EventRow>(async (rows) => {
    await withRetry(() => writeEvents(rows));
    app.metrics?.batchSize.observe(rows.length);
  });

  // Hourly, whichever way events are written (directly or through the broker): a process whose
  // events all go through NATS purges too. Idempotent, so N processes doing it is harmless.
  const purge = () =>
    purgeRuntimeTables(app.db, day()).catch((error: unknown) => app.log.warn({ err: error }, 'runtime: purge of old visitor hashes failed; next hour'));
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
      if (!queueWarned) app.log.warn({ err: error }, 'events broker not reachable; writing events directly and trying again every 2 s');
      queueWarned = true;
      setTimeout(() => void openQueue(), 2000).unref();
    }
  };
  app.addHook('onReady', openQueue);
  app.addHook('onClose', async () => {
    queueClosed = true;
    await queue?.close();
  });

  const writeEvents = (rows: Array<EventRow & { msg?: string }>, ids?: string[]) => writeEventRows(app.db, day(), rows, ids);

  const runtime: Runtime = {
    site: loadSite,
    async served(siteId) {
      const hit = cache.get(siteId);
      if (hit) {
        // An unknown site (null) stays unknown; a fresh copy is served; a failed read is tried again.
        const value = await hit.then(
          (v) => ({ v }),
          () => null,
        );
        if (value && (!value.v || Date.now() - value.v.loadedAt < MAX_AGE_MS)) return value.v;
      }
      const next = load(siteId);
      cache.set(siteId, next);
      try {
        const value = await next;
        if (value) last.set(siteId, value);
        staleSites.delete(siteId);
        return value;
      } catch (error) {
        cache.delete(siteId);
        // The database is away: partner pages keep the last known campaigns rather than an error.
        const stale = last.get(siteId);
        if (!stale) throw error;
        if (!staleSites.has(siteId)) app.log.warn({ err: error, siteId }, 'campaigns served from memory until the database answers');
        staleSites.add(siteId);
        return stale;
      }
    },
    invalidate() {
      drop();
      if (app.database.kind === 'postgres') {
        void sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${PROCESS_ID})`
          .execute(app.db)
          .catch((error: unknown) => app.log.warn({ err: error }, 'runtime: NOTIFY failed'));
      }
    },
    async preview(campaignId) {
      const [row] = await servedRows(sql`c.id = ${campaignId}`);
      const site = row ? await loadSite(row.site_id) : null;
      if (!row || !site) return null;
      return { site: { id: site.id, lang: site.lang, timeZone: site.timeZone }, campaigns: [{ ...publicCampaign(row), test: undefined }] };
    },
    async exists(siteId, code) {
      const row = await app.db
        .selectFrom('campaigns')
        .select('id')
        .where('site_id', '=', siteId)
        .where('code', '=', code)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Boolean(row);
    },
    async recordEvents(events, visitor, pageView) {
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
    eventsPath: () => (!opts.eventsUrl ? 'direct' : queue?.state() === 'up' ? 'nats' : 'nats-down'),
    async insertLead(lead) {
      return app.db.transaction().execute(async (trx) => {
        if (lead.otpId) {
          // The code is spent with the lead it verified; a second lead needs a new code.
          const spent = await trx
            .updateTable('otp_codes')
            .set({ used_at: opts.now() })
            .where('id', '=', lead.otpId)
            .where('used_at', 'is', null)
            .returning('id')
            .execute();
          if (!spent.length) throw new OtpSpent();
        }
        if (lead.singlePhone) {
          const first = await trx
            .insertInto('campaign_submitted_phones')
            .values({ campaign_id: lead.campaignId, phone: lead.singlePhone })
            .onConflict((oc) => oc.doNothing())
            .returning('phone')
            .execute();
          if (!first.length) throw new AlreadySubmitted();
        }
        const row = await trx
          .insertInto('leads')
          .values({
            campaign_id: lead.campaignId,
            name: lead.name,
            email: lead.email,
            phone: lead.phone,
            phone_e164: lead.phoneE164,
            data: JSON.stringify(lead.data),
            page_url: lead.pageUrl,
            created_at: opts.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sql`
          WITH daily AS (
            INSERT INTO campaign_daily_stats AS d (campaign_id, day, submits, leads)
            VALUES (${lead.campaignId}, ${day()}, 1, 1)
            ON CONFLICT (campaign_id, day) DO UPDATE SET submits = d.submits + 1, leads = d.leads + 1
            RETURNING 1
          )
          UPDATE campaigns SET total_submit = total_submit + 1, total_lead = total_lead + 1 WHERE id = ${lead.campaignId}`.execute(trx);
        return Number(row.id);
      });
    },
  };
  app.decorate('runtime', runtime);

  // Any change through the admin API may change what a site serves: drop the cache at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/admin/')) runtime.invalidate();
    done(null, payload);
  });
});
