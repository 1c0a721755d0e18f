import type { PublicCampaign } from '@lead/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { show } from '../src/embed/popup.js';

const campaign: PublicCampaign = {
  code: 'ABC123',
  layout: 'LightBoxB',
  devices: ['mobile', 'desktop'],
  trigger: { type: 'on_landing', seconds: 0 },
  links: [],
  tags: [],
  frequency: { days: 0, campaignExit: 0, siteExit: 0, againAfterSubmit: false, againAfterExit: false },
  forms: [
    { name: 'Title', id: 't', data: { placeholder: 'Check your heart' } },
    { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
  ],
  thankYou: [],
  showThankYou: false,
  images: { mobile: null, desktop: null, background: null },
  inlinePosition: '6th',
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the events a pop-up sends', () => {
  it("opens its page view with the impression, then sends the answer's signed page-view id with later events", async () => {
    vi.useFakeTimers();
    const bodies: Array<{ pv?: string; events: Array<{ type: string }> }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: { body: string }) => {
        bodies.push(JSON.parse(init.body) as (typeof bodies)[number]);
        return {
          json: async () => ({
            _status: 1,
            accepted: 1,
            ...(bodies.length === 1 ? { pv: 'nonce.issued.signature' } : {}),
          }),
        };
      }),
    );
    show(campaign, { base: 'https://lead.test', site: { id: 1, lang: 'en', timeZone: 'Asia/Ho_Chi_Minh' } });
    // Events go a second after the last one.
    await vi.advanceTimersByTimeAsync(1000);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.pv).toBeUndefined();
    expect(bodies[0]!.events.map((e) => e.type)).toEqual(['impression']);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.pv).toBe('nonce.issued.signature');
    expect(bodies[1]!.events.map((e) => e.type)).toEqual(['close']);
  });

  it('holds a later batch until the page view has its id', async () => {
    vi.useFakeTimers();
    const bodies: Array<{ pv?: string }> = [];
    let answer: (value: unknown) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: { body: string }) => {
        bodies.push(JSON.parse(init.body) as { pv?: string });
        return bodies.length === 1
          ? new Promise((resolve) => (answer = resolve))
          : Promise.resolve({ json: async () => ({ _status: 1 }) });
      }),
    );
    show(campaign, { base: 'https://lead.test', site: { id: 1, lang: 'en', timeZone: 'Asia/Ho_Chi_Minh' } });
    await vi.advanceTimersByTimeAsync(1000);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toHaveLength(1);
    answer({ json: async () => ({ _status: 1, pv: 'nonce.issued.signature' }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.pv).toBe('nonce.issued.signature');
  });
});
