/** Sites (docs/api/accounts.md, "Sites, sponsors, roles"): the caller's sites with their clients, and a site's sponsors. */
import { Type, type Static } from 'typebox';
import { MAX_SITE_CAP } from '../runtime/audience.js';
import { IdParams, Nullable, responses } from './common.js';
import type { RouteSpec } from './route.js';

/** A client on a site, with every site it runs on. */
export const SiteClientSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  site_ids: Type.Array(Type.Integer()),
});

export const SiteSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  label: Type.String(),
  flag: Type.String(),
  description: Type.String(),
  country_id: Type.String(),
  clients: Type.Array(SiteClientSchema),
});
export type Site = Static<typeof SiteSchema>;

export const SponsorSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Sponsor = Static<typeof SponsorSchema>;

/**
 * The site's cap on pop-ups per visitor across its campaigns (docs/runtime-audience.md, "Audience"): 0, no
 * cap. (Not null: the validator's type coercion would read a 0 as null.)
 */
export const SiteCapSchema = Type.Object(
  {
    visit: Type.Integer({ minimum: 0, maximum: MAX_SITE_CAP }),
    day: Type.Integer({ minimum: 0, maximum: MAX_SITE_CAP }),
  },
  { additionalProperties: false },
);
export type SiteCapBody = Static<typeof SiteCapSchema>;

export const sitesApi = {
  list: {
    method: 'GET',
    url: '/api/admin/sites',
    response: responses(Type.Object({ models: Type.Array(SiteSchema) })),
  },
  sponsors: {
    method: 'GET',
    url: '/api/admin/sites/:id/sponsors',
    params: IdParams,
    response: responses(Type.Object({ models: Type.Array(SponsorSchema) })),
  },
  cap: {
    method: 'GET',
    url: '/api/admin/sites/:id/cap',
    params: IdParams,
    response: responses(Type.Object({ cap: SiteCapSchema })),
  },
  /**
   * The page the builder's canvas draws a campaign's pop-up on: the HTML of the site's article page
   * at `path` as the demo partner site serves it, without its scripts; null where no demo page is
   * served (DEMO=0).
   */
  page: {
    method: 'GET',
    url: '/api/admin/sites/:id/page',
    params: IdParams,
    querystring: Type.Object(
      { path: Type.Optional(Type.String({ pattern: '^/', maxLength: 300 })) },
      { additionalProperties: false },
    ),
    response: responses(Type.Object({ html: Nullable(Type.String()) })),
  },
  setCap: {
    method: 'PUT',
    url: '/api/admin/sites/:id/cap',
    params: IdParams,
    body: SiteCapSchema,
    response: responses(Type.Object({ cap: SiteCapSchema })),
  },
} as const satisfies Record<string, RouteSpec>;
export type SitesApi = typeof sitesApi;
