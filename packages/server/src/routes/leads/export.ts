import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { exportColumns, exportRow, formColumns, leadsPageFileName } from '@lead/contract';
import { ADMIN_PREFIX, leadsApi } from '@lead/contract/api';
import { html } from '../../lib/html.js';
import { sendLeadFile } from '../../lib/lead-file-stream.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { recordHistory } from '../../repositories/history.js';
import { resolveFilters } from './filters.js';

/**
 * The Leads page's export: exactly the leads its filters find (the page's own query, without its
 * cursor), oldest first, up to the newest at the start so that `X-Total-Count` is exact, streamed
 * as the campaign lead export is (CSV, or NDJSON for the admin's XLSX writer). Columns: Campaign,
 * the fields of every campaign in it by key, then Date, Page URL, Variant and the consent columns.
 * Named after the filters: `leads_{client}_{from}_{to}`. Recorded in System history.
 */
const routes: FastifyPluginAsyncTypebox<{ timeZone: string; adminUrl: string }> = async (
  app,
  { timeZone, adminUrl },
) => {
  const route = leadsApi.export;
  app.get(
    wirePath(route, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(route), config: { wire: true } },
    async (request, reply) => {
      const q = request.query;
      const search = resolveFilters(app, request.user, q, timeZone);
      const { count, upTo, campaignIds } = await app.leadSearch.extent(search);
      const sources = await app.leadSearch.exportSources(campaignIds);
      const byCampaign = new Map(sources.map((s) => [s.id, s]));
      const fields = formColumns(sources.map((s) => s.forms));
      const clients = search.clientIds ? await app.leadSearch.clientNames(search.clientIds, search.siteIds) : [];
      const csv = (q.format ?? 'csv') === 'csv';
      const sites = new Set(sources.map((s) => s.siteId));
      const of = clients.length
        ? html` of ${clients.length === 1 ? 'client' : 'clients'} <b>${clients.join(', ')}</b>`
        : '';
      const days = q.from || q.to ? html`, created from ${q.from || 'the start'} to ${q.to || 'today'}` : '';
      // Every export is in System history: who, how many leads, of which clients and days (never their data).
      await recordHistory(app.db, {
        userId: request.user.id,
        siteId: sites.size === 1 ? [...sites][0]! : null,
        icon: 'export',
        text: html`Exported <b>${count}</b> ${count === 1 ? 'lead' : 'leads'} (${csv ? 'CSV' : 'XLSX'}) from the Leads page${of}${days}.`,
      });
      return sendLeadFile(reply, {
        csv,
        columns: exportColumns(fields, true),
        count,
        name: leadsPageFileName(clients, { from: q.from, to: q.to }),
        pages: app.leadSearch.exportPages(search, upTo),
        row: (lead) => {
          const source = byCampaign.get(lead.campaign_id)!;
          return exportRow(lead, fields, { campaign: source.campaign, variant: source.variant, adminUrl });
        },
      });
    },
  );
};

export default routes;
