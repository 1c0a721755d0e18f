/**
 * "Is it a person?" (issue #44, docs/runtime-people.md): what a lead's request says about who sent it,
 * and the verdict. A lead is billable only when every signal says a person sent it from a pop-up
 * shown on a page; otherwise it goes to its campaign's spam bin with its reasons. Pure: the lead
 * route gathers the signals (lead-signals.ts), this decides.
 */
import { MIN_FILL_MS } from '@lead/contract';
import type { SpamReason } from '@lead/contract/api';

export interface LeadSignals {
  /** The signed page view the lead names: none sent, not ours (or another visitor's, or over an hour old), or one in which its campaign was not shown. */
  pageView: 'ok' | 'none' | 'bad' | 'not_shown';
  /** Its proof of work: none, wrong (or another site's), over an hour old, already spent by another lead. */
  pow: 'ok' | 'none' | 'bad' | 'expired' | 'replayed';
  /** The hidden honeypot field's value (a person never sees it). */
  honeypot: string | undefined;
  /** Form open → send, as the pop-up measured it. */
  fillMs: number | undefined;
  /** Challenge issued → lead received, by the server's clock (null without a good challenge). */
  challengeAgeMs: number | null;
  /** A crawler's, script's or headless browser's user agent (or none). */
  botAgent: boolean;
  /** An `Origin` (or, without one, a `Referer`) of the site. */
  fromSitePage: boolean;
}

/** Each reason's weight: a lead whose weights add up to SPAM_SCORE or more is spam. Every reason alone is enough. */
export const REASON_WEIGHTS: Record<SpamReason, number> = {
  no_page_view: 100,
  bad_page_view: 100,
  not_shown: 100,
  no_pow: 100,
  bad_pow: 100,
  expired_pow: 100,
  replayed_pow: 100,
  honeypot: 100,
  too_fast: 100,
  bot_agent: 100,
  no_site_page: 50,
};
export const SPAM_SCORE = 50;

export interface Verdict {
  /** 0–100: the sum of the reasons' weights, at most 100. */
  score: number;
  reasons: SpamReason[];
  spam: boolean;
}

export function judgeLead(s: LeadSignals): Verdict {
  const reasons: SpamReason[] = [];
  if (s.pageView === 'none') reasons.push('no_page_view');
  if (s.pageView === 'bad') reasons.push('bad_page_view');
  if (s.pageView === 'not_shown') reasons.push('not_shown');
  if (s.pow === 'none') reasons.push('no_pow');
  if (s.pow === 'bad') reasons.push('bad_pow');
  if (s.pow === 'expired') reasons.push('expired_pow');
  if (s.pow === 'replayed') reasons.push('replayed_pow');
  if (s.honeypot) reasons.push('honeypot');
  if (s.fillMs === undefined || s.fillMs < MIN_FILL_MS || (s.challengeAgeMs !== null && s.challengeAgeMs < MIN_FILL_MS))
    reasons.push('too_fast');
  if (s.botAgent) reasons.push('bot_agent');
  if (!s.fromSitePage) reasons.push('no_site_page');
  const score = Math.min(
    100,
    reasons.reduce((sum, r) => sum + REASON_WEIGHTS[r], 0),
  );
  return { score, reasons, spam: score >= SPAM_SCORE };
}
