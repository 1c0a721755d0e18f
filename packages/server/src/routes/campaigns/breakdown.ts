import {
  breakdownCsvHeader,
  breakdownCsvRow,
  breakdownFigures,
  breakdownLabel,
  CampaignType,
  sortBreakdown,
  type BreakdownCounts,
} from '@lead/contract';
import { ADMIN_PREFIX, breakdownsApi, type BreakdownQueryWire, type BreakdownWire } from '@lead/contract/api';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { csvLine } from '../../lib/csv.js';
import { dayRange } from '../../lib/day-range.js';
import { ok } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import type { AuthUser } from '../../plugins/auth.js';
import { breakdownSums } from '../../repositories/breakdowns.js';
import { loadCampaign } from './shared.js';

/**
 * A campaign's breakdown (`breakdownsApi`): its rows over the days asked, summed from the rollup.
 * An A/B test's breakdown holds its variants' figures too; by variant, one row per arm.
 */
async function breakdownOf(
  app: FastifyInstance,
  user: AuthUser,
  id: number,
  q: BreakdownQueryWire,
  timeZone: string,
): Promise<BreakdownWire & { code: string }> {
  const days = dayRange(q.from, q.to, timeZone);
  if ('field' in days) throw HttpError.validation({ [days.field]: [days.message] }, days.message);
  const row = await loadCampaign(app, user, id);
  const arms = await app.db
    .selectFrom('campaigns')
    .select(['id', 'name'])
    .where((eb) =>
      row.type === CampaignType.AbTest
        ? eb.or([eb('id', '=', row.id), eb.and([eb('parent_id', '=', row.id), eb('deleted_at', 'is', null)])])
        : eb('id', '=', row.id),
    )
    .orderBy('id')
    .execute();
  const names = new Map(arms.map((a) => [String(a.id), a.name]));
  const sums = await breakdownSums(
    app.db,
    arms.map((a) => a.id),
    q.by,
    q.from || undefined,
    q.to || undefined,
  );
  const rows = sums.map((s) => ({
    ...breakdownFigures(s),
    value: s.value,
    label: breakdownLabel(q.by, s.value, names),
  }));
  const sort = q.sort ?? 'impressions';
  const total: BreakdownCounts = { impressions: 0, leads: 0, duplicates: 0, credited: 0, accepted: 0 };
  for (const s of sums) for (const k of Object.keys(total) as Array<keyof BreakdownCounts>) total[k] += s[k];
  return {
    by: q.by,
    rows: sortBreakdown(rows, sort, q.order ?? (sort === 'value' ? 'asc' : 'desc')),
    total: breakdownFigures(total),
    code: row.code,
  };
}

/** GET /campaign/{id}/breakdown and its CSV file (docs/api/campaigns.md, "Breakdown"). */
const routes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, opts) => {
  const { breakdown, breakdownExport } = breakdownsApi;
  app.get(
    wirePath(breakdown, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(breakdown), config: { wire: true } },
    async (request) => {
      const { code: _code, ...answer } = await breakdownOf(
        app,
        request.user,
        request.params.id,
        request.query,
        opts.timeZone,
      );
      return ok(answer);
    },
  );

  app.get(
    wirePath(breakdownExport, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(breakdownExport), config: { wire: true } },
    async (request, reply) => {
      const q = request.query;
      const b = await breakdownOf(app, request.user, request.params.id, q, opts.timeZone);
      const body =
        '\uFEFF' + csvLine(breakdownCsvHeader(q.by)) + b.rows.map((r) => csvLine(breakdownCsvRow(r))).join('');
      const days = [q.from, q.to].filter(Boolean).join('_');
      const name = `breakdown-${b.code}-${q.by}${days ? `-${days}` : ''}.csv`.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(body);
    },
  );
};

export default routes;
