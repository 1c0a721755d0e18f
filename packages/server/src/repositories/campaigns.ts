import { randomBytes } from 'node:crypto';
import {
  type CampaignDetail,
  type CampaignPayload,
  CampaignStatus,
  type CampaignTarget,
  type CampaignType,
  type DeviceType,
  type DisplayType,
  type Lead,
  normalizeTarget,
} from '@lead/contract';
import { CampaignBody, Detail } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Insertable, type Updateable } from 'kysely';
import { fieldsOf } from '../lib/personal.js';
import { toWire } from '../lib/time.js';
import type { Campaigns } from '../db/schema.js';
import type { Executor } from '../db/types.js';
import { listCampaigns, type ListFilter } from './campaign-list.js';
import { answerColumns, bodyColumns, pick } from './columns.js';
import { addRevision } from './revisions.js';
import { leadDeliveries } from './deliveries.js';

/** A campaign code as staff copy it into a site: `LD-` and 8 characters. */
export const newCode = (): string => `LD-${randomBytes(5).toString('hex').toUpperCase().slice(0, 8)}`;

export async function findCampaign(db: Executor, id: number) {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}
export type CampaignRow = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

export async function targetsOf(db: Executor, id: number): Promise<CampaignTarget[]> {
  const rows = await db
    .selectFrom('campaign_targets')
    .select(['type', 'option', 'target', 'sub_target', 'is_import'])
    .where('campaign_id', '=', id)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    type: r.type as CampaignTarget['type'],
    option: r.option as CampaignTarget['option'],
    target: r.target,
    sub_target: r.sub_target as CampaignTarget['sub_target'],
    is_import: r.is_import,
  }));
}

/** Rows of targets go into one INSERT at most this many at a time (7 parameters each, far below PostgreSQL's 65,535). */
export const TARGET_BATCH = 1000;

/** Appends `targets` at `from`, `from + 1`… in batches. */
export async function insertTargets(
  db: Executor,
  campaignId: number,
  targets: CampaignTarget[],
  from = 0,
): Promise<void> {
  for (let start = 0; start < targets.length; start += TARGET_BATCH) {
    await db
      .insertInto('campaign_targets')
      .values(
        targets.slice(start, start + TARGET_BATCH).map((t, i) => {
          const n = normalizeTarget(t);
          return {
            campaign_id: campaignId,
            position: from + start + i,
            type: n.type,
            option: n.option,
            target: n.target,
            sub_target: JSON.stringify(n.sub_target),
            is_import: Boolean(n.is_import),
          };
        }),
      )
      .execute();
  }
}

export async function replaceTargets(db: Executor, campaignId: number, targets: CampaignTarget[]): Promise<void> {
  await db.deleteFrom('campaign_targets').where('campaign_id', '=', campaignId).execute();
  await insertTargets(db, campaignId, targets);
}

/**
 * The detail's columns as stored: every key of `Detail` but those computed below (named codes,
 * JSON, times, the targets, the site and the client).
 */
const detailColumns = answerColumns('campaigns', Detail, [
  'type',
  'status',
  'display_type',
  'device_types',
  'rules',
  'forms',
  'extra_fields',
  'kpis',
  'started_at',
  'ended_at',
  'targets',
  'price',
  'sponsor_ids',
  'is_expired',
  'site',
  'client',
  'created_at',
  'updated_at',
]);

export async function campaignDetail(
  db: Executor,
  id: number,
  timeZone: string,
  now = new Date(),
): Promise<CampaignDetail | undefined> {
  const row = await db
    .selectFrom('campaigns as c')
    .innerJoin('sites as s', 's.id', 'c.site_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .selectAll('c')
    .select(['s.name as site_name', 'cl.name as client_name', 'cl.currency as client_currency'])
    .where('c.id', '=', id)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...pick(row, detailColumns),
    type: row.type as CampaignType,
    status: row.status as CampaignStatus,
    display_type: row.display_type as DisplayType,
    device_types: (row.device_types ?? []).map(Number) as DeviceType[],
    rules: row.rules as CampaignDetail['rules'],
    forms: row.forms as CampaignDetail['forms'],
    extra_fields: row.extra_fields as CampaignDetail['extra_fields'],
    kpis: row.kpis as CampaignDetail['kpis'],
    started_at: toWire(row.started_at, timeZone),
    ended_at: toWire(row.ended_at, timeZone),
    targets: await targetsOf(db, row.id),
    price: Number(row.price),
    sponsor_ids: (row.sponsor_ids ?? []).map(Number),
    is_expired: row.status === CampaignStatus.Expired || (!row.forever && row.ended_at !== null && row.ended_at < now),
    site: { id: row.site_id, name: row.site_name },
    client: { id: row.client_id, name: row.client_name, currency: row.client_currency },
    created_at: toWire(row.created_at, timeZone)!,
    updated_at: toWire(row.updated_at, timeZone)!,
  };
}

/** Leads of a campaign, newest first, `limit` at a time after the lead `beforeId`; erased ones are not there (their figures are). */
export async function leadsPage(
  db: Executor,
  campaignId: number,
  limit: number,
  timeZone: string,
  beforeId?: number,
): Promise<Lead[]> {
  let q = db
    .selectFrom('leads as l')
    .leftJoin('lead_keys as k', 'k.lead_id', 'l.id')
    .select([
      'l.id',
      'l.name',
      'l.email',
      'l.phone',
      'l.phone_e164',
      'l.sealed',
      'k.key',
      'l.duplicate',
      'l.created_at',
    ])
    .select(['l.revision_id', 'l.consent_hash'])
    .where('l.campaign_id', '=', campaignId)
    .where('l.erased_at', 'is', null);
  if (beforeId) q = q.where('l.id', '<', beforeId);
  const rows = await q.orderBy('l.id', 'desc').limit(limit).execute();
  const deliveries = await leadDeliveries(
    db,
    rows.map((r) => Number(r.id)),
    timeZone,
  );
  return rows.map((r) => {
    const f = fieldsOf(r);
    return {
      id: Number(r.id),
      name: f.name,
      email: f.email,
      phone: f.phone,
      phone_e164: f.phone_e164,
      duplicate: r.duplicate,
      created_at: toWire(r.created_at, timeZone)!,
      consent: r.consent_hash && r.revision_id ? { hash: r.consent_hash, revision_id: r.revision_id } : null,
      deliveries: deliveries.get(Number(r.id)) ?? [],
    };
  });
}

/**
 * The columns a save writes (`CampaignBody`): JSON as text, devices and sponsors each once. The
 * route computes the status and the timeframe (`status`, `is_target_import`, `forever`,
 * `started_at`, `ended_at`); the targets live in `campaign_targets`.
 */
const columns = bodyColumns('campaigns', CampaignBody, {
  relations: ['targets', 'status', 'is_target_import', 'forever', 'started_at', 'ended_at'],
  normalise: {
    device_types: (devices) => [...new Set(devices)].sort(),
    rules: (rules) => JSON.stringify(rules),
    forms: (forms) => JSON.stringify(forms),
    extra_fields: (extra) => JSON.stringify(extra),
    kpis: (kpis) => JSON.stringify(kpis),
    price: Number,
    sponsor_ids: (ids) => [...new Set(ids)],
  },
});

/** The columns a save writes, from the builder's payload; a campaign that is no sponsor has no sponsors. */
export function payloadColumns(p: CampaignPayload) {
  return { ...columns(p), ...(p.is_sponsor === false ? { sponsor_ids: [] } : {}) };
}

/** Copies a campaign's content (targets, forms, extra fields, rules, settings), never its figures or leads; the copy's first revision is kept. */
export async function copyCampaign(
  db: Executor,
  source: CampaignRow,
  over: {
    name: string;
    client_id: number;
    type: CampaignType;
    parent_id: number | null;
    status: CampaignStatus;
    creator_id: number;
  },
  at: Date,
): Promise<number> {
  const { id } = await db
    .insertInto('campaigns')
    .values({
      code: newCode(),
      name: over.name,
      site_id: source.site_id,
      client_id: over.client_id,
      creator_id: over.creator_id,
      type: over.type,
      parent_id: over.parent_id,
      status: over.status,
      display_type: source.display_type,
      trigger_type: source.trigger_type,
      device_types: source.device_types,
      rules: JSON.stringify(source.rules),
      forms: JSON.stringify(source.forms),
      extra_fields: JSON.stringify(source.extra_fields),
      kpis: JSON.stringify(source.kpis),
      price: Number(source.price),
      stop_at_goal: source.stop_at_goal,
      image: source.image,
      image_desktop: source.image_desktop,
      thank_you_image: source.thank_you_image,
      image_background: source.image_background,
      image_overlay_desktop: source.image_overlay_desktop,
      image_overlay_mobile: source.image_overlay_mobile,
      is_target_import: source.is_target_import,
      is_sponsor: source.is_sponsor,
      sponsor_ids: source.sponsor_ids,
      forever: source.forever,
      started_at: source.started_at,
      ended_at: source.ended_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceTargets(db, id, await targetsOf(db, source.id));
  await addRevision(db, id, over.creator_id, at);
  return id;
}

/** Each day's figures of a campaign. */
export async function figuresOf(db: Executor, campaignId: number, from?: string, to?: string) {
  let q = db
    .selectFrom('campaign_daily_stats')
    .select(['day', 'impressions', 'clicks', 'submits', 'leads', 'duplicates', 'accepted', 'rejected', 'credited'])
    .where('campaign_id', '=', campaignId);
  if (from) q = q.where('day', '>=', from);
  if (to) q = q.where('day', '<=', to);
  return q.orderBy('day').limit(3660).execute();
}

/** An A/B test's arms, the test itself first and its live variants by id, with their figures over the days given (all days without). */
export async function testArms(db: Executor, testId: number, from?: string, to?: string) {
  let figures = db
    .selectFrom('campaign_daily_stats')
    .select((eb) => [
      'campaign_id',
      eb.fn.sum<number>('impressions').as('impressions'),
      eb.fn.sum<number>('leads').as('leads'),
      eb.fn.sum<number>('accepted').as('accepted'),
    ])
    .groupBy('campaign_id');
  if (from) figures = figures.where('day', '>=', from);
  if (to) figures = figures.where('day', '<=', to);
  const rows = await db
    .selectFrom('campaigns as c')
    .leftJoin(figures.as('f'), 'f.campaign_id', 'c.id')
    .select(['c.id', 'c.name', 'c.parent_id', 'f.impressions', 'f.leads', 'f.accepted'])
    .where((eb) => eb.or([eb('c.id', '=', testId), eb('c.parent_id', '=', testId)]))
    .where('c.deleted_at', 'is', null)
    .orderBy(sql`c.parent_id IS NOT NULL`)
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    impressions: Number(r.impressions ?? 0),
    leads: Number(r.leads ?? 0),
    accepted: Number(r.accepted ?? 0),
  }));
}

/**
 * Campaigns as every route reaches them. Who may reach which is by site
 * (`loadCampaign` in the routes asserts the caller holds the campaign's site).
 */
export interface CampaignsRepository {
  find(id: number, db?: Executor): Promise<CampaignRow | undefined>;
  detail(id: number): Promise<CampaignDetail | undefined>;
  list(filter: ListFilter): ReturnType<typeof listCampaigns>;
  leads(id: number, limit: number, beforeId?: number): Promise<Lead[]>;
  figures(id: number, from?: string, to?: string): ReturnType<typeof figuresOf>;
  /** An A/B test's arms (the test first, then its variants) with impressions, leads and accepted leads over the days given. */
  testArms(testId: number, from?: string, to?: string): ReturnType<typeof testArms>;
  targets(id: number): Promise<CampaignTarget[]>;
  /** The site a campaign is saved on: its id and hostname. */
  site(siteId: number): Promise<{ id: number; name: string } | undefined>;
  /** A new campaign, with its first revision (its forms as stored). */
  create(values: Insertable<Campaigns>, db: Executor): Promise<number>;
  update(id: number, set: Updateable<Campaigns>, db: Executor): Promise<void>;
  /** After a save of the builder's payload: its forms as stored kept as a new revision, by the user `by`. */
  revise(id: number, by: number, db: Executor): Promise<void>;
  /**
   * Moves the campaign and its variants (deleted ones too) to `clientId`: the leads they have by
   * then came for their client before, and stay out of the new client's replays and files
   * (`client_since_lead_id`). The rows are locked first, so that a lead being stored with them is
   * counted on the side it was delivered to. Answers how many variants moved with it.
   */
  move(id: number, clientId: number, db: Executor): Promise<number>;
  /** The same change to every live variant of the test `parentId`. */
  updateVariants(parentId: number, set: Updateable<Campaigns>, db: Executor): Promise<void>;
  /** Soft delete: leads and figures stay; an A/B test takes its variants with it. */
  remove(id: number, at: Date, db: Executor): Promise<void>;
  copy(source: CampaignRow, over: Parameters<typeof copyCampaign>[2], db: Executor): Promise<number>;
  /** Id, name, code, type, parent and status of the given campaigns. */
  summaries(
    ids: number[],
  ): Promise<Array<{ id: number; name: string; code: string; type: number; parent_id: number | null; status: number }>>;
  replaceTargets(id: number, targets: CampaignTarget[], db: Executor): Promise<void>;
  insertTargets(id: number, targets: CampaignTarget[], from: number, db: Executor): Promise<void>;
  /** After a CSV import: the campaign's targets are imported ones, from `fileName`. */
  markImported(id: number, fileName: string, at: Date, db: Executor): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    campaigns: CampaignsRepository;
  }
}

export default fp(
  async function campaignsRepository(app: FastifyInstance, opts: { timeZone: string; now: () => Date }) {
    const tz = opts.timeZone;
    app.decorate('campaigns', {
      find: (id, db = app.db) => findCampaign(db, id),
      detail: (id) => campaignDetail(app.db, id, tz, opts.now()),
      list: (filter) => listCampaigns(app.db, filter, tz),
      leads: (id, limit, beforeId) => leadsPage(app.db, id, limit, tz, beforeId),
      figures: (id, from, to) => figuresOf(app.db, id, from, to),
      testArms: (testId, from, to) => testArms(app.db, testId, from, to),
      targets: (id) => targetsOf(app.db, id),
      site: (siteId) => app.db.selectFrom('sites').select(['id', 'name']).where('id', '=', siteId).executeTakeFirst(),
      async create(values, db) {
        const { id } = await db.insertInto('campaigns').values(values).returning('id').executeTakeFirstOrThrow();
        await addRevision(db, id, values.creator_id ?? null, opts.now());
        return id;
      },
      async revise(id, by, db) {
        await addRevision(db, id, by, opts.now());
      },
      async update(id, set, db) {
        await db.updateTable('campaigns').set(set).where('id', '=', id).execute();
      },
      async move(id, clientId, db) {
        // A lead's transaction holds its campaign's row from its count to its commit, and reads the client after the count.
        await sql`SELECT id FROM campaigns WHERE id = ${id} OR parent_id = ${id} ORDER BY id FOR NO KEY UPDATE`.execute(
          db,
        );
        const moved = await sql`
          UPDATE campaigns c SET client_id = ${clientId},
            client_since_lead_id = COALESCE((SELECT max(l.id) FROM leads l WHERE l.campaign_id = c.id), c.client_since_lead_id)
          WHERE c.id = ${id} OR c.parent_id = ${id}`.execute(db);
        return Number(moved.numAffectedRows ?? 1n) - 1;
      },
      async updateVariants(parentId, set, db) {
        await db
          .updateTable('campaigns')
          .set(set)
          .where('parent_id', '=', parentId)
          .where('deleted_at', 'is', null)
          .execute();
      },
      async remove(id, at, db) {
        await db
          .updateTable('campaigns')
          .set({ deleted_at: at, is_testing_running: false })
          .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
          .execute();
      },
      copy: (source, over, db) => copyCampaign(db, source, over, opts.now()),
      summaries: (ids) =>
        app.db
          .selectFrom('campaigns')
          .select(['id', 'name', 'code', 'type', 'parent_id', 'status'])
          .where('id', 'in', ids.length ? ids : [-1])
          .orderBy('id')
          .execute(),
      replaceTargets: (id, targets, db) => replaceTargets(db, id, targets),
      insertTargets: (id, targets, from, db) => insertTargets(db, id, targets, from),
      async markImported(id, fileName, at, db) {
        await db
          .updateTable('campaigns')
          .set({
            is_target_import: true,
            extra_fields: sql`jsonb_set(extra_fields, '{csvName}', to_jsonb(${fileName}::text))`,
            updated_at: at,
          })
          .where('id', '=', id)
          .execute();
      },
    } satisfies CampaignsRepository);
  },
  { name: 'campaigns-repository' },
);
