/**
 * A campaign's targets (docs/api/campaigns.md, "CSV targets"): listed, imported from a CSV
 * file (multipart `file`, checked by the route), checked without saving, and as CSV files (the
 * sample and the campaign's own). The CSV answers are files, so they declare no answer: their refusals
 * are the error envelope every route has (`ErrorEnvelope`).
 */
import { Type } from 'typebox';
import { Detail, Target } from './campaigns.js';
import { IdParams, NoData, responses } from './common.js';
import type { RouteSpec } from './route.js';

export const campaignTargetsApi = {
  list: {
    method: 'GET',
    url: '/api/admin/campaign/:id/targets',
    params: IdParams,
    response: responses(Type.Object({ models: Type.Array(Target) })),
  },
  /** POST /campaign/{id}?_target: replaces the targets with a CSV file's (multipart `file`). */
  import: {
    method: 'POST',
    url: '/api/admin/campaign/:id',
    params: IdParams,
    querystring: Type.Object({ _target: Type.String() }),
    response: responses(Type.Object({ model: Detail })),
  },
  /** Checks a CSV file (multipart `file` and `site_id`) and says how many targets it holds; saves nothing. */
  validation: { method: 'POST', url: '/api/admin/campaign/validation', response: NoData },
  sample: {
    method: 'POST',
    url: '/api/admin/campaign/csv/sample',
    body: Type.Object({ site_id: Type.Integer({ minimum: 1 }) }),
  },
  csv: { method: 'GET', url: '/api/admin/campaign/:id/targets/csv', params: IdParams },
} as const satisfies Record<string, RouteSpec>;
export type CampaignTargetsApi = typeof campaignTargetsApi;
