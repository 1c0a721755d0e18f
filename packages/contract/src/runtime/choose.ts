/**
 * Which of a site's campaigns a page view may show (docs/runtime.md, "Choosing"): the runtime's
 * one choice function. The embed's loader runs it on partner pages (`@lead/popup`'s
 * `src/embed/choose.ts` re-exports it), and the admin's "which campaign wins this page" answer
 * (`GET /api/admin/sites/{id}/winner`) runs the same code on the same served campaigns.
 */
import { audienceRefusal, capReached, type SiteCap } from './audience.js';
import { abArm, pageMatches, type PublicCampaign } from './public.js';
import type { Visit } from './visit.js';

const DAY = 864e5;

export interface PageView {
  now: number;
  device: 'mobile' | 'desktop';
  url: string;
  tags: string[];
  /** 'HH:mm' now in the site's time zone. */
  clock: string;
  /** The site's cap on pop-ups per visitor (absent: none). */
  cap?: SiteCap;
}

/** What choosing reads of the visitor's state (the embed keeps it in `localStorage`: popup's `VisitorState`). */
export interface ChoiceState {
  /** The visitor's random id: it picks the arm of an A/B test. */
  v: string;
  /** The last close of any campaign of the site. */
  X?: number;
  /** Per campaign code: last impression, last close, last submit (epoch ms). */
  c: Record<string, { i?: number; x?: number; s?: number }>;
  /** The current visit: pages read, where it came from, new or returning (`nextVisit`). */
  s?: Visit;
  /** When pop-ups of any campaign were shown lately (epoch ms): what the site's cap counts. */
  h?: number[];
}

/** Whether the campaign's rules let this visitor see it on this page now. */
export function allowed(c: PublicCampaign, page: PageView, state: ChoiceState): boolean {
  if (!c.devices.includes(page.device)) return false;
  if ((c.from && page.now < c.from) || (c.to && page.now >= c.to)) return false;
  if (c.hours) {
    const { start, end } = c.hours;
    const inside = start <= end ? page.clock >= start && page.clock < end : page.clock >= start || page.clock < end;
    if (!inside) return false;
  }
  if (!pageMatches(c, page.url, page.tags)) return false;
  const f = c.frequency;
  const seen = state.c[c.code] ?? {};
  if (seen.s && !f.againAfterSubmit) return false;
  if (seen.x && (!f.againAfterExit || page.now - seen.x < f.campaignExit * DAY)) return false;
  if (state.X && page.now - state.X < f.siteExit * DAY) return false;
  if (seen.i && f.days > 0 && page.now - seen.i < f.days * DAY) return false;
  // The audience (source, new or returning, pages read, share of visitors), with the frequency: per visitor.
  return !audienceRefusal(c.audience, c.code, state.v, state.s);
}

/**
 * The campaigns this page view may show, in the site's order: of a running A/B test, only the
 * arm the visitor's hash picks (the same one on every visit); none once the site's cap on pop-ups
 * per visit or per day is reached.
 */
export function choose(campaigns: PublicCampaign[], page: PageView, state: ChoiceState): PublicCampaign[] {
  if (capReached(page.cap, state.h, state.s, page.now, page.clock)) return [];
  return campaigns.filter((c) => {
    const arms = campaigns.filter((x) => c.test && x.test === c.test);
    return (!c.test || arms[abArm(c.test, state.v, arms.length)] === c) && allowed(c, page, state);
  });
}
