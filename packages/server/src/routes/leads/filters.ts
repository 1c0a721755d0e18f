import type { LeadDeliveryState, LeadFilters } from '@lead/contract/api';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../plugins/auth.js';
import { dayRange } from '../../lib/day-range.js';
import { HttpError } from '../../lib/http-error.js';
import { parseIdList } from '../../lib/input.js';
import { unique } from '../../repositories/common.js';
import type { LeadCursor, LeadSearch } from '../../repositories/lead-search.js';

export const CURSOR_ERROR = 'The page cursor is not valid: open the first page again.';

/**
 * The Leads page's filters as a search within the caller's sites: a site filter names only
 * sites of the caller's (403 otherwise, as the client list does); clients and campaigns are read
 * within those sites, so nothing of another site is ever found. A bad range is 422 by field.
 */
export function resolveFilters(app: FastifyInstance, user: AuthUser, q: LeadFilters, timeZone: string): LeadSearch {
  const sites = parseIdList(q.site_ids);
  if (sites) app.assertSites(user, sites);
  const days = dayRange(q.from, q.to, timeZone);
  if ('field' in days) throw HttpError.validation({ [days.field]: [days.message] }, days.message);
  const clients = parseIdList(q.client_ids);
  const campaigns = parseIdList(q.campaign_ids);
  const search: LeadSearch = { siteIds: sites ? unique(sites) : user.siteIds, ...days.range };
  if (clients) search.clientIds = unique(clients);
  if (campaigns) search.campaignIds = unique(campaigns);
  if (q.delivery) search.delivery = [...new Set(q.delivery.split(',') as LeadDeliveryState[])];
  if (q.duplicate) search.duplicate = q.duplicate === '1';
  return search;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{6})Z~(\d{1,15})$/;

/** A row's place in the order as the opaque text a page hands out. */
export const encodeCursor = (c: LeadCursor): string => Buffer.from(`${c.at}~${c.id}`, 'utf8').toString('base64url');

/** The cursor a page handed out; 422 for anything else (a real instant, to the microsecond, and an id). */
export function decodeCursor(value: string | undefined, field: 'before' | 'after'): LeadCursor | undefined {
  if (value === undefined || value === '') return undefined;
  const m = CURSOR.exec(Buffer.from(value, 'base64url').toString('utf8'));
  // A date the calendar lacks (month 13, 30 February) does not survive the round trip.
  const real = m && !Number.isNaN(Date.parse(`${m[1]}Z`)) && new Date(`${m[1]}Z`).toISOString().slice(0, 19) === m[1];
  if (!m || !real || Number(m[3]) < 1) throw HttpError.validation({ [field]: [CURSOR_ERROR] }, CURSOR_ERROR);
  return { at: `${m[1]}${m[2]}Z`, id: Number(m[3]) };
}
