/** Targeting by source and visitor, and the site's cap, in the runtime's one choice function and in whoWins. */
import { describe, expect, it } from 'vitest';
import { ANY_AUDIENCE, type Audience } from './audience.js';
import { choose, type ChoiceState, type PageView } from './choose.js';
import type { PublicCampaign } from './public.js';
import { whoWins, type VisitorFacts } from './winner.js';

const NOW = Date.UTC(2026, 10, 21, 3);
const campaign = (code: string, audience?: Partial<Audience>): PublicCampaign => ({
  code,
  layout: 'LightBoxB',
  devices: ['mobile', 'desktop'],
  trigger: { type: 'on_landing', seconds: 5 },
  links: [{ option: 'exact_match', target: 'https://bacsi-online.vn/health/a/', exclude: [] }],
  tags: [],
  frequency: { days: 0, campaignExit: 0, siteExit: 0, againAfterSubmit: true, againAfterExit: true },
  forms: [],
  thankYou: [],
  showThankYou: false,
  images: { mobile: null, desktop: null, background: null },
  inlinePosition: '6th',
  ...(audience ? { audience: { ...ANY_AUDIENCE, ...audience } } : {}),
});
const page: PageView = {
  now: NOW,
  device: 'desktop',
  url: 'https://bacsi-online.vn/health/a/?utm_source=zalo&fbclid=x',
  tags: [],
  clock: '10:00',
};
const visitor = (over: Partial<ChoiceState> = {}): ChoiceState => ({
  v: 'visitor-1',
  c: {},
  s: { a: NOW - 60_000, t: NOW, n: 1, r: {} },
  ...over,
});
const codes = (cs: PublicCampaign[]) => cs.map((c) => c.code);
const zalo = { field: 'utm_source', op: 'equals', value: 'zalo' } as const;

describe('choose with audiences', () => {
  it.each([
    ['no audience: as before', campaign('A'), visitor(), true],
    [
      'from zalo, on the second page: the first page',
      campaign('A', { sources: [zalo], minPages: 2 }),
      visitor({ s: { a: NOW, t: NOW, n: 1, r: { utm_source: 'zalo' } } }),
      false,
    ],
    [
      'from zalo, on the second page: the second page',
      campaign('A', { sources: [zalo], minPages: 2 }),
      visitor({ s: { a: NOW, t: NOW, n: 2, r: { utm_source: 'zalo' } } }),
      true,
    ],
    [
      'from zalo: a visit from facebook',
      campaign('A', { sources: [zalo] }),
      visitor({ s: { a: NOW, t: NOW, n: 3, r: { utm_source: 'facebook' } } }),
      false,
    ],
    ['returning visitors: a new one', campaign('A', { visitor: 'returning' }), visitor(), false],
    ['new visitors: a new one', campaign('A', { visitor: 'new' }), visitor(), true],
    [
      'referrer contains google',
      campaign('A', { sources: [{ field: 'referrer_host', op: 'contains', value: 'google' }] }),
      visitor({ s: { a: NOW, t: NOW, n: 1, r: { referrer_host: 'www.google.com.vn' } } }),
      true,
    ],
  ] as const)('%s', (_, c, state, shown) => {
    expect(codes(choose([c], page, state))).toEqual(shown ? [c.code] : []);
  });

  it('shows nothing once the site cap of the visit or the day is reached, whatever the campaign', () => {
    const all = [campaign('A'), campaign('B')];
    const shownInVisit = visitor({ h: [NOW - 1000] });
    expect(codes(choose(all, { ...page, cap: { visit: 2 } }, shownInVisit))).toEqual(['A', 'B']);
    expect(codes(choose(all, { ...page, cap: { visit: 1 } }, shownInVisit))).toEqual([]);
    // Shown before this visit began: the visit's cap does not count it, the day's does.
    const earlier = visitor({ h: [NOW - 2 * 3600_000] });
    expect(codes(choose(all, { ...page, cap: { visit: 1 } }, earlier))).toEqual(['A', 'B']);
    expect(codes(choose(all, { ...page, cap: { day: 1 } }, earlier))).toEqual([]);
    expect(codes(choose(all, page, earlier))).toEqual(['A', 'B']);
  });
});

describe('whoWins with the visitor facts', () => {
  const reasons = (campaigns: PublicCampaign[], facts: VisitorFacts, p = page) =>
    Object.fromEntries(whoWins(campaigns, p, facts).verdicts.map((v) => [v.code, v.reason]));

  it.each([
    [{}, { A: 'wins', Z: 'audience_source', P: 'audience_pages', R: 'audience_visitor' }],
    [{ source: { utm_source: 'zalo' } }, { A: 'wins', Z: 'site_order', P: 'audience_pages', R: 'audience_visitor' }],
    [
      { pages: 2, returning: true },
      { A: 'wins', Z: 'audience_source', P: 'site_order', R: 'site_order' },
    ],
  ] as const)('explains each audience rule (%j)', (facts, expected) => {
    const all = [
      campaign('A'),
      campaign('Z', { sources: [zalo] }),
      campaign('P', { minPages: 2 }),
      campaign('R', { visitor: 'returning' }),
    ];
    expect(reasons(all, facts)).toEqual(expected);
  });

  it('says the site cap refuses every campaign that would show, and when a share leaves the visitor out', () => {
    const all = [campaign('A'), campaign('Z', { sources: [zalo] })];
    expect(reasons(all, { shownVisit: 1 }, { ...page, cap: { visit: 1 } })).toEqual({
      A: 'site_cap',
      Z: 'audience_source',
    });
    expect(reasons(all, { shownDay: 3 }, { ...page, cap: { visit: 1, day: 3 } })).toEqual({
      A: 'site_cap',
      Z: 'audience_source',
    });
    expect(reasons(all, { shownDay: 2 }, { ...page, cap: { day: 3 } })).toEqual({ A: 'wins', Z: 'audience_source' });
    const verdict = whoWins([campaign('S', { percent: 1 })], page).verdicts[0]!;
    // The admin's fresh visitor is outside a 1 % share of this campaign (a stable hash).
    expect(verdict).toMatchObject({
      reason: 'audience_percent',
      message: 'Shown to 1 % of visitors; this visitor is not among them',
    });
  });
});
