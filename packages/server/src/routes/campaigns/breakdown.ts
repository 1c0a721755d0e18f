import {
  breakdownCsvHeader,
  breakdownCsvRow,
  breakdownFigures,
  breakdownLabel,
  BREAKDOWN_ROWS,
  CampaignType,
  EXPORT_MAX_CAMPAIGNS,
  type BreakdownCounts,
} from '@lead/contract';
import {
  ADMIN_PREFIX,
  breakdownsApi,
  type BreakdownQueryWire,
  type BreakdownRowsQueryWire,
  type BreakdownWire,
} from '@lead/contract/api';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { csvLine } from '../../lib/csv.js';
import { dayRange } from '../../lib/day-range.js';
import { ok } from '../../lib/envelope.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { parseIdList } from '../../lib/input.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import type { AuthUser } from '../../plugins/auth.js';
import { breakdownRows } from '../../repositories/breakdowns.js';
import { unique } from '../../repositories/common.js';
import { loadCampaign } from './shared.js';

const NO_CAMPAIGN = 'Choose at least one campaign.';

/**
 * The breakdown of `campaigns` (each A/B test with its live variants) over the days asked, summed
 * from the rollup, sorted and, for JSON, cut in SQL (`all`: every row, for the CSV file); by
 * variant, one row per campaign.
 */
async function breakdownOf(
  app: FastifyInstance,
  campaigns: Array<{ id: number; type: number }>,
  q: BreakdownRowsQueryWire,
  all = false,
): Promise<BreakdownWire> {
  const tests = campaigns.filter((c) => c.type === CampaignType.AbTest).map((c) => c.id);
  const arms = await app.db
    .selectFrom('campaigns')
    .select(['id', 'name'])
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          campaigns.map((c) => c.id),
        ),
        ...(tests.length ? [eb.and([eb('parent_id', 'in', tests), eb('deleted_at', 'is', null)])] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  const names = new Map(arms.map((a) => [String(a.id), a.name]));
  const sort = q.sort ?? 'impressions';
  const { rows, rest } = await breakdownRows(
    app.db,
    arms.map((a) => a.id),
    {
      by: q.by,
      from: q.from || undefined,
      to: q.to || undefined,
      sort,
      order: q.order ?? (sort === 'value' ? 'asc' : 'desc'),
      limit: all ? undefined : (q.limit ?? BREAKDOWN_ROWS),
    },
  );
  const total: BreakdownCounts = { impressions: 0, leads: 0, duplicates: 0, credited: 0, accepted: 0 };
  for (const s of rest ? [...rows, rest] : rows)
    for (const k of Object.keys(total) as Array<keyof BreakdownCounts>) total[k] += s[k];
  return {
    by: q.by,
    rows: rows.map((s) => ({ ...breakdownFigures(s), value: s.value, label: breakdownLabel(q.by, s.value, names) })),
    other: rest ? { values: rest.values, ...breakdownFigures(rest) } : null,
    total: breakdownFigures(total),
  };
}

/** 422 for days that are not real or out of order. */
function checkDays(q: BreakdownQueryWire, timeZone: string): void {
  const days = dayRange(q.from, q.to, timeZone);
  if ('field' in days) throw HttpError.validation({ [days.field]: [days.message] }, days.message);
}

/** The campaigns of the Report view's `ids`: each live and on the caller's sites (404, 403), at most EXPORT_MAX_CAMPAIGNS. */
async function chosenCampaigns(app: FastifyInstance, user: AuthUser, list: string) {
  const ids = unique(parseIdList(list) ?? []);
  if (!ids.length) throw HttpError.validation({ ids: [NO_CAMPAIGN] }, NO_CAMPAIGN);
  if (ids.length > EXPORT_MAX_CAMPAIGNS) {
    const message = `Choose at most ${EXPORT_MAX_CAMPAIGNS} campaigns.`;
    throw HttpError.validation({ ids: [message] }, message);
  }
  const rows = await app.db
    .selectFrom('campaigns')
    .select(['id', 'type', 'site_id'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  if (rows.length !== ids.length) throw notFound();
  app.assertSites(user, [...new Set(rows.map((r) => r.site_id))]);
  return rows;
}

function sendCsv(reply: FastifyReply, b: BreakdownWire, q: BreakdownQueryWire, name: string) {
  const body = '\uFEFF' + csvLine(breakdownCsvHeader(q.by)) + b.rows.map((r) => csvLine(breakdownCsvRow(r))).join('');
  const days = [q.from, q.to].filter(Boolean).join('_');
  const file = `breakdown-${name}-${q.by}${days ? `-${days}` : ''}.csv`.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .send(body);
}

/** A campaign's breakdown, the Report view's over several, and their CSV files (docs/api/campaigns.md, "Breakdown"). */
const routes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  const { breakdown, breakdownExport, report, reportExport } = breakdownsApi;
  const one = async (user: AuthUser, id: number, q: BreakdownRowsQueryWire, all = false) => {
    checkDays(q, timeZone);
    const row = await loadCampaign(app, user, id);
    return { row, b: await breakdownOf(app, [row], q, all) };
  };
  const many = async (user: AuthUser, q: BreakdownRowsQueryWire & { ids: string }, all = false) => {
    checkDays(q, timeZone);
    return breakdownOf(app, await chosenCampaigns(app, user, q.ids), q, all);
  };

  app.get(
    wirePath(breakdown, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(breakdown), config: { wire: true } },
    async (r) => ok((await one(r.user, r.params.id, r.query)).b),
  );
  app.get(
    wirePath(breakdownExport, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(breakdownExport), config: { wire: true } },
    async (r, reply) => {
      const { row, b } = await one(r.user, r.params.id, r.query, true);
      return sendCsv(reply, b, r.query, row.code);
    },
  );
  app.get(wirePath(report, 'GET', ADMIN_PREFIX), { schema: wireSchema(report), config: { wire: true } }, async (r) =>
    ok(await many(r.user, r.query)),
  );
  app.get(
    wirePath(reportExport, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(reportExport), config: { wire: true } },
    async (r, reply) => sendCsv(reply, await many(r.user, r.query, true), r.query, 'report'),
  );
};

export default routes;
