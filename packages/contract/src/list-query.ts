import { REPORT_FIGURES, type ReportFigure } from './campaign.js';

/**
 * GET /campaign's query: the campaign list's parameters as the admin sends them and the server
 * reads them. Lists of ids are comma-separated; an empty parameter is ignored. Dates are the
 * server's wall time, 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' (a bare day is the whole day).
 */
export type CampaignSearchBy = 'name' | 'link' | 'tag';
export type CampaignSortBy = 'updated_at' | 'created_at' | 'name' | 'conversion_rate' | ReportFigure;
export type SortOrder = 'asc' | 'desc';

/** Every column the list may be sorted by: the dates, the name, the conversion rate and each report figure. */
export const CAMPAIGN_SORTS: readonly CampaignSortBy[] = [
  'updated_at',
  'created_at',
  'name',
  'conversion_rate',
  ...REPORT_FIGURES.map((x) => x.key),
];
export const CAMPAIGN_SEARCH_BY: readonly CampaignSearchBy[] = ['name', 'link', 'tag'];

/** The sidebar's narrowing: site_id_with_clients[SITE]=CLIENT,CLIENT or client_id_with_sites[CLIENT]=SITE,SITE. */
export type SidebarParamKey = `site_id_with_clients[${number}]` | `client_id_with_sites[${number}]`;

// A type, not an interface, so that it is assignable to the API client's plain record of parameters.
export type CampaignListParams = {
  /** A name, a link or comma-separated tags, as search_by says. */
  keyword?: string;
  search_by?: CampaignSearchBy;
  site_id?: string;
  client_id?: string;
  status?: string;
  device_type?: string;
  display_type?: string;
  from_created_at?: string;
  to_created_at?: string;
  from_updated_at?: string;
  to_updated_at?: string;
  /** 1: sponsored campaigns only; 0: none of them. */
  is_sponsor?: 0 | 1;
  /** The range the report figures are summed over. */
  from_performance_date?: string;
  to_performance_date?: string;
  sort_by?: CampaignSortBy;
  sort_order?: SortOrder;
  page?: number;
  items_per_page?: number;
  /** 1: the answer also carries every figure summed over every match (the Report view's totals row). */
  report_totals?: 0 | 1;
  [sidebar: SidebarParamKey]: string;
};

type NamedParam = keyof { [K in keyof CampaignListParams as K extends SidebarParamKey ? never : K]: true };

/** The named parameters, each once: the server's schema is checked against this list. */
export const CAMPAIGN_LIST_PARAMS = [
  'keyword',
  'search_by',
  'site_id',
  'client_id',
  'status',
  'device_type',
  'display_type',
  'from_created_at',
  'to_created_at',
  'from_updated_at',
  'to_updated_at',
  'is_sponsor',
  'from_performance_date',
  'to_performance_date',
  'sort_by',
  'sort_order',
  'page',
  'items_per_page',
  'report_totals',
] as const satisfies readonly NamedParam[];

// A parameter added to CampaignListParams and not to the list above fails the type check here.
type Unlisted = Exclude<NamedParam, (typeof CAMPAIGN_LIST_PARAMS)[number]>;
export const ALL_PARAMS_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;
