import {
  type CampaignSearchBy,
  type CampaignSortBy,
  type CampaignListRow,
  type CampaignStatus,
  CampaignType,
  conversionRate,
  DEVICE_TYPE_LABELS,
  type DisplayType,
  formattedStatus,
  REPORT_FIGURES,
  type ReportFigure,
  type ReportFigures,
  DEVICE_TYPES,
  type CampaignKpis,
  leadGoal,
} from '@lead/contract';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/types.js';
import { toWire } from '../lib/time.js';
import { escapeLike } from './common.js';
import type { Executor } from '../db/types.js';

export type SortBy = CampaignSortBy;

export interface ListFilter {
  /** The caller's sites: nothing outside them is ever listed. */
  scopeSiteIds: number[];
  keyword?: string;
  searchBy: CampaignSearchBy;
  siteIds?: number[];
  clientIds?: number[];
  /** The sidebar: site → clients (empty: the whole site), or client → sites. */
  siteWithClients?: Map<number, number[]>;
  clientWithSites?: Map<number, number[]>;
  statuses?: number[];
  displayTypes?: number[];
  deviceTypes?: number[];
  isSponsor?: boolean;
  createdFrom?: Date;
  createdTo?: Date;
  updatedFrom?: Date;
  updatedTo?: Date;
  /** Days (server time zone) that limit the figures. */
  performanceFrom?: string;
  performanceTo?: string;
  sortBy: SortBy;
  sortOrder: 'asc' | 'desc';
  page: number;
  perPage: number;
  /** Also sum every report figure over all matches (the Report view's totals row). */
  reportTotals?: boolean;
}

type CampaignEB = ExpressionBuilder<DB & { c: DB['campaigns'] }, 'c'>;

const inList = (column: string, ids: number[]) =>
  sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids.length ? ids : [-1])})`;
const equals = (column: string, id: number) => sql<SqlBool>`${sql.ref(column)} = ${id}`;

/**
 * The scope, site and client lists and the sidebar (site → clients or client → sites, ORed),
 * on any table with a site and a client column: campaigns, or the summary tables.
 */
function siteClientConditions(f: ListFilter, site: string, client: string): Expression<SqlBool>[] {
  const and = [inList(site, f.scopeSiteIds)];
  if (f.siteIds?.length) and.push(inList(site, f.siteIds));
  if (f.clientIds?.length) and.push(inList(client, f.clientIds));
  const or: Expression<SqlBool>[] = [];
  for (const [id, clients] of f.siteWithClients ?? []) {
    or.push(clients.length ? sql<SqlBool>`(${equals(site, id)} and ${inList(client, clients)})` : equals(site, id));
  }
  for (const [id, sites] of f.clientWithSites ?? []) {
    or.push(sites.length ? sql<SqlBool>`(${equals(client, id)} and ${inList(site, sites)})` : equals(client, id));
  }
  if (or.length) and.push(sql<SqlBool>`(${sql.join(or, sql` or `)})`);
  return and;
}

function where(eb: CampaignEB, f: ListFilter): Expression<SqlBool> {
  const and: Expression<SqlBool>[] = [
    eb('c.deleted_at', 'is', null),
    eb('c.type', '<>', 2),
    ...siteClientConditions(f, 'c.site_id', 'c.client_id'),
  ];
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    if (f.searchBy === 'name') and.push(eb('c.name', 'ilike', like));
    else {
      const type = f.searchBy === 'link' ? 'links' : 'tags';
      // Tags come as a comma list (the Filters panel's tag input): a campaign with any of them matches.
      const terms =
        f.searchBy === 'tag'
          ? f.keyword
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
          : [f.keyword];
      and.push(
        eb.exists(
          eb
            .selectFrom('campaign_targets as t')
            .select('t.id')
            .whereRef('t.campaign_id', '=', 'c.id')
            .where('t.type', '=', type)
            .where((w) => w.or(terms.map((term) => w('t.target', 'ilike', `%${escapeLike(term)}%`)))),
        ),
      );
    }
  }
  if (f.statuses?.length) and.push(eb('c.status', 'in', f.statuses));
  if (f.displayTypes?.length) and.push(eb('c.display_type', 'in', f.displayTypes));
  if (f.deviceTypes?.length) and.push(sql<SqlBool>`c.device_types && ${sql.val(f.deviceTypes)}::smallint[]`);
  if (f.isSponsor !== undefined) and.push(eb('c.is_sponsor', '=', f.isSponsor));
  if (f.createdFrom) and.push(eb('c.created_at', '>=', f.createdFrom));
  if (f.createdTo) and.push(eb('c.created_at', '<=', f.createdTo));
  if (f.updatedFrom) and.push(eb('c.updated_at', '>=', f.updatedFrom));
  if (f.updatedTo) and.push(eb('c.updated_at', '<=', f.updatedTo));
  return eb.and(and);
}

const hasRange = (f: ListFilter) => f.performanceFrom !== undefined || f.performanceTo !== undefined;

/** `coalesce(sum(column), 0)`: a total that is 0, not null, over no rows. */
const total = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;

/** The three figures the list totals, summed from the given columns. */
const figureTotals = (impressions: string, leads: string, submits: string) => [
  total(impressions).as('impressions'),
  total(leads).as('leads'),
  total(submits).as('submits'),
];

type Figures = { impressions: number; leads: number; submits: number };
const toFigures = (r: { impressions: unknown; leads: unknown; submits: unknown }): Figures => ({
  impressions: Number(r.impressions),
  leads: Number(r.leads),
  submits: Number(r.submits),
});

/** The daily rollup's rows within the performance window. */
function dailyInWindow(db: Executor, f: ListFilter) {
  let q = db.selectFrom('campaign_daily_stats as d');
  if (f.performanceFrom) q = q.where('d.day', '>=', f.performanceFrom);
  if (f.performanceTo) q = q.where('d.day', '<=', f.performanceTo);
  return q;
}

/** Whether the filter narrows only by site, client (and status), so that a summary table can answer its totals. */
const bySiteAndClientOnly = (f: ListFilter) =>
  !f.keyword &&
  !f.displayTypes?.length &&
  !f.deviceTypes?.length &&
  f.isSponsor === undefined &&
  !f.createdFrom &&
  !f.createdTo &&
  !f.updatedFrom &&
  !f.updatedTo;

/** Count and all-time sums from campaign_group_totals. */
async function groupTotals(db: Executor, f: ListFilter) {
  let q = db
    .selectFrom('campaign_group_totals as s')
    .select([total('s.campaigns').as('items'), ...figureTotals('s.impressions', 's.leads', 's.submits')])
    .where((eb) => eb.and(siteClientConditions(f, 's.site_id', 's.client_id')));
  if (f.statuses?.length) q = q.where('s.status', 'in', f.statuses);
  return q.executeTakeFirstOrThrow();
}

/** Window sums from site_daily_stats (no status dimension: only without a status filter). */
async function rollupTotals(db: Executor, f: ListFilter) {
  let q = db
    .selectFrom('site_daily_stats as s')
    .select(figureTotals('s.impressions', 's.leads', 's.submits'))
    .where((eb) => eb.and(siteClientConditions(f, 's.site_id', 's.client_id')));
  if (f.performanceFrom) q = q.where('s.day', '>=', f.performanceFrom);
  if (f.performanceTo) q = q.where('s.day', '<=', f.performanceTo);
  return toFigures(await q.executeTakeFirstOrThrow());
}

/** Every report figure summed, from the daily rollup's columns (`d`) or the campaigns' running totals (`c`), named as the wire names them. */
const reportSums = (table: 'd' | 'c') =>
  REPORT_FIGURES.map((x) => total(`${table}.${table === 'd' ? x.daily : x.key}`).as(x.key));
const toReport = (r: Record<string, unknown>): ReportFigures =>
  Object.fromEntries(REPORT_FIGURES.map((x) => [x.key, Number(r[x.key] ?? 0)])) as ReportFigures;

/** Figures of each campaign within the performance window, from the daily rollup. */
function rangeFigures(db: Executor, f: ListFilter) {
  return dailyInWindow(db, f)
    .select(['d.campaign_id', ...reportSums('d')])
    .groupBy('d.campaign_id');
}

const ORDER: Record<SortBy, string> = {
  updated_at: 'c.updated_at',
  created_at: 'c.created_at',
  name: 'lower(c.name)',
  conversion_rate: 'CASE WHEN c.total_impression > 0 THEN c.total_lead::float8 / c.total_impression ELSE 0 END',
  ...(Object.fromEntries(REPORT_FIGURES.map((x) => [x.key, `c.${x.key}`])) as Record<ReportFigure, string>),
};
const RANGE_ORDER: Partial<Record<SortBy, string>> = {
  conversion_rate:
    'CASE WHEN coalesce(f.total_impression, 0) > 0 THEN f.total_lead::float8 / f.total_impression ELSE 0 END',
  ...Object.fromEntries(REPORT_FIGURES.map((x) => [x.key, `coalesce(f.${x.key}, 0)`])),
};

/** The page: its campaign ids numbered in order (see listCampaigns). */
type PageDB = DB & { p: { id: number; ord: number } };

function selectRows(db: Pick<ExpressionBuilder<PageDB, never>, 'selectFrom'>) {
  return db
    .selectFrom('campaigns as c')
    .innerJoin('sites as s', 's.id', 'c.site_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .leftJoin('users as u', 'u.id', 'c.creator_id')
    .select([
      'c.id',
      'c.name',
      'c.code',
      'c.image',
      'c.status',
      'c.type',
      'c.parent_id',
      'c.is_testing_running',
      'c.is_schedule',
      'c.device_types',
      'c.display_type',
      'c.started_at',
      'c.ended_at',
      'c.created_at',
      'c.updated_at',
      'c.rules',
      'c.total_impression',
      'c.total_lead',
      'c.total_submit',
      'c.total_click',
      'c.total_bounce',
      'c.total_visitor',
      'c.total_habit_exit',
      'c.total_intentional_exit',
      'c.total_duplicate',
      'c.total_accepted',
      'c.total_rejected',
      'c.total_credited',
      'c.kpis',
      'c.price',
      's.id as site_id',
      's.name as site_name',
      's.label as site_label',
      's.flag as site_flag',
      's.country_id as site_nation',
      'cl.id as client_id',
      'cl.name as client_name',
      'cl.currency as client_currency',
      'u.id as creator_id',
      'u.first_name as creator_first_name',
      'u.last_name as creator_last_name',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toRow(r: Row, timeZone: string, figures?: ReportFigures): CampaignListRow {
  const all = figures ?? toReport(r);
  const impressions = all.total_impression;
  const leads = all.total_lead;
  const devices = (r.device_types ?? []).map(Number);
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    image: r.image,
    site: { id: r.site_id, name: r.site_name, label: r.site_label, flag: r.site_flag, nation: r.site_nation },
    client: { id: r.client_id, name: r.client_name },
    creator:
      r.creator_id === null
        ? null
        : { id: r.creator_id, first_name: r.creator_first_name ?? '', last_name: r.creator_last_name ?? '' },
    status: r.status as CampaignStatus,
    formatted_status: formattedStatus(r.status as CampaignStatus, r.is_schedule),
    type: r.type as CampaignType,
    parent_id: r.parent_id,
    is_testing_running: r.is_testing_running,
    is_schedule: r.is_schedule,
    device_types: DEVICE_TYPES.map((id) => ({ id, name: DEVICE_TYPE_LABELS[id], is_disabled: !devices.includes(id) })),
    display_type: r.display_type as DisplayType,
    started_at: toWire(r.started_at, timeZone),
    ended_at: toWire(r.ended_at, timeZone),
    created_at: toWire(r.created_at, timeZone)!,
    updated_at: toWire(r.updated_at, timeZone)!,
    rules: r.rules as CampaignListRow['rules'],
    ...all,
    conversion_rate: conversionRate(leads, impressions),
    lead_goal: leadGoal(r.kpis as CampaignKpis),
    price: Number(r.price),
    currency: r.client_currency,
  };
}

export async function listCampaigns(db: Executor, f: ListFilter, timeZone: string) {
  const range = hasRange(f);
  const filtered = db.selectFrom('campaigns as c').where((eb) => where(eb, f));

  // Totals over every matching campaign: from the summary tables when the filter allows,
  // otherwise all-time from the totals index, or the window from the daily rollup.
  const summary = bySiteAndClientOnly(f);
  const totalsQuery = async () => {
    const counted = summary
      ? await groupTotals(db, f)
      : await filtered
          .select((eb) => [
            eb.fn.countAll<number>().as('items'),
            ...figureTotals('c.total_impression', 'c.total_lead', 'c.total_submit'),
          ])
          .executeTakeFirstOrThrow();
    let sums = toFigures(counted);
    if (range && summary && !f.statuses?.length) {
      sums = await rollupTotals(db, f);
    } else if (range) {
      sums = toFigures(
        await dailyInWindow(db, f)
          .select(figureTotals('d.impressions', 'd.leads', 'd.submits'))
          .where('d.campaign_id', 'in', filtered.select('c.id'))
          .executeTakeFirstOrThrow(),
      );
    }
    return { items: Number(counted.items), ...sums };
  };

  const dir = sql.raw(f.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const rangeSort = range ? RANGE_ORDER[f.sortBy] : undefined;
  // The page's ids first, from a narrow index, numbered in their order; then only those rows and
  // their A/B variants with their joins: one statement, where three round trips cost more than
  // the work itself at the demo's size (each PGlite query has a fixed cost of a millisecond or two).
  let pick = filtered.select('c.id');
  if (rangeSort) {
    pick = pick.leftJoin(
      rangeFigures(db, f).where('d.campaign_id', 'in', filtered.select('c.id')).as('f'),
      'f.campaign_id',
      'c.id',
    );
  }
  const pageIds = pick
    .orderBy(sql`${sql.raw(rangeSort ?? ORDER[f.sortBy])} ${dir}`)
    .orderBy('c.id', f.sortOrder === 'asc' ? 'asc' : 'desc')
    .limit(f.perPage)
    .offset((f.page - 1) * f.perPage);
  const rowsQuery = () =>
    db
      .with(
        'p(id, ord)',
        () => sql<{ id: number; ord: number }>`(SELECT * FROM unnest(array(${pageIds})) WITH ORDINALITY)`,
      )
      .selectFrom((qc) =>
        selectRows(qc)
          .innerJoin('p', 'p.id', 'c.id')
          .select(['p.ord', sql<number>`0`.as('variant')])
          .unionAll(
            selectRows(qc)
              .innerJoin('p', 'p.id', 'c.parent_id')
              .where('c.deleted_at', 'is', null)
              .select(['p.ord', sql<number>`1`.as('variant')]),
          )
          .as('r'),
      )
      .selectAll()
      .orderBy('r.ord')
      .orderBy('r.variant')
      .orderBy('r.id')
      .execute();
  // Every report figure over all matches: from the daily rollup over the window, else all-time.
  const reportQuery = async () =>
    f.reportTotals
      ? toReport(
          range
            ? await dailyInWindow(db, f)
                .select(reportSums('d'))
                .where('d.campaign_id', 'in', filtered.select('c.id'))
                .executeTakeFirstOrThrow()
            : await filtered.select(reportSums('c')).executeTakeFirstOrThrow(),
        )
      : undefined;
  // On PostgreSQL they run at once on several connections; PGlite takes them in turn.
  const [totals, all, report] = await Promise.all([totalsQuery(), rowsQuery(), reportQuery()]);
  const rows = all.filter((r) => r.variant === 0);
  const variants = all.filter(
    (r) => r.variant === 1 && rows.some((x) => x.id === r.parent_id && x.type === CampaignType.AbTest),
  );
  const ids = [...rows, ...variants].map((r) => r.id);
  const figures = new Map<number, ReportFigures>();
  if (range && ids.length) {
    for (const r of await rangeFigures(db, f).where('d.campaign_id', 'in', ids).execute())
      figures.set(r.campaign_id, toReport(r));
  }
  const zero = toReport({});
  const row = (r: Row) => toRow(r, timeZone, range ? (figures.get(r.id) ?? zero) : undefined);
  return {
    models: rows.map((r) => {
      const out = row(r);
      if (r.type === CampaignType.AbTest) out.variants = variants.filter((v) => v.parent_id === r.id).map(row);
      return out;
    }),
    pagination: { items_per_page: f.perPage, current: f.page, total_items: totals.items },
    total_items: totals.items,
    total_impressions: totals.impressions,
    total_leads: totals.leads,
    total_submits: totals.submits,
    ...(report ? { report_totals: report } : {}),
  };
}
