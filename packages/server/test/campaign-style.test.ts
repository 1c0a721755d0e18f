/**
 * A campaign's style (`extra_fields.popupStyle`): checked on save (422, nothing changes), stored and
 * read back as saved, served to partner pages with its defaults filled in; its fonts served by us.
 */
import { DEFAULT_POPUP_STYLE, StyleMessages, type PopupStyle, type PublicCampaigns } from '@lead/contract';
import { validCampaign } from '@lead/contract/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let client: number;
beforeAll(async () => {
  ({ t, token: admin, client } = await testSession({ as: 'system@lead.test' }));
});
afterAll(() => t.close());

const STYLE: PopupStyle = {
  ...DEFAULT_POPUP_STYLE,
  brand: '#b0306a',
  font: 'sarabun',
  buttonShape: { radius: 20, fill: 'outline' },
  closePosition: 'left',
  edge: 'top',
};
const withStyle = (popupStyle: unknown) =>
  validCampaign(client, {
    extra_fields: { ...validCampaign(client).extra_fields, popupStyle: popupStyle as PopupStyle },
  });
const served = async (code: string) => {
  const res = await t.call('GET', '/api/public/sites/1/campaigns', { headers: { origin: 'https://bacsi-online.vn' } });
  return (JSON.parse(res.raw) as PublicCampaigns).campaigns.find((c) => c.code === code);
};

describe('a campaign with a style', () => {
  it('is stored as saved, read back on edit, and served to partner pages', async () => {
    const res = await t.call('POST', '/api/admin/campaign', { token: admin, body: withStyle(STYLE) });
    expect(res.status, res.raw).toBe(200);
    const model = res.body._data.model;
    const detail = await t.call('GET', `/api/admin/campaign/${model.id}`, { token: admin });
    expect(detail.body._data.campaign.extra_fields.popupStyle).toEqual(STYLE);
    expect((await served(model.code))?.style).toEqual(STYLE);
  });

  it('is served with the defaults of the settings it leaves out', async () => {
    const res = await t.call('POST', '/api/admin/campaign', {
      token: admin,
      body: withStyle({ v: 1, brand: '#AA0000' }),
    });
    expect(res.status, res.raw).toBe(200);
    expect((await served(res.body._data.model.code))?.style).toEqual({ ...DEFAULT_POPUP_STYLE, brand: '#aa0000' });
  });

  it('without one is served without one', async () => {
    const res = await t.call('POST', '/api/admin/campaign', { token: admin, body: validCampaign(client) });
    const c = await served(res.body._data.model.code);
    expect(c).toBeDefined();
    expect(c).not.toHaveProperty('style');
  });

  it.each([
    [
      'a colour by name',
      { ...STYLE, brand: 'red' },
      'extra_fields.popupStyle.brand',
      StyleMessages.colour('brand colour'),
    ],
    ['an unknown font', { ...STYLE, font: 'papyrus' }, 'extra_fields.popupStyle.font', StyleMessages.font],
    ['another version', { ...STYLE, v: 2 }, 'extra_fields.popupStyle.v', StyleMessages.version],
    ['not an object', 'blue', 'extra_fields.popupStyle', StyleMessages.shape],
  ])('with %s is refused (422) on create and on edit, and nothing changes', async (_name, style, field, message) => {
    const before = await t.count('campaigns');
    const refused = await t.call('POST', '/api/admin/campaign', { token: admin, body: withStyle(style) });
    expect(refused.status, refused.raw).toBe(422);
    expect(refused.body.errors).toEqual({ [field]: [message] });
    expect(refused.body._messages[0]).toBe(message);
    expect(await t.count('campaigns')).toBe(before);

    const created = await t.call('POST', '/api/admin/campaign', { token: admin, body: withStyle(STYLE) });
    const id = created.body._data.model.id as number;
    const edit = await t.call('PUT', `/api/admin/campaign/${id}`, { token: admin, body: withStyle(style) });
    expect(edit.status, edit.raw).toBe(422);
    expect(edit.body.errors).toEqual({ [field]: [message] });
    const detail = await t.call('GET', `/api/admin/campaign/${id}`, { token: admin });
    expect(detail.body._data.campaign.extra_fields.popupStyle).toEqual(STYLE);
  });
});

describe('GET /embed/v1/fonts/{file}', () => {
  it('serves a chosen font’s file to any origin, cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed/v1/fonts/sarabun-thai-400-normal.woff2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    const again = await t.app.inject({
      method: 'GET',
      url: '/embed/v1/fonts/sarabun-thai-400-normal.woff2',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each(['sarabun-thai-400-normal.woff', 'roboto-latin-400-normal.woff2', '..%2F..%2Fpackage.json'])(
    'answers 404 to %s, a file that is not one of the fonts',
    async (file) => {
      const res = await t.app.inject({ method: 'GET', url: `/embed/v1/fonts/${file}` });
      expect(res.statusCode).toBe(404);
    },
  );

  it('is allowed by the demo partner pages’ CSP (font-src)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/heart/article-1/',
      headers: { host: 'bacsi-online.vn.localhost:8080' },
    });
    expect(String(res.headers['content-security-policy'])).toMatch(/font-src 'self' http:\/\/[^;]+/);
  });
});
