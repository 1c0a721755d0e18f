/**
 * Which campaign a fresh visitor sees on a page, and why (issue #42): the runtime's own choice
 * function (`choose`, `allowed`) run on the site's served campaigns, then the loader's order of
 * triggers. What the admin's `GET /api/admin/sites/{id}/winner` answers, and the builder's warning,
 * the Finish screen and the detail page read.
 */
import { audienceRefusal, capReached, type AudienceRefusal } from './audience.js';
import { allowed, choose, type ChoiceState, type PageView } from './choose.js';
import type { PublicCampaign } from './public.js';
import type { VisitSource } from './source.js';

/** Why a campaign was or was not the one a fresh visitor sees (the first rule of the runtime's that refuses it). */
export const WINNER_REASONS = [
  'wins',
  'site_order',
  'trigger_later',
  'ab_arm',
  'device',
  'timeframe',
  'hours',
  'not_targeted',
  'audience_source',
  'audience_visitor',
  'audience_pages',
  'audience_percent',
  'site_cap',
  'scheduled',
  'not_running',
] as const;
export type WinnerReason = (typeof WINNER_REASONS)[number];

/** The visitor the answer is for: no impression, close or submit yet; it draws one arm of a running A/B test. */
export const FRESH_VISITOR: ChoiceState = { v: 'lead-admin-fresh-visitor', c: {} };

/** What staff may say of the visitor the answer is for (all optional: a new visitor's first page, from nowhere). */
export interface VisitorFacts {
  source?: VisitSource;
  returning?: boolean;
  /** Pages read in this visit, this one included. */
  pages?: number;
  /** Pop-ups the visitor has seen in this visit, and today (this visit's included). */
  shownVisit?: number;
  shownDay?: number;
}

/**
 * The fresh visitor's state with `facts`: its visit began a minute ago with that source, those pages
 * and pop-ups (this visit's a second ago, the rest of the day's just before the visit).
 */
export function factsState(facts: VisitorFacts, now: number): ChoiceState {
  const inVisit = facts.shownVisit ?? 0;
  const before = Math.max(0, (facts.shownDay ?? 0) - inVisit);
  return {
    ...FRESH_VISITOR,
    s: { a: now - 60_000, t: now, n: facts.pages ?? 1, r: facts.source ?? {}, ...(facts.returning ? { b: 1 } : {}) },
    h: [...Array<number>(before).fill(now - 61_000), ...Array<number>(inVisit).fill(now - 1000)],
  };
}

const AUDIENCE_REASON: Record<AudienceRefusal, WinnerReason> = {
  source: 'audience_source',
  visitor: 'audience_visitor',
  pages: 'audience_pages',
  percent: 'audience_percent',
};

export interface Verdict {
  code: string;
  reason: WinnerReason;
  /** What the reason means for this campaign, in staff's words. */
  message: string;
}

/** A campaign's trigger as staff read it: 'on landing after 3 s', 'on scroll at 25%', 'exit intent'. */
export function triggerText(t: PublicCampaign['trigger']): string {
  if (t.type === 'on_landing') return `on landing after ${t.seconds ?? 0} s`;
  if (t.type === 'on_scroll') return `on scroll at ${t.percent ?? 0}%`;
  if (t.type === 'idle') return `after ${t.seconds ?? 0} s idle`;
  return t.type.replace(/_/g, ' ');
}

/**
 * The loader's order of triggers for a visitor who stays on the page: on_landing campaigns fire
 * after their seconds (one timer each, so fewer seconds first, and equal timers in the site's
 * order); on_scroll ones when the visitor scrolls, at their percentage; the others wait for the
 * visitor's own action (exit, click, hover, idle, the page's call). Within a rank the loader takes
 * the site's order (`fire` walks the served list).
 */
const rank = (t: PublicCampaign['trigger']): [number, number] =>
  t.type === 'on_landing' ? [0, t.seconds ?? 0] : t.type === 'on_scroll' ? [1, t.percent ?? 0] : [2, 0];
const before = (a: PublicCampaign, b: PublicCampaign): number => {
  const [x, y] = [rank(a.trigger), rank(b.trigger)];
  return x[0] - y[0] || x[1] - y[1];
};

/**
 * The first of the runtime's rules that refuses `c` to a fresh visitor on this page: each rule is
 * checked by running `allowed` on the campaign with every other rule opened up.
 */
function refusal(c: PublicCampaign, page: PageView, state: ChoiceState): WinnerReason | null {
  const open: Partial<PublicCampaign> = {
    devices: [page.device],
    from: undefined,
    to: undefined,
    hours: undefined,
    links: [{ option: 'start_with', target: page.url, exclude: [] }],
    tags: [],
    audience: undefined,
  };
  const own: Array<[WinnerReason, Partial<PublicCampaign>]> = [
    ['device', { devices: c.devices }],
    ['timeframe', { from: c.from, to: c.to }],
    ['hours', { hours: c.hours }],
    ['not_targeted', { links: c.links, tags: c.tags }],
  ];
  for (const [reason, rule] of own) if (!allowed({ ...c, ...open, ...rule }, page, state)) return reason;
  const audience = audienceRefusal(c.audience, c.code, state.v, state.s);
  return audience ? AUDIENCE_REASON[audience] : null;
}

function refusedMessage(reason: WinnerReason, c: PublicCampaign, page: PageView): string {
  switch (reason) {
    case 'device':
      return `Not shown on ${page.device}`;
    case 'timeframe':
      return c.from && page.now < c.from ? 'Its timeframe has not started' : 'Its timeframe has ended';
    case 'hours':
      return `Outside its daily hours (${c.hours?.start}–${c.hours?.end})`;
    case 'not_targeted':
      return 'Does not target this page';
    case 'audience_source':
      return `Its audience's source conditions do not hold (${(c.audience?.sources ?? [])
        .map((s) => `${s.field} ${s.op} ${s.value}`)
        .join(', ')})`;
    case 'audience_visitor':
      return `Shown only to ${c.audience?.visitor} visitors`;
    case 'audience_pages':
      return `Shown from page ${c.audience?.minPages} of a visit`;
    case 'audience_percent':
      return `Shown to ${c.audience?.percent} % of visitors; this visitor is not among them`;
    case 'site_cap':
      return page.cap?.visit && page.cap.day
        ? `The site's cap is reached (${page.cap.visit} pop-ups a visit, ${page.cap.day} a day)`
        : page.cap?.visit
          ? `The site's cap is reached (${page.cap.visit} pop-ups a visit)`
          : `The site's cap is reached (${page.cap?.day} pop-ups a day)`;
    default:
      return `Another arm of its A/B test is drawn for this visitor`;
  }
}

/**
 * Each served campaign's verdict for a fresh visitor on `page`, in the site's order, and the code
 * of the one shown (null: none). `choose` decides which may show; the loader's trigger order
 * decides which of those shows first.
 */
export function whoWins(
  campaigns: PublicCampaign[],
  page: PageView,
  facts: VisitorFacts = {},
): { winner: string | null; verdicts: Verdict[] } {
  const state = factsState(facts, page.now);
  const capped = capReached(page.cap, state.h, state.s, page.now, page.clock);
  const chosen = choose(campaigns, page, state);
  // A stable sort: the site's order within a rank.
  const order = [...chosen].sort(before);
  const first = order[0];
  const verdicts = campaigns.map((c): Verdict => {
    if (c === first) {
      const alone = chosen.length === 1;
      return {
        code: c.code,
        reason: 'wins',
        message: alone ? `Shows here (${triggerText(c.trigger)})` : `Shows first (${triggerText(c.trigger)})`,
      };
    }
    if (first && chosen.includes(c)) {
      const tie = before(c, first) === 0;
      return tie
        ? {
            code: c.code,
            reason: 'site_order',
            message: `${first.code} shows instead: its trigger (${triggerText(first.trigger)}) comes as soon as this one's (${triggerText(c.trigger)}), and the site's older campaign comes first`,
          }
        : {
            code: c.code,
            reason: 'trigger_later',
            message: `${first.code} shows instead: its trigger (${triggerText(first.trigger)}) fires before this one's (${triggerText(c.trigger)})`,
          };
    }
    const reason = refusal(c, page, state) ?? (capped ? 'site_cap' : 'ab_arm');
    return { code: c.code, reason, message: refusedMessage(reason, c, page) };
  });
  return { winner: first?.code ?? null, verdicts };
}
