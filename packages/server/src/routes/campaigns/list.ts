import { DEFAULT_PAGE_SIZE } from '@lead/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { MAX_INT, isIdList, parseIdList } from '../../lib/input.js';
import { fromWire } from '../../lib/time.js';
import type { ListFilter } from '../../repositories/campaign-list.js';
import { campaignsApi, ADMIN_PREFIX } from '@lead/contract/api';
import { wirePath, wireSchema } from '../../lib/wire.js';

const SIDEBAR = /^(site_id_with_clients|client_id_with_sites)\[(\d{1,10})\]$/;

const routes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  app.get(
    wirePath(campaignsApi.list, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(campaignsApi.list), config: { wire: true } },
    async (request) => {
      const q = request.query;
      const errors: Record<string, string[]> = {};
      const date = (field: keyof typeof q, endOfDay: boolean): Date | undefined => {
        const raw = q[field];
        if (typeof raw !== 'string' || raw === '') return undefined;
        const full = raw.length === 10 ? `${raw} ${endOfDay ? '23:59:59' : '00:00:00'}` : raw;
        const d = fromWire(full, timeZone);
        if (!d) errors[field] = [`The ${field.replace(/_/g, ' ')} is not a valid date.`];
        return d ?? undefined;
      };
      const day = (field: 'from_performance_date' | 'to_performance_date'): string | undefined => {
        const raw = q[field];
        if (!raw) return undefined;
        return date(field, false) ? raw.slice(0, 10) : undefined;
      };

      // The sidebar's site_id_with_clients[SITE]=CLIENTS and client_id_with_sites[CLIENT]=SITES.
      const siteWithClients = new Map<number, number[]>();
      const clientWithSites = new Map<number, number[]>();
      for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
        const m = SIDEBAR.exec(key);
        if (!m) continue;
        const text = Array.isArray(value) ? value.join(',') : String(value ?? '');
        if ((text.trim() !== '' && !isIdList(text)) || Number(m[2]) > MAX_INT) {
          errors[key] = [`The ${m[1]!.replace(/_/g, ' ')} must be a comma list of ids.`];
          continue;
        }
        (m[1] === 'site_id_with_clients' ? siteWithClients : clientWithSites).set(
          Number(m[2]),
          parseIdList(text) ?? [],
        );
      }

      const siteIds = parseIdList(q.site_id || undefined);
      const filter: ListFilter = {
        scopeSiteIds: request.user.siteIds,
        searchBy: q.search_by || 'name',
        sortBy: q.sort_by || 'updated_at',
        sortOrder: q.sort_order || 'desc',
        page: q.page || 1,
        perPage: q.items_per_page || DEFAULT_PAGE_SIZE,
        ...(q.keyword?.trim() ? { keyword: q.keyword.trim() } : {}),
        ...(siteIds ? { siteIds } : {}),
        ...(q.client_id ? { clientIds: parseIdList(q.client_id)! } : {}),
        ...(siteWithClients.size ? { siteWithClients } : {}),
        ...(clientWithSites.size ? { clientWithSites } : {}),
        ...(q.status ? { statuses: q.status.split(',').map((s) => Number(s.trim())) } : {}),
        ...(q.display_type ? { displayTypes: parseIdList(q.display_type)! } : {}),
        ...(q.device_type ? { deviceTypes: parseIdList(q.device_type)! } : {}),
        ...(q.is_sponsor ? { isSponsor: q.is_sponsor === '1' } : {}),
        ...(q.report_totals === '1' ? { reportTotals: true } : {}),
      };
      const ranges = {
        createdFrom: date('from_created_at', false),
        createdTo: date('to_created_at', true),
        updatedFrom: date('from_updated_at', false),
        updatedTo: date('to_updated_at', true),
        performanceFrom: day('from_performance_date'),
        performanceTo: day('to_performance_date'),
      };
      for (const [k, v] of Object.entries(ranges)) if (v !== undefined) Object.assign(filter, { [k]: v });
      if (Object.keys(errors).length) throw HttpError.validation(errors);
      // Asking for another's site is refused; the sidebar's sites are simply scoped.
      if (siteIds) app.assertSites(request.user, siteIds);
      return ok(await app.campaigns.list(filter));
    },
  );
};

export default routes;
