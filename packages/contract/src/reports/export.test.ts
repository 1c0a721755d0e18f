import { describe, expect, it } from 'vitest';
import type { FormBlock } from '../campaign.js';
import { exportColumns, exportRow, formColumns, leadCell, leadExportFileName, leadsPageFileName } from './export.js';

const name: FormBlock = { name: 'Text', id: 'b1', data: { value: 'name', placeholder: 'Full name' } };
const email: FormBlock = { name: 'Email', id: 'b2', data: { value: 'email', placeholder: '' } };
const gender: FormBlock = {
  name: 'Radio',
  id: 'b3',
  data: {
    value: 'gender',
    placeholder: 'Gender',
    listQuestion: [
      { value: '1', placeholder: 'Male' },
      { value: '0', placeholder: 'Female' },
    ],
  },
};
const topics: FormBlock = {
  name: 'Checkbox',
  id: 'b4',
  data: {
    value: 'topics',
    placeholder: 'Topics',
    listQuestion: [
      { value: 'a', placeholder: 'Asthma' },
      { value: 'd', placeholder: 'Diabetes' },
    ],
  },
};
const title: FormBlock = { name: 'Title', id: 't', data: { placeholder: 'Sample title' } };
const terms: FormBlock = {
  name: 'Terms',
  id: 'b5',
  data: { value: 'terms', placeholder: 'https://example.org/terms' },
};

describe('lead export columns', () => {
  it('has one column per field key in form order, labelled as the visitor read it, then date, page URL, variant, consent and source', () => {
    const fields = formColumns([[title, name, email, terms]]);
    expect(exportColumns(fields, false)).toEqual([
      { label: 'Full name', type: 'text' },
      { label: 'Email', type: 'text' },
      { label: 'T&C', type: 'text' },
      { label: 'Date', type: 'date' },
      { label: 'Page URL', type: 'text' },
      { label: 'Variant', type: 'text' },
      { label: 'Consent hash', type: 'text' },
      { label: 'Consent record', type: 'text' },
      { label: 'Referrer host', type: 'text' },
      { label: 'utm_source', type: 'text' },
      { label: 'utm_medium', type: 'text' },
      { label: 'utm_campaign', type: 'text' },
      { label: 'utm_term', type: 'text' },
      { label: 'utm_content', type: 'text' },
      { label: 'gclid', type: 'text' },
      { label: 'fbclid', type: 'text' },
      { label: 'ttclid', type: 'text' },
    ]);
  });

  it("joins several forms: each key once, where the first form put it, later forms' new keys after", () => {
    const renamed: FormBlock = { ...name, data: { ...name.data, placeholder: 'Your name' } };
    const fields = formColumns([
      [name, email],
      [gender, renamed, email],
    ]);
    expect(fields.map((b) => b.data.value)).toEqual(['name', 'email', 'gender']);
    expect(exportColumns(fields, true).map((c) => c.label)).toEqual([
      'Campaign',
      'Full name',
      'Email',
      'Gender',
      'Date',
      'Page URL',
      'Variant',
      'Consent hash',
      'Consent record',
      'Referrer host',
      ...['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid', 'ttclid'],
    ]);
  });

  it('skips blocks without a key and blocks that collect nothing', () => {
    expect(formColumns([[title, { ...name, data: { placeholder: 'No key' } }]])).toEqual([]);
  });
});

describe('lead export file name', () => {
  it("names one campaign's file by its id and a selection's by its size", () => {
    expect(leadExportFileName([42])).toBe('campaign-42-leads');
    expect(leadExportFileName([42, 7, 9])).toBe('leads-3-campaigns');
  });

  it('adds the days of a range, an open end named', () => {
    expect(leadExportFileName([42], { from: '2026-11-15', to: '2026-11-21' })).toBe(
      'campaign-42-leads_2026-11-15_2026-11-21',
    );
    expect(leadExportFileName([42, 7], { from: '2026-11-15', to: null })).toBe('leads-2-campaigns_2026-11-15_today');
    expect(leadExportFileName([42], { from: null, to: null })).toBe('campaign-42-leads');
  });

  it("names the Leads page's file after its client and days", () => {
    expect(leadsPageFileName(['Bệnh viện Hòa Bình & Co.'], { from: '2026-11-20', to: '2026-11-20' })).toBe(
      'leads_benh-vien-hoa-binh-co_2026-11-20_2026-11-20',
    );
    expect(leadsPageFileName(['A', 'B'], { to: '2026-11-20' })).toBe('leads_2-clients_start_2026-11-20');
    expect(leadsPageFileName([], {})).toBe('leads_all-time');
    expect(leadsPageFileName(['สุขภาพ'], {})).toBe('leads_client_all-time');
  });
});

describe('lead export cells', () => {
  const lead = {
    name: 'An Nguyen',
    email: 'an@mail.test',
    phone: '+84 912',
    phone_e164: null as string | null,
    data: {} as Record<string, unknown>,
  };
  const phone: FormBlock = { name: 'Phone', id: 'p', data: { value: 'phone', placeholder: 'Phone number' } };

  it('reads the answer stored under the key', () => {
    expect(leadCell({ ...lead, data: { name: 'Binh Tran' } }, name)).toBe('Binh Tran');
  });

  it('falls back to the profile field the SSO tag fills for leads stored before answers were kept by key', () => {
    expect(leadCell(lead, name)).toBe('An Nguyen');
    expect(leadCell(lead, email)).toBe('an@mail.test');
    expect(leadCell(lead, gender)).toBe('');
  });

  it("writes the phone number in E.164 where it was read in the site's country, else as typed", () => {
    const typed = { ...lead, phone: '0912 345 678', phone_e164: '+84912345678', data: { phone: '0912 345 678' } };
    expect(leadCell(typed, phone)).toBe('+84912345678');
    expect(leadCell({ ...typed, data: {} }, phone)).toBe('+84912345678');
    // A lead stored before #31 in a national form has no E.164 number: its number as typed.
    expect(leadCell({ ...typed, phone_e164: null }, phone)).toBe('0912 345 678');
    // Another phone field of the form (not the lead's number) stays as typed.
    expect(leadCell({ ...typed, data: { phone: '0243 123 4567' } }, phone)).toBe('0243 123 4567');
  });

  it("shows a choice's label, and every label of a multiple choice", () => {
    expect(leadCell({ ...lead, data: { gender: '0' } }, gender)).toBe('Female');
    expect(leadCell({ ...lead, data: { gender: 1 } }, gender)).toBe('Male');
    expect(leadCell({ ...lead, data: { topics: ['a', 'd'] } }, topics)).toBe('Asthma, Diabetes');
    expect(leadCell({ ...lead, data: { topics: 'x' } }, topics)).toBe('x');
  });

  it('writes the row in column order, ending with the consent hash and the link that opens its record', () => {
    const fields = [name, email];
    const row = {
      ...lead,
      id: 42,
      created_at: '2026-11-01 08:00:00',
      page_url: 'https://site.test/a',
      consent_hash: 'sha256:ab',
    };
    const admin = 'https://lead.test';
    expect(exportRow(row, fields, { variant: '', adminUrl: admin })).toEqual([
      'An Nguyen',
      'an@mail.test',
      '2026-11-01 08:00:00',
      'https://site.test/a',
      '',
      'sha256:ab',
      'https://lead.test/#/leads/42/consent',
      ...['', '', '', '', '', '', '', '', ''],
    ]);
    // A lead stored before records were kept: no hash, no link.
    expect(
      exportRow({ ...row, page_url: null, consent_hash: null }, fields, {
        campaign: 'Spring',
        variant: 'B',
        adminUrl: admin,
      }),
    ).toEqual(['Spring', 'An Nguyen', 'an@mail.test', '2026-11-01 08:00:00', '', 'B', '', '', ...Array(9).fill('')]);
  });

  it("ends with where the lead's visit came from, each source field in its column", () => {
    const row = { ...lead, id: 7, created_at: '2026-11-01 08:00:00', page_url: null, consent_hash: null };
    const source = { referrer_host: 'www.google.com', utm_source: 'zalo', utm_campaign: 'tet', ttclid: 'T1' };
    expect(exportRow({ ...row, source }, [name], { variant: '', adminUrl: '' }).slice(-9)).toEqual([
      'www.google.com',
      'zalo',
      '',
      'tet',
      '',
      '',
      '',
      '',
      'T1',
    ]);
  });
});
