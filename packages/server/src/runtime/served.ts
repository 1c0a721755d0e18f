/**
 * The campaigns partner pages are served (docs/runtime.md): each site's kept in memory, compressed
 * once, dropped on every change made through the admin API or the lifecycle, in this process and
 * (on PostgreSQL, by LISTEN/NOTIFY) in every other; read again after MAX_AGE_MS anyway; and when
 * the database does not answer, the last copy read is served rather than an error.
 */
import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  COUNTRY_RUNTIME,
  type PublicCampaign,
  type PublicCampaigns,
  type RuntimeLang,
  type SiteCap,
} from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DedicatedSession } from '../db/connect.js';
import { HttpError, notFound } from '../lib/http-error.js';
import {
  campaignExists,
  notifyChanged,
  previewedCampaign,
  servedNow,
  servedOne,
  siteRow,
} from '../repositories/served.js';
import { publicCampaign } from './public-campaign.js';

export interface RuntimeSite {
  id: number;
  host: string;
  /** `sites.country_id`: the country national phone numbers are read in. */
  country: string;
  lang: RuntimeLang;
  timeZone: string;
  /** The site's cap on pop-ups per visitor (absent: none). */
  cap?: SiteCap;
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
  forms: Map<string, PublicCampaign>;
  loadedAt: number;
}

export interface Served {
  site(id: number): Promise<RuntimeSite | null>;
  /** The site's served campaigns, from memory when fresh. */
  campaigns(siteId: number): Promise<ServedCampaigns | null>;
  /**
   * The served campaign a public request names by its code, with the id it counts under; 409 when
   * the site has it but does not serve it now, 404 when the site has no such campaign. A request
   * that names several codes passes the `campaigns()` it read once, so that a batch costs one read
   * (and, with the database away, one failed read rather than one per event).
   */
  campaign(
    siteId: number,
    code: string,
    all?: ServedCampaigns | null,
  ): Promise<{ id: number; campaign: PublicCampaign }>;
  /** Drops what is kept in memory (here and in the other processes): the next request reads the database. */
  invalidate(): void;
  /** The campaign a live preview link shows (by its token's hash), as the loader would get it, whatever its status; null once expired. */
  preview(tokenHash: string): Promise<PublicCampaigns | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    served: Served;
  }
}

/** The NOTIFY channel of "a site's campaigns changed", and who this process is on it. */
const NOTIFY_CHANNEL = 'lead_campaigns_changed';
const PROCESS_ID = `${process.pid}-${randomBytes(4).toString('hex')}`;

/** A saved campaign shows on partner pages within this, even without an invalidation. */
const MAX_AGE_MS = 30_000;

export default fp(async function servedCampaigns(app: FastifyInstance, opts: { now: () => Date }) {
  const sites = new Map<number, RuntimeSite | null>();
  // The sites last read, kept when a drop asks for their settings again: with the database away,
  // partner pages' requests still find their site.
  const knownSites = new Map<number, RuntimeSite | null>();
  let cache = new Map<number, Promise<ServedCampaigns | null>>();

  async function loadSite(id: number): Promise<RuntimeSite | null> {
    if (sites.has(id)) return sites.get(id)!;
    let row: Awaited<ReturnType<typeof siteRow>>;
    try {
      row = await siteRow(app.db, id);
    } catch (error) {
      if (knownSites.has(id)) return knownSites.get(id)!;
      throw error;
    }
    const country = row ? (COUNTRY_RUNTIME[row.country_id] ?? COUNTRY_RUNTIME.HHG!) : null;
    const site =
      row && country
        ? {
            id: row.id,
            host: row.name,
            country: row.country_id,
            lang: country.lang,
            timeZone: row.time_zone ?? country.timeZone,
            ...(row.popup_cap_visit || row.popup_cap_day
              ? {
                  cap: {
                    ...(row.popup_cap_visit ? { visit: row.popup_cap_visit } : {}),
                    ...(row.popup_cap_day ? { day: row.popup_cap_day } : {}),
                  },
                }
              : {}),
          }
        : null;
    sites.set(id, site);
    knownSites.set(id, site);
    return site;
  }

  async function load(siteId: number): Promise<ServedCampaigns | null> {
    const site = await loadSite(siteId);
    if (!site) return null;
    const rows = await servedNow(app.db, siteId, opts.now());
    const campaigns = rows.map(publicCampaign);
    const body = JSON.stringify({
      site: { id: site.id, lang: site.lang, timeZone: site.timeZone, ...(site.cap ? { cap: site.cap } : {}) },
      campaigns,
    } satisfies PublicCampaigns);
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
    // The sites' settings too (the cap on pop-ups per visitor): read again with their campaigns.
    sites.clear();
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
      if (!listenWarned)
        app.log.warn({ err: error }, 'runtime: cannot listen for campaign changes; retrying every second');
      listenWarned = true;
      listener?.release();
      listener = null;
      setTimeout(() => void listen(), 1000).unref();
    }
  };
  app.addHook('onReady', listen);
  app.addHook('onClose', async () => listener?.release());

  const served: Served = {
    site: loadSite,
    async campaigns(siteId) {
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
        if (!staleSites.has(siteId))
          app.log.warn({ err: error, siteId }, 'campaigns served from memory until the database answers');
        staleSites.add(siteId);
        return stale;
      }
    },
    async campaign(siteId, code, known) {
      const all = known === undefined ? await served.campaigns(siteId) : known;
      const id = all?.ids.get(code);
      const campaign = all?.forms.get(code);
      if (id !== undefined && campaign) return { id, campaign };
      if (await campaignExists(app.db, siteId, code)) throw new HttpError(409, `The campaign ${code} is not running.`);
      throw notFound(`There is no campaign ${code} on this site.`);
    },
    invalidate() {
      drop();
      if (app.database.kind === 'postgres') {
        void notifyChanged(app.db, NOTIFY_CHANNEL, PROCESS_ID).catch((error: unknown) =>
          app.log.warn({ err: error }, 'runtime: NOTIFY failed'),
        );
      }
    },
    async preview(tokenHash) {
      // Links expire by the wall clock, as they were issued (routes/campaigns/preview.ts).
      const campaignId = await previewedCampaign(app.db, tokenHash, new Date());
      const row = campaignId === null ? undefined : await servedOne(app.db, campaignId);
      const site = row ? await loadSite(row.site_id) : null;
      if (!row || !site) return null;
      return {
        site: { id: site.id, lang: site.lang, timeZone: site.timeZone },
        campaigns: [{ ...publicCampaign(row), test: undefined }],
      };
    },
  };
  app.decorate('served', served);

  // Any change through the admin API may change what a site serves: drop the cache at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      reply.statusCode < 400 &&
      request.url.startsWith('/api/admin/')
    )
      served.invalidate();
    done(null, payload);
  });
});
