import { MIN_FILL_MS } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import { judgeLead, type LeadSignals } from './person.js';

/** What a person's lead from a pop-up says. */
const person: LeadSignals = {
  pageView: 'ok',
  pow: 'ok',
  honeypot: undefined,
  fillMs: MIN_FILL_MS + 4000,
  challengeAgeMs: MIN_FILL_MS + 4100,
  botAgent: false,
  fromSitePage: true,
};

describe('judgeLead: each signal alone bins a lead', () => {
  it('takes a person’s lead, also one sent exactly at the least fill time, with an empty honeypot', () => {
    expect(judgeLead(person)).toEqual({ score: 0, reasons: [], spam: false });
    expect(judgeLead({ ...person, fillMs: MIN_FILL_MS, challengeAgeMs: MIN_FILL_MS, honeypot: '' }).spam).toBe(false);
  });

  it.each<[string, Partial<LeadSignals>, string]>([
    ['no page view', { pageView: 'none' }, 'no_page_view'],
    ['a page view not signed by us, another visitor’s or too old', { pageView: 'bad' }, 'bad_page_view'],
    ['a page view in which the campaign was not shown', { pageView: 'not_shown' }, 'not_shown'],
    ['no proof of work', { pow: 'none', challengeAgeMs: null }, 'no_pow'],
    ['a wrong proof of work', { pow: 'bad', challengeAgeMs: null }, 'bad_pow'],
    ['an expired proof of work', { pow: 'expired' }, 'expired_pow'],
    ['a replayed proof of work', { pow: 'replayed' }, 'replayed_pow'],
    ['a filled honeypot', { honeypot: 'https://spam.example' }, 'honeypot'],
    ['a fill time the pop-up measured too short', { fillMs: MIN_FILL_MS - 1 }, 'too_fast'],
    ['no fill time', { fillMs: undefined }, 'too_fast'],
    [
      'a challenge younger than the least fill time, whatever the fill time sent',
      { challengeAgeMs: MIN_FILL_MS - 1 },
      'too_fast',
    ],
    ['a bot’s user agent', { botAgent: true }, 'bot_agent'],
    ['no Origin or Referer of the site', { fromSitePage: false }, 'no_site_page'],
  ])('%s', (_, change, reason) => {
    const verdict = judgeLead({ ...person, ...change });
    expect(verdict.reasons).toEqual([reason]);
    expect(verdict.spam).toBe(true);
    expect(verdict.score).toBeGreaterThanOrEqual(50);
  });

  it('keeps every reason of a scripted bot, its score at most 100', () => {
    const bot = judgeLead({
      pageView: 'none',
      pow: 'none',
      honeypot: 'x',
      fillMs: undefined,
      challengeAgeMs: null,
      botAgent: true,
      fromSitePage: false,
    });
    expect(bot).toEqual({
      score: 100,
      spam: true,
      reasons: ['no_page_view', 'no_pow', 'honeypot', 'too_fast', 'bot_agent', 'no_site_page'],
    });
  });
});
