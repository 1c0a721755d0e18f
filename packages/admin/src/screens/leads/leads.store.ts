import { leadsPageFileName, type Site } from '@lead/contract';
import type { DataOf, LeadsApi, LeadsPageLead } from '@lead/contract/api';
import { proxy, ref } from 'valtio';
import { isAbort, call } from '../../api/client.js';
import { fetchSites } from '../../api/sites.js';
import { navigate } from '../../router/hash-location.js';
import { loadPhoneFormat } from '../../lib/phone.js';
import { exportLeadFile, type ExportFormat } from '../../reports/lead-export.store.js';
import { onSessionReset } from '../../stores/reset.js';
import { EMPTY_VIEW, parseLeadsQuery, serializeLeadsQuery, toApiFilters, type LeadsView } from './leads-query.js';

type Page = DataOf<LeadsApi['list']>;

/** Leads on a page of the table (asked of the server: the table's skeleton holds as many). */
export const LEADS_PER_PAGE = 50;

const blank = () => ({
  path: '/leads',
  view: { ...EMPTY_VIEW } as LeadsView,
  page: null as Page | null,
  loading: false,
  sites: [] as Site[],
  /** Campaign names seen (search results, rows), for the chips of campaigns in the address. */
  campaignNames: {} as Record<number, string>,
  campaignOptions: [] as Array<{ id: number; label: string; description: string }>,
  /** An export waiting for its confirmation: its format and how many leads it holds. */
  confirming: null as { format: ExportFormat; count: number } | null,
  counting: false,
});

/** The Leads page (issue #43): its filters mirror the hash query. */
export const leads = proxy(blank());
onSessionReset(() => Object.assign(leads, blank()));

let pageCall: AbortController | null = null;

/** Reads the view from the URL and loads its page (called whenever the hash query changes). */
export function applyQuery(path: string, search: string): void {
  leads.path = path;
  leads.view = parseLeadsQuery(search);
  leads.confirming = null;
  void loadPage();
}

/** Changes the view through the URL; any change of filters goes back to the newest page. */
export function updateView(patch: Partial<LeadsView>): void {
  const next = { ...leads.view, before: null, after: null, ...patch };
  const query = serializeLeadsQuery(next);
  navigate(query ? `${leads.path}?${query}` : leads.path);
}

export const clearFilters = (): void => updateView(EMPTY_VIEW);
export const olderPage = (): void => void (leads.page?.next_cursor && updateView({ before: leads.page.next_cursor }));
export const newerPage = (): void => void (leads.page?.prev_cursor && updateView({ after: leads.page.prev_cursor }));

export async function loadPage(): Promise<void> {
  pageCall?.abort();
  const controller = (pageCall = new AbortController());
  const v = leads.view;
  leads.loading = true;
  try {
    const [res] = await Promise.all([
      call('GET /api/admin/leads', {
        query: {
          ...toApiFilters(v),
          limit: LEADS_PER_PAGE,
          ...(v.before ? { before: v.before } : {}),
          ...(v.after ? { after: v.after } : {}),
        },
        signal: controller.signal,
        hideLoading: leads.page !== null,
      }),
      loadPhoneFormat(),
    ]);
    for (const l of res._data.models) leads.campaignNames[l.campaign.id] = l.campaign.name;
    leads.page = ref(res._data);
  } catch (error) {
    if (!isAbort(error)) leads.page = { models: [], next_cursor: null, prev_cursor: null };
  } finally {
    if (pageCall === controller) leads.loading = false;
  }
}

export async function loadSites(): Promise<void> {
  if (leads.sites.length) return;
  const sites = await fetchSites({ hideLoading: true });
  if (sites) leads.sites = sites;
}

let campaignCall: AbortController | null = null;

/** The campaigns whose name holds `text`, within the chosen sites and clients (at most 20). */
export async function searchCampaigns(text: string): Promise<void> {
  campaignCall?.abort();
  const controller = (campaignCall = new AbortController());
  const v = leads.view;
  try {
    const res = await call('GET /api/admin/campaign', {
      query: {
        ...(text.trim() ? { keyword: text.trim() } : {}),
        ...(v.siteIds.length ? { site_id: v.siteIds.join(',') } : {}),
        ...(v.clientIds.length ? { client_id: v.clientIds.join(',') } : {}),
        items_per_page: 20,
      },
      signal: controller.signal,
      hideLoading: true,
      hideError: true,
    });
    leads.campaignOptions = res._data.models.map((c) => ({
      id: c.id,
      label: c.name,
      description: `${c.code} · ${c.site.name}`,
    }));
    for (const c of res._data.models) leads.campaignNames[c.id] = c.name;
  } catch (error) {
    if (!isAbort(error)) leads.campaignOptions = [];
  }
}

/** Export: first how many leads the file will hold, for the confirmation ('Export 301 leads?'). */
export async function askExport(format: ExportFormat): Promise<void> {
  leads.counting = true;
  try {
    const res = await call('GET /api/admin/leads/count', { query: toApiFilters(leads.view) });
    leads.confirming = { format, count: res._data.count };
  } catch (error) {
    if (!isAbort(error)) leads.confirming = null;
  } finally {
    leads.counting = false;
  }
}

export const cancelConfirm = (): void => {
  leads.confirming = null;
};

const clientName = (id: number): string | undefined =>
  leads.sites.flatMap((s) => s.clients).find((c) => c.id === id)?.name;

/** Downloads the confirmed file: the page's own filters, named after them as the server names it. */
export async function confirmExport(): Promise<void> {
  const chosen = leads.confirming;
  if (!chosen) return;
  leads.confirming = null;
  const v = leads.view;
  const clients = v.clientIds.map(clientName).filter((n): n is string => Boolean(n));
  await exportLeadFile(
    {
      route: 'GET /api/admin/leads/export',
      query: toApiFilters(v),
      fileName: leadsPageFileName(clients, { from: v.from, to: v.to }),
    },
    chosen.format,
    'Leads',
  );
}

export type { LeadsPageLead };
