import { describe, expect, it } from 'vitest';
import { choose, type PageView } from './choose.js';
import { abArm, type PublicCampaign } from './public.js';
import { FRESH_VISITOR, whoWins } from './winner.js';

const NOW = Date.UTC(2026, 10, 21, 3);
const campaign = (code: string, over: Partial<PublicCampaign> = {}): PublicCampaign => ({
  code,
  layout: 'LightBoxB',
  devices: ['mobile', 'desktop'],
  trigger: { type: 'on_landing', seconds: 5 },
  links: [{ option: 'start_with', target: 'https://bacsi-online.vn/health/', exclude: [] }],
  tags: [],
  frequency: { days: 7, campaignExit: 7, siteExit: 7, againAfterSubmit: false, againAfterExit: false },
  forms: [],
  thankYou: [],
  showThankYou: false,
  images: { mobile: null, desktop: null, background: null },
  inlinePosition: '6th',
  ...over,
});
const page: PageView = {
  now: NOW,
  device: 'desktop',
  url: 'https://bacsi-online.vn/health/a/',
  tags: [],
  clock: '10:00',
};
const reasons = (campaigns: PublicCampaign[], p = page) =>
  Object.fromEntries(whoWins(campaigns, p).verdicts.map((v) => [v.code, v.reason]));

describe('whoWins', () => {
  it('takes the campaigns choose keeps, and of those the first trigger to fire, the site order breaking ties', () => {
    const all = [
      campaign('A'),
      campaign('B'),
      campaign('C', { trigger: { type: 'on_landing', seconds: 3 } }),
      campaign('D', { trigger: { type: 'on_scroll', percent: 25 } }),
      campaign('E', { trigger: { type: 'exit_intent' } }),
    ];
    expect(whoWins(all, page).winner).toBe('C');
    expect(reasons(all)).toEqual({
      A: 'trigger_later',
      B: 'trigger_later',
      C: 'wins',
      D: 'trigger_later',
      E: 'trigger_later',
    });
    expect(reasons(all.filter((c) => c.code !== 'C'))).toEqual({
      A: 'wins',
      B: 'site_order',
      D: 'trigger_later',
      E: 'trigger_later',
    });
    // On scroll before the triggers that wait for the visitor; nothing fires first: nobody.
    expect(
      whoWins(
        [
          campaign('E', { trigger: { type: 'exit_intent' } }),
          campaign('D', { trigger: { type: 'on_scroll', percent: 50 } }),
        ],
        page,
      ).winner,
    ).toBe('D');
    expect(whoWins([], page)).toEqual({ winner: null, verdicts: [] });
  });

  it('names the first of the runtime rules that refuses a campaign, and agrees with choose', () => {
    const all = [
      campaign('device', { devices: ['mobile'] }),
      campaign('later', { from: NOW + 1000 }),
      campaign('ended', { to: NOW }),
      campaign('hours', { hours: { start: '14:00', end: '16:00' } }),
      campaign('elsewhere', {
        links: [{ option: 'exact_match', target: 'https://bacsi-online.vn/health/', exclude: [] }],
      }),
      campaign('excluded', {
        links: [
          {
            option: 'start_with',
            target: 'https://bacsi-online.vn/health/',
            exclude: [{ option: 'start_with', value: 'https://bacsi-online.vn/health/a/' }],
          },
        ],
      }),
      campaign('tagged', { links: [], tags: ['heart'] }),
      campaign('both', { devices: ['mobile'], hours: { start: '14:00', end: '16:00' } }),
    ];
    expect(reasons(all)).toEqual({
      device: 'device',
      later: 'timeframe',
      ended: 'timeframe',
      hours: 'hours',
      elsewhere: 'not_targeted',
      excluded: 'not_targeted',
      tagged: 'not_targeted',
      both: 'device',
    });
    expect(whoWins(all, page).verdicts.find((v) => v.code === 'later')!.message).toBe('Its timeframe has not started');
    expect(whoWins(all, page).verdicts.find((v) => v.code === 'ended')!.message).toBe('Its timeframe has ended');
    // The page's tag: the tagged one shows.
    expect(whoWins(all, { ...page, tags: ['Heart'] }).winner).toBe('tagged');
    expect(choose(all, { ...page, tags: ['Heart'] }, FRESH_VISITOR).map((c) => c.code)).toEqual(['tagged']);
  });

  it('shows one arm of a running A/B test: the one the fresh visitor draws', () => {
    const arms = [campaign('T', { test: 'T' }), campaign('T-1', { test: 'T' }), campaign('T-2', { test: 'T' })];
    const drawn = arms[abArm('T', FRESH_VISITOR.v, 3)]!.code;
    const verdicts = whoWins(arms, page);
    expect(verdicts.winner).toBe(drawn);
    for (const v of verdicts.verdicts) expect(v.reason).toBe(v.code === drawn ? 'wins' : 'ab_arm');
    expect(choose(arms, page, FRESH_VISITOR).map((c) => c.code)).toEqual([drawn]);
  });
});
