import { createHash } from 'node:crypto';
import { MIN_FILL_MS, type PublicCampaign } from '@lead/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { show } from '../src/embed/popup.js';

const campaign: PublicCampaign = {
  code: 'ABC123',
  revision: 42,
  layout: 'LightBoxB',
  devices: ['mobile', 'desktop'],
  trigger: { type: 'on_landing', seconds: 0 },
  links: [],
  tags: [],
  frequency: { days: 0, campaignExit: 0, siteExit: 0, againAfterSubmit: false, againAfterExit: false },
  forms: [
    { name: 'Text', id: 'a', data: { value: 'name', placeholder: 'Full name', required: true } },
    {
      name: 'Terms',
      id: 'tc',
      data: { value: 'terms', placeholder: 'https://a.test/t', valueHTML: 'I agree to *the terms*', required: true },
    },
    { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
  ],
  thankYou: [],
  showThankYou: false,
  images: { mobile: null, desktop: null, background: null },
  inlinePosition: '6th',
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The form's challenge as the server makes it: the number 4321 hidden among 5,000. */
const salt = '0123456789abcdef01234567?i=mi1k2&s=1&';
const pow = {
  algorithm: 'SHA-256',
  challenge: createHash('sha256').update(`${salt}4321`).digest('hex'),
  maxnumber: 5000,
  salt,
  signature: 'f'.repeat(64),
};

/** The lead the pop-up posts when the visitor fills in `campaign`'s form and ticks its T&C box (`trap`: and fills the honeypot too), at once. */
async function sentLead(c: PublicCampaign, trap = false): Promise<Record<string, unknown>> {
  const leads: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: { body: string }) => {
      if (url.endsWith('/api/public/leads')) leads.push(JSON.parse(init!.body) as Record<string, unknown>);
      if (url.endsWith('/api/public/sites/1/challenge'))
        return { ok: true, status: 200, json: async () => ({ _status: 1, pow }) };
      return { ok: true, status: 200, json: async () => ({ _status: 1, accepted: 1, pv: 'the-page-view' }) };
    }),
  );
  show(c, { base: 'https://lead.test', site: { id: 1, lang: 'en', timeZone: 'Asia/Ho_Chi_Minh' } });
  const root =
    document.querySelector('[data-lead-popup]')?.shadowRoot ??
    [...document.body.children].find((e) => e.shadowRoot)!.shadowRoot!;
  root.querySelector<HTMLInputElement>('input[name=name]')!.value = 'Lan';
  root.querySelector<HTMLInputElement>('input[name=terms]')!.checked = true;
  if (trap) root.querySelector<HTMLInputElement>('form div[hidden] input:not([name])')!.value = 'https://spam.example';
  root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  // A send quicker than a person types waits until the least fill time since the challenge came.
  await vi.advanceTimersByTimeAsync(MIN_FILL_MS - 100);
  expect(leads).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(300);
  expect(leads).toHaveLength(1);
  return leads[0]!;
}

describe('the lead a pop-up sends', () => {
  it('names the campaign revision its form was drawn from, with the tick', async () => {
    const lead = await sentLead(campaign);
    expect(lead).toMatchObject({ site_id: 1, code: 'ABC123', revision_id: 42, fields: { name: 'Lan', terms: '1' } });
  });

  it('carries the page view, the challenge solved, the fill time, and the honeypot only when filled', async () => {
    const lead = await sentLead(campaign);
    expect(lead).toMatchObject({
      pv: 'the-page-view',
      pow: { algorithm: 'SHA-256', challenge: pow.challenge, number: 4321, salt, signature: pow.signature },
    });
    expect(lead.fill_ms).toBeGreaterThanOrEqual(MIN_FILL_MS);
    expect(lead).not.toHaveProperty('hp');
    expect(Object.keys(lead.fields as object)).toEqual(['name', 'terms']);
    document.body.innerHTML = '';
    expect(await sentLead(campaign, true)).toMatchObject({ hp: 'https://spam.example' });
  });

  it('sends no revision when the served campaign has none', async () => {
    const { revision: _, ...older } = campaign;
    expect(await sentLead(older)).not.toHaveProperty('revision_id');
  });
});
