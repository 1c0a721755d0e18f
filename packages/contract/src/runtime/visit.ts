/**
 * The visitor's visit (docs/runtime.md, "Visits"): what the embed keeps of it in the visitor's
 * state and what targeting by audience reads. A visit is a run of page views with at most
 * VISIT_IDLE_MS between two; an address with other campaign tags than the visit's starts a new one.
 */
import { readSource, SOURCE_KEYS, type VisitSource } from './source.js';

/** Thirty minutes without a page view end a visit (the habit of web analytics). */
export const VISIT_IDLE_MS = 30 * 60_000;
/** How many impression times the state keeps for the site's cap (two days' worth at most). */
export const MAX_SHOWN_KEPT = 50;

export interface Visit {
  /** When it started (epoch ms). */
  a: number;
  /** Its last page view (epoch ms). */
  t: number;
  /** Pages read in it, this one included. */
  n: number;
  /** Where it came from. */
  r: VisitSource;
  /** 1: the visitor had been on the site before it (a returning visitor). */
  b?: 1;
}

/** The campaign tags and click ids of a source, as one text (the referrer left out). */
const tags = (s: VisitSource) => SOURCE_KEYS.map((k) => (k === 'referrer_host' ? '' : (s[k] ?? ''))).join('\n');

/**
 * The visit a page view at `now` on `url` (reached from `referrer`) belongs to: the same one, a
 * page further, unless it was idle too long or the address carries other campaign tags; else a new
 * one with the source of this page. `known`: the visitor had a state before this page view.
 */
export function nextVisit(
  visit: Visit | undefined,
  known: boolean,
  page: { url: string; referrer: string; now: number },
): Visit {
  const source = readSource(page.url, page.referrer);
  const retagged = tags(source).trim() !== '' && tags(source) !== tags(visit?.r ?? {});
  if (visit && page.now - visit.t <= VISIT_IDLE_MS && !retagged) return { ...visit, t: page.now, n: visit.n + 1 };
  return { a: page.now, t: page.now, n: 1, r: source, ...(known ? { b: 1 as const } : {}) };
}

/** The impression times kept after one more at `now`: the newest MAX_SHOWN_KEPT of the last two days. */
export const keepShown = (shown: readonly number[] | undefined, now: number): number[] =>
  [...(shown ?? []).filter((t) => now - t < 2 * 864e5), now].slice(-MAX_SHOWN_KEPT);
