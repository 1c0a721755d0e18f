import { EXPORT_MAX_CAMPAIGNS, exportColumns, exportRow, formColumns, leadExportFileName } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { html, SafeHtml } from '../../lib/html.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { unique } from '../../repositories/common.js';
import { recordHistory, type HistoryWrite } from '../../repositories/history.js';
import type { ExportSource } from '../../repositories/leads.js';
import { ADMIN_PREFIX, campaignLeadsApi } from '@lead/contract/api';
import { dayRange } from '../../lib/day-range.js';
import { parseIdList } from '../../lib/input.js';
import { sendLeadFile } from '../../lib/lead-file-stream.js';
import { wirePath, wireSchema } from '../../lib/wire.js';

const NO_CAMPAIGN = 'Choose at least one campaign.';

/** How many campaigns an export's history entry names; it counts the rest. */
const HISTORY_CAMPAIGNS = 20;

/** The history entry of an export: by whom, of how many leads, of which campaigns (by name and code). */
function exportEntry(
  userId: number,
  chosen: ExportSource[],
  count: number,
  format: 'CSV' | 'XLSX',
  days: { from: string | null; to: string | null } | null,
): HistoryWrite {
  const sites = new Set(chosen.map((s) => s.siteId));
  const named = chosen.slice(0, HISTORY_CAMPAIGNS).map((s) => html`<b>${s.name}</b> (${s.code})`.value);
  const more = chosen.length > HISTORY_CAMPAIGNS ? ` and ${chosen.length - HISTORY_CAMPAIGNS} more` : '';
  const when = days
    ? html`, created ${days.from ? html`from ${days.from} ` : ''}${days.to ? html`to ${days.to}` : 'to today'}`.value
    : '';
  const where = new SafeHtml(`${named.join(', ')}${more}${when}`);
  return {
    userId,
    siteId: sites.size === 1 ? chosen[0]!.siteId : null,
    icon: 'export',
    text: html`Exported <b>${count}</b> ${count === 1 ? 'lead' : 'leads'} (${format}) of ${chosen.length === 1 ? 'campaign' : 'campaigns'} ${where}.`,
  };
}

/**
 * Lead export (issue #12): the leads of one campaign (an A/B test with its variants) or of a
 * selection, streamed a page at a time. `csv` is the file staff download: UTF-8 with a BOM so
 * that Excel reads accents, formula-like cells neutralised. `ndjson` is what the admin's XLSX
 * writer reads: a header line `{columns, total}` and then one JSON array of strings per lead.
 * Its query is the contract's (`campaignLeadsApi.export`); the answer is a file, so only its
 * refusals are checked against the wire (`config.wire`: the error envelope).
 */
const routes: FastifyPluginAsyncTypebox<{ adminUrl: string; timeZone: string }> = async (
  app,
  { adminUrl, timeZone },
) => {
  const route = campaignLeadsApi.export;
  app.get(
    wirePath(route, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(route), config: { wire: true } },
    async (request, reply) => {
      const ids = unique(parseIdList(request.query.ids) ?? []);
      if (!ids.length) throw HttpError.validation({ ids: [NO_CAMPAIGN] }, NO_CAMPAIGN);
      if (ids.length > EXPORT_MAX_CAMPAIGNS) {
        const message = `Export at most ${EXPORT_MAX_CAMPAIGNS} campaigns at a time.`;
        throw HttpError.validation({ ids: [message] }, message);
      }
      const { from, to } = request.query;
      const days = dayRange(from, to, timeZone);
      if ('field' in days) throw HttpError.validation({ [days.field]: [days.message] }, days.message);
      const sources = await app.leads.exportSources(ids);
      const byCampaign = new Map<number, ExportSource>(sources.map((s) => [s.id, s]));
      // Every campaign must be live and on the caller's sites, checked in the order asked (404,
      // 403), as for its detail; one query reads them all (a chosen variant is among its test's arms).
      for (const id of ids) {
        const source = byCampaign.get(id);
        if (!source) throw notFound();
        app.assertSites(request.user, [source.siteId]);
      }
      const fields = formColumns(sources.map((s) => s.forms));
      const many = ids.length > 1;
      const columns = exportColumns(fields, many);
      const campaignIds = sources.map((s) => s.id);
      const { count, upTo } = await app.leads.extent(campaignIds, days.range);
      const csv = (request.query.format ?? 'csv') === 'csv';
      // Every export is in System history: who, which campaigns, how many leads (never their data).
      await recordHistory(
        app.db,
        exportEntry(
          request.user.id,
          ids.map((id) => byCampaign.get(id)!),
          count,
          csv ? 'CSV' : 'XLSX',
          from || to ? { from: from ?? null, to: to ?? null } : null,
        ),
      );

      return sendLeadFile(reply, {
        csv,
        columns,
        count,
        name: leadExportFileName(ids, { from, to }),
        pages: app.leads.exportPages(campaignIds, upTo, days.range),
        row: (lead) => {
          const source = byCampaign.get(lead.campaign_id)!;
          return exportRow(lead, fields, {
            ...(many ? { campaign: source.campaign } : {}),
            variant: source.variant,
            adminUrl,
          });
        },
      });
    },
  );
};

export default routes;
