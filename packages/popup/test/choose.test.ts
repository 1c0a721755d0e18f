import type { PublicCampaign } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import { allowed, choose, type PageView } from '../src/embed/choose.js';
import { inlineAnchor } from '../src/layouts.js';
import type { VisitorState } from '../src/embed/state.js';

const DAY = 864e5;
const NOW = Date.UTC(2026, 10, 23, 3);

const campaign = (over: Partial<PublicCampaign> = {}): PublicCampaign => ({
  code: 'LD-1',
  layout: 'LightBoxB',
  devices: ['mobile', 'desktop'],
  trigger: { type: 'on_landing', seconds: 3 },
  links: [{ option: 'start_with', target: 'https://bacsi-online.vn/heart/', exclude: [] }],
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
  url: 'https://bacsi-online.vn/heart/a/',
  tags: [],
  clock: '10:00',
};
const fresh = (over: Partial<VisitorState> = {}): VisitorState => ({ v: 'visitor-1', c: {}, ...over });

describe('allowed', () => {
  it('keeps to the devices, the timeframe and the appearance hours', () => {
    expect(allowed(campaign(), page, fresh())).toBe(true);
    expect(allowed(campaign({ devices: ['mobile'] }), page, fresh())).toBe(false);
    expect(allowed(campaign({ from: NOW + 1000 }), page, fresh())).toBe(false);
    expect(allowed(campaign({ to: NOW }), page, fresh())).toBe(false);
    expect(allowed(campaign({ from: NOW - DAY, to: NOW + DAY }), page, fresh())).toBe(true);
    expect(allowed(campaign({ hours: { start: '09:00', end: '17:00' } }), page, fresh())).toBe(true);
    expect(allowed(campaign({ hours: { start: '11:00', end: '17:00' } }), page, fresh())).toBe(false);
    // A window over midnight.
    expect(allowed(campaign({ hours: { start: '22:00', end: '02:00' } }), { ...page, clock: '23:30' }, fresh())).toBe(
      true,
    );
    expect(allowed(campaign({ hours: { start: '22:00', end: '02:00' } }), page, fresh())).toBe(false);
  });

  it('keeps to the targets', () => {
    expect(allowed(campaign(), { ...page, url: 'https://bacsi-online.vn/lung/' }, fresh())).toBe(false);
    expect(allowed(campaign({ links: [], tags: ['sleep'] }), { ...page, tags: ['Sleep'] }, fresh())).toBe(true);
  });

  it('applies the frequency rules to what this visitor saw, closed and sent', () => {
    const c = campaign();
    expect(allowed(c, page, fresh({ c: { 'LD-1': { i: NOW - 6 * DAY } } }))).toBe(false);
    expect(allowed(c, page, fresh({ c: { 'LD-1': { i: NOW - 8 * DAY } } }))).toBe(true);
    expect(
      allowed(campaign({ frequency: { ...c.frequency, days: 0 } }), page, fresh({ c: { 'LD-1': { i: NOW - 1000 } } })),
    ).toBe(true);
    // After a submit: never again unless show_again_after_submit.
    expect(allowed(c, page, fresh({ c: { 'LD-1': { s: NOW - 30 * DAY } } }))).toBe(false);
    expect(
      allowed(
        campaign({ frequency: { ...c.frequency, againAfterSubmit: true } }),
        page,
        fresh({ c: { 'LD-1': { s: NOW - 30 * DAY } } }),
      ),
    ).toBe(true);
    // After a close: never again unless show_again_after_exit, and then not for campaign_popup_exit days.
    expect(allowed(c, page, fresh({ c: { 'LD-1': { x: NOW - 30 * DAY } } }))).toBe(false);
    const again = campaign({ frequency: { ...c.frequency, againAfterExit: true, siteExit: 1 } });
    expect(allowed(again, page, fresh({ c: { 'LD-1': { x: NOW - 3 * DAY } } }))).toBe(false);
    expect(allowed(again, page, fresh({ c: { 'LD-1': { x: NOW - 8 * DAY } } }))).toBe(true);
    // A close of any campaign of the site: none for site_popup_exit days.
    expect(allowed(c, page, fresh({ X: NOW - 2 * DAY }))).toBe(false);
    expect(allowed(c, page, fresh({ X: NOW - 8 * DAY }))).toBe(true);
  });
});

describe('choose', () => {
  it('keeps one arm of a running A/B test per visitor, the same on every visit', () => {
    const arms = ['LD-T', 'LD-V1', 'LD-V2'].map((code) => campaign({ code, test: 'LD-T' }));
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const state = fresh({ v: `visitor-${i}` });
      const picked = choose(arms, page, state);
      expect(picked).toHaveLength(1);
      expect(choose(arms, page, state)).toEqual(picked);
      seen.add(picked[0]!.code);
    }
    expect([...seen].sort()).toEqual(['LD-T', 'LD-V1', 'LD-V2']);
  });
});

describe('inlineAnchor', () => {
  const article = document.createElement('article');
  article.innerHTML = '<p>1</p><p>2</p><h2>A</h2><p>3</p><h2>B</h2><p>4</p>';
  it('finds the configured paragraph or H2, or the end of the article', () => {
    expect(inlineAnchor(article, '2nd').node.textContent).toBe('2');
    expect(inlineAnchor(article, '12th').node.textContent).toBe('4');
    expect(inlineAnchor(article, 'last-paragraph').node.textContent).toBe('4');
    expect(inlineAnchor(article, 'h2-1st').node.textContent).toBe('A');
    expect(inlineAnchor(article, 'last-h2').node.textContent).toBe('B');
    expect(inlineAnchor(article, 'end-of-article')).toEqual({ node: article, after: false });
  });
});
