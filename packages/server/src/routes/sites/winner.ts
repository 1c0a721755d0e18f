import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AUDIENCE_FIELDS,
  CampaignStatus,
  linkError,
  pageMatches,
  whoWins,
  type PublicCampaign,
  type VisitSource,
} from '@lead/contract';
import { ADMIN_PREFIX, winnerApi, type WinnerCandidate } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { toWire } from '../../lib/time.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { siteCampaigns, type SiteCampaignRow } from '../../repositories/winner.js';

/** 'HH:mm' at `now` in the site's zone, as the loader reads its clock (an unknown zone: no hours match). */
function siteClock(now: Date, timeZone: string): string {
  try {
    return now.toLocaleTimeString('sv', { timeZone }).slice(0, 5);
  } catch {
    return '';
  }
}

/** A campaign that is not served now: waiting for its start (Schedule), or not running at all. */
function notServed(row: SiteCampaignRow): WinnerCandidate {
  return row.status === CampaignStatus.Schedule
    ? {
        id: row.id,
        code: row.code,
        name: row.name,
        status: row.status,
        reason: 'scheduled',
        message: 'Scheduled: it waits for its start',
      }
    : { id: row.id, code: row.code, name: row.name, status: row.status, reason: 'not_running', message: 'Not running' };
}

/**
 * GET /sites/{id}/winner: which campaign a fresh visitor sees on a page of the site (its URL, its
 * `lead:tags`, a device), now, and why each candidate was or was not chosen; the visitor may be
 * described (the visit's source, new or returning, pages read, pop-ups seen in the visit and today). The verdicts are the
 * runtime's own choice function (`whoWins` in @lead/contract, over `choose`) run on every campaign
 * the public route serves the site (`app.served`, the same copy). Listed: the served campaigns
 * that target the page, and those not served that do (with why they do not run); and the one
 * asked for (`campaign`) in any case.
 */
const routes: FastifyPluginAsyncTypebox<{ now: () => Date; timeZone: string }> = async (app, opts) => {
  app.get(
    wirePath(winnerApi.winner, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(winnerApi.winner), config: { wire: true } },
    async (request) => {
      const site = await app.sites.find(request.params.id);
      if (!site) throw notFound();
      app.assertSites(request.user, [site.id]);
      const { url, device, campaign } = request.query;
      const refused = linkError(url, site.name);
      if (refused) throw HttpError.validation({ url: [refused] }, refused);
      const tags = (request.query.tags ?? '').split(',').filter((t) => t.trim());
      const served = (await app.served.campaigns(site.id))!;
      const now = opts.now();
      const campaigns: PublicCampaign[] = [...served.forms.values()];
      const q = request.query;
      const source: VisitSource = {};
      for (const k of AUDIENCE_FIELDS) if (q[k]) source[k] = q[k];
      if (q.shown_day !== undefined && q.shown_visit !== undefined && q.shown_day < q.shown_visit) {
        const message = 'The pop-ups seen today include those of this visit: shown_day must be at least shown_visit.';
        throw HttpError.validation({ shown_day: [message] }, message);
      }
      const { winner, verdicts } = whoWins(
        campaigns,
        {
          now: now.getTime(),
          device,
          url,
          tags,
          clock: siteClock(now, served.site.timeZone),
          cap: served.site.cap,
        },
        {
          source,
          returning: q.visitor === 'returning',
          pages: q.pages,
          shownVisit: q.shown_visit,
          shownDay: q.shown_day ?? q.shown_visit,
        },
      );

      const rows = await siteCampaigns(app.db, site.id);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const candidate = (code: string): WinnerCandidate => {
        const row = byId.get(served.ids.get(code)!)!;
        const verdict = verdicts.find((v) => v.code === code)!;
        return {
          id: row.id,
          code,
          name: row.name,
          status: row.status,
          reason: verdict.reason,
          message: verdict.message,
        };
      };
      // The winner, then those that would show but lose, then the rest (a stable sort: the site's order).
      const rank = (c: WinnerCandidate) =>
        c.reason === 'wins' ? 0 : c.reason === 'site_order' || c.reason === 'trigger_later' ? 1 : 2;
      // Of the served campaigns, those aimed at the page (or the one asked for): the others do not target it.
      const aimed = campaigns.filter((c) => pageMatches(c, url, tags) || served.ids.get(c.code) === campaign);
      const running = aimed.map((c) => candidate(c.code)).sort((a, b) => rank(a) - rank(b));
      const others = rows
        .filter((r) => !served.ids.has(r.code))
        .filter((r) => {
          if (r.id === campaign) return true;
          const links = r.targets
            .filter((t) => t.type === 'links')
            .map((t) => ({ option: t.option, target: t.target, exclude: t.sub_target ?? [] }));
          return pageMatches(
            { links, tags: r.targets.filter((t) => t.type === 'tags').map((t) => t.target) },
            url,
            tags,
          );
        })
        .map(notServed);
      return ok({
        url,
        device,
        at: toWire(now, opts.timeZone)!,
        winner: winner === null ? null : candidate(winner),
        candidates: [...running, ...others],
      });
    },
  );
};

export default routes;
