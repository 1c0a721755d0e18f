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

describe('where visitors give up (the form fields reached, never their values)', () => {
  const form: PublicCampaign = {
    ...campaign,
    forms: [
      { name: 'Title', id: 't', data: { placeholder: 'Check your heart' } },
      { name: 'Text', id: 'n', data: { value: 'name', placeholder: 'Name' } },
      { name: 'Email', id: 'e', data: { value: 'email', placeholder: 'Email' } },
      { name: 'Text', id: 'c', data: { value: 'city', placeholder: 'City' } },
      { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
    ],
  };
  type Sent = { url: string; body: string };
  const stubServer = (sent: Sent[]) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: { body?: string }) => {
        sent.push({ url, body: init?.body ?? '' });
        if (url.endsWith('/challenge')) throw new Error('no challenge in this test');
        return { ok: true, status: 200, json: async () => ({ _status: 1, accepted: 1, pv: 'nonce.issued.signature' }) };
      }),
    );
  const events = (sent: Sent[]) =>
    sent
      .filter((s) => s.url.endsWith('/events'))
      .flatMap((s) => (JSON.parse(s.body) as { events: Array<{ type: string; field?: number }> }).events)
      .map((e) => (e.field === undefined ? e.type : `${e.type}:${e.field}`));
  const type = (root: ShadowRoot, name: string, text: string) => {
    const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    input.focus();
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  };

  it('sends the first field started and, when closed unsent, the last field reached, and nothing typed', async () => {
    vi.useFakeTimers();
    const sent: Sent[] = [];
    stubServer(sent);
    show(form, { base: 'https://lead.test', site: { id: 1, lang: 'en', timeZone: 'Asia/Ho_Chi_Minh' } });
    // The dialog's own focus on its first field starts nothing.
    await vi.advanceTimersByTimeAsync(1000);
    expect(events(sent)).toEqual(['impression']);
    const root = document.querySelector('[data-lead-popup]')!.shadowRoot!;
    type(root, 'name', 'Nguyen Van Secret');
    type(root, 'email', 'secret@example.com');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(events(sent)).toEqual(['impression', 'start:1', 'close', 'leave:2']);
    expect(sent.map((s) => s.body).join('')).not.toMatch(/Secret|secret@/);
  });

  it('sends the leave with the page-hide beacon', async () => {
    vi.useFakeTimers();
    const sent: Sent[] = [];
    stubServer(sent);
    const beacons: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: (_url: string, blob: Blob) => (void blob.text().then((t) => beacons.push(t)), true),
    });
    show(form, { base: 'https://lead.test', site: { id: 1, lang: 'en', timeZone: 'Asia/Ho_Chi_Minh' } });
    await vi.advanceTimersByTimeAsync(1000);
    type(document.querySelector('[data-lead-popup]')!.shadowRoot!, 'city', 'Hanoi');
    dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    const beacon = JSON.parse(beacons[0]!) as { events: Array<{ type: string; field?: number }> };
    expect(beacon.events.map((e) => `${e.type}:${e.field ?? ''}`)).toEqual(['start:3', 'bounce:', 'leave:3']);
    expect(beacons[0]).not.toContain('Hanoi');
  });

  it('sends no leave once the lead is stored: a sent form is complete', async () => {
    vi.useFakeTimers();
    const sent: Sent[] = [];
    stubServer(sent);
    show(form, { base: 'https://lead.test', site: { id: 1, lang: 'en', timeZone: 'Asia/Ho_Chi_Minh' } });
    await vi.advanceTimersByTimeAsync(1000);
    const root = document.querySelector('[data-lead-popup]')!.shadowRoot!;
    type(root, 'name', 'An');
    root.querySelector('form')!.requestSubmit();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent.some((s) => s.url.endsWith('/leads'))).toBe(true);
    expect(events(sent)).toEqual(['impression', 'start:1']);
  });
});
