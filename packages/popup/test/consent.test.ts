import type { PublicCampaign } from '@lead/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    { name: 'Terms', id: 'tc', data: { value: 'terms', placeholder: 'https://a.test/t', valueHTML: 'I agree to *the terms*', required: true } },
    { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
  ],
  thankYou: [],
  showThankYou: false,
  images: { mobile: null, desktop: null, background: null },
  inlinePosition: '6th',
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The lead the pop-up posts when the visitor fills in `campaign`'s form and ticks its T&C box. */
async function sentLead(c: PublicCampaign): Promise<Record<string, unknown>> {
  const leads: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body: string }) => {
      if (url.endsWith('/api/public/leads')) leads.push(JSON.parse(init.body) as Record<string, unknown>);
      return { ok: true, status: 200, json: async () => ({ _status: 1, accepted: 1 }) };
    }),
  );
  show(c, { base: 'https://lead.test', site: { id: 1, lang: 'en', timeZone: 'Asia/Ho_Chi_Minh' } });
  const root = document.querySelector('[data-lead-popup]')?.shadowRoot ?? [...document.body.children].find((e) => e.shadowRoot)!.shadowRoot!;
  root.querySelector<HTMLInputElement>('input[name=name]')!.value = 'Lan';
  root.querySelector<HTMLInputElement>('input[name=terms]')!.checked = true;
  root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect(leads).toHaveLength(1));
  return leads[0]!;
}

describe('the lead a pop-up sends', () => {
  it('names the campaign revision its form was drawn from, with the tick', async () => {
    const lead = await sentLead(campaign);
    expect(lead).toMatchObject({ site_id: 1, code: 'ABC123', revision_id: 42, fields: { name: 'Lan', terms: '1' } });
  });

  it('sends no revision when the served campaign has none', async () => {
    const { revision: _, ...older } = campaign;
    expect(await sentLead(older)).not.toHaveProperty('revision_id');
  });
});
