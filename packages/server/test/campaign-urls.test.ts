import type { CampaignPayload, FormBlock, PublicCampaigns } from '@lead/contract';
import { validCampaign } from '@lead/contract/fixtures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

/*
 * Every address a campaign stores (block links and sources, thank-you blocks, the copies of the
 * blocks in extra_fields, the six pictures and their links) is checked by the contract's one rule,
 * isSafeUrl, and a block whose name the pop-up does not know is refused: 422 naming it, nothing
 * stored. What is stored is what partner pages are served.
 */

let t: TestApp;
let admin: string;
let client: number;
let createCampaign: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token: admin, client, createCampaign } = await testSession({ as: 'system@lead.test' }));
});
afterAll(() => t.close());

const ef = (extra: Record<string, unknown>) => ({ extra_fields: { ...validCampaign(0).extra_fields, ...extra } });
const forms = (...extra: FormBlock[]) => ({ forms: [...validCampaign(0).forms, ...extra] });
const thankYou = (...blocks: unknown[]) => ef({ listBlockThankyou: JSON.stringify(blocks) });
const links = (l: Record<string, unknown>) => ef({ imageBlocks: JSON.stringify(l) });

const BAD: Array<[string, Partial<CampaignPayload>, string, string]> = [
  [
    'a thank-you link button to javascript:',
    thankYou({ name: 'LinkButton', id: 'l', data: { placeholder: 'Read more', url: 'javascript:alert(1)' } }),
    'extra_fields.listBlockThankyou.0',
    'The link of block "Read more" must start with http://, https://, mailto: or tel:.',
  ],
  [
    'a thank-you block the thank-you view does not take',
    thankYou({ name: 'Email', id: 'e', data: { value: 'email', placeholder: 'Email' } }),
    'extra_fields.listBlockThankyou.0',
    'The thank-you view only takes Title, Subtitle and Link button blocks.',
  ],
  [
    'a picture link that is not a link at all',
    links({ overlayMobile: { url: 'not a link at all', newtab: true } }),
    'extra_fields.imageBlocks.overlayMobile',
    'The link of the Mobile overlay image must start with http://, https://, mailto: or tel:.',
  ],
  [
    'picture links that are not JSON',
    ef({ imageBlocks: '{"mobile":' }),
    'extra_fields.imageBlocks',
    'The picture links must be a JSON object of {url, newtab} per picture.',
  ],
  [
    'a picture that is neither an upload nor a web address',
    { thank_you_image: 'javascript:alert(1)' },
    'thank_you_image',
    'The Thank-you image must be an uploaded file or start with http:// or https://.',
  ],
  [
    "an Image block's link that is not a link",
    forms({
      name: 'Image',
      id: 'i',
      data: { placeholder: 'Banner', value: '/uploads/image/a.png', url: 'not a link at all', newtab: true },
    }),
    'forms.4',
    'The link of block "Banner" must start with http://, https://, mailto: or tel:.',
  ],
  [
    "an Image block's picture as javascript:",
    forms({ name: 'Image', id: 'i', data: { placeholder: 'Banner', value: 'javascript:alert(1)', url: '' } }),
    'forms.4',
    'The source of block "Banner" must be an uploaded file or start with http:// or https://.',
  ],
  [
    'a copy of the blocks in extra_fields with a javascript: link',
    ef({
      actionBlocks: JSON.stringify([
        { name: 'LinkButton', id: 'l', data: { placeholder: 'Go', url: 'javascript:alert(1)' } },
      ]),
    }),
    'extra_fields.actionBlocks.0',
    'The link of block "Go" must start with http://, https://, mailto: or tel:.',
  ],
  [
    'a block named SubmitButton',
    forms({ name: 'SubmitButton', id: 'x', data: { placeholder: 'Submit' } } as unknown as FormBlock),
    'forms.4',
    'The block "SubmitButton" is not a block the pop-up knows',
  ],
  [
    'thank-you blocks whose link is not text',
    thankYou({ name: 'LinkButton', id: 'l', data: { placeholder: 'More', url: 5 } }),
    'extra_fields.listBlockThankyou',
    'The thank-you blocks must be a JSON list of blocks.',
  ],
  [
    'a copy of the blocks whose label is not text',
    ef({ textBlocks: JSON.stringify([{ name: 'Title', id: 't', data: { placeholder: ['x'] } }]) }),
    'extra_fields.textBlocks',
    'The textBlocks must be a JSON list of blocks.',
  ],
  [
    'a thank-you block of an unknown name',
    thankYou({ name: 'Banner', id: 'b', data: { placeholder: 'x' } }),
    'extra_fields.listBlockThankyou.0',
    'The block "Banner" is not a block the pop-up knows',
  ],
];

const stored = async () => [await t.count('campaigns'), await t.count('history'), await t.count('campaign_targets')];

describe('every address the builder stores is checked by isSafeUrl, on create and on edit', () => {
  it.each(BAD)('refuses %s with 422 naming it, and stores nothing', async (_what, over, field, message) => {
    const before = await stored();
    const res = await t.call('POST', '/api/admin/campaign', { token: admin, body: validCampaign(client, over) });
    expect(res.status, res.raw).toBe(422);
    expect(res.body._messages[0]).toContain(message);
    expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    expect(await stored()).toEqual(before);
  });

  it.each(BAD)('refuses %s on an edit, and the campaign stays as it was', async (_what, over, field, message) => {
    const c = await createCampaign();
    const before = (await t.call('GET', `/api/admin/campaign/${c.id}`, { token: admin })).body._data.campaign;
    const res = await t.call('PUT', `/api/admin/campaign/${c.id}`, { token: admin, body: validCampaign(client, over) });
    expect(res.status, res.raw).toBe(422);
    expect(res.body.errors?.[field]?.[0]).toContain(message);
    expect((await t.call('GET', `/api/admin/campaign/${c.id}`, { token: admin })).body._data.campaign).toEqual(before);
  });
});

describe('the pictures, their links and Image blocks are served to partner pages as stored', () => {
  const served = async (code: string) =>
    (
      JSON.parse(
        (
          await t.call<never>('GET', '/api/public/sites/1/campaigns', {
            headers: { origin: 'https://bacsi-online.vn' },
          })
        ).raw,
      ) as PublicCampaigns
    ).campaigns.find((x) => x.code === code)!;

  it('serves each picture with its link and new-tab choice, and the Image block as picture plus link', async () => {
    const image: FormBlock = {
      name: 'Image',
      id: 'i',
      data: {
        placeholder: 'Banner',
        value: '/uploads/image/b.png',
        url: 'https://bacsi-online.vn/heart',
        newtab: false,
      },
    };
    const c = await createCampaign({
      ...forms(image),
      image: '/uploads/image/m.png',
      image_desktop: '/uploads/image/d.png',
      image_overlay_mobile: '/uploads/image/om.png',
      image_overlay_desktop: 'https://cdn.bacsi-online.vn/od.png',
      thank_you_image: '/uploads/image/ty.png',
      extra_fields: {
        ...validCampaign(0).extra_fields,
        imageBlocks: JSON.stringify({
          mobile: { url: 'https://bacsi-online.vn/m', newtab: true },
          overlayDesktop: { url: 'https://bacsi-online.vn/od', newtab: false },
          thankYou: { url: 'tel:+84901234567', newtab: true },
          background: { url: '', newtab: true },
        }),
      },
    });
    const s = await served(c.code);
    expect(s.images).toEqual({
      mobile: '/uploads/image/m.png',
      desktop: '/uploads/image/d.png',
      background: null,
      overlayMobile: '/uploads/image/om.png',
      overlayDesktop: 'https://cdn.bacsi-online.vn/od.png',
      thankYou: '/uploads/image/ty.png',
    });
    expect(s.imageLinks).toEqual({
      mobile: { url: 'https://bacsi-online.vn/m', newtab: true },
      overlayDesktop: { url: 'https://bacsi-online.vn/od', newtab: false },
      thankYou: { url: 'tel:+84901234567', newtab: true },
    });
    expect(s.forms.at(-1)).toEqual(image);
  });

  it('a link stored before these checks is not served unless it is a safe link', async () => {
    const c = await createCampaign();
    const bad = JSON.stringify({
      mobile: { url: 'javascript:alert(1)', newtab: true },
      desktop: { url: 'https://bacsi-online.vn/ok', newtab: false },
    });
    await sql`UPDATE campaigns SET extra_fields = jsonb_set(extra_fields, '{imageBlocks}', to_jsonb(${bad}::text)), image_desktop = '/uploads/image/d.png' WHERE id = ${c.id}`.execute(
      t.database.db,
    );
    await t.call('PUT', `/api/admin/campaign/${c.id}?_name=1`, {
      token: admin,
      body: { name: 'Renamed so the cache is refreshed' },
    });
    const s = await served(c.code);
    expect(s.imageLinks).toEqual({ desktop: { url: 'https://bacsi-online.vn/ok', newtab: false } });
  });

  it('thank-you blocks stored damaged before these checks are served as the defaults, not as broken blocks', async () => {
    const c = await createCampaign();
    const damaged = JSON.stringify([1, { name: 'Title' }, null]);
    await sql`UPDATE campaigns SET extra_fields = jsonb_set(extra_fields, '{listBlockThankyou}', to_jsonb(${damaged}::text)) WHERE id = ${c.id}`.execute(
      t.database.db,
    );
    await t.call('PUT', `/api/admin/campaign/${c.id}?_name=1`, {
      token: admin,
      body: { name: 'Renamed so the cache is refreshed' },
    });
    const s = (await served(c.code)) as unknown as { thankYou: Array<{ name: string; data: object }> };
    expect(s.thankYou.length).toBeGreaterThan(0);
    for (const b of s.thankYou) expect(b).toMatchObject({ name: expect.any(String), data: expect.any(Object) });
  });
});
