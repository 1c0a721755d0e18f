import { describe, expect, it } from 'vitest';
import type { FormBlock } from '../campaign.js';
import { validCampaign } from '../fixtures.js';
import { blockErrors, imageParts } from './blocks.js';
import { campaignSaveErrors } from './campaign.js';
import { isDesignErrorKey, pictureLinks } from './pictures.js';

const ctx = { siteHost: 'bacsi-online.vn', mode: 'create' } as const;
const errorsOf = (over: Parameters<typeof validCampaign>[1]) => campaignSaveErrors(validCampaign(7, over), ctx) ?? {};
const withExtra = (extra: Record<string, unknown>) =>
  errorsOf({ extra_fields: { ...validCampaign(7).extra_fields, ...extra } });

describe('an Image block is a picture and a link, two things', () => {
  it('reads the picture from value and the link from url; a block saved before has its picture in url and no link', () => {
    expect(
      imageParts({
        name: 'Image',
        id: 1,
        data: { value: '/uploads/image/a.png', url: 'https://bacsi-online.vn/x', newtab: true },
      }),
    ).toEqual({
      src: '/uploads/image/a.png',
      href: 'https://bacsi-online.vn/x',
    });
    expect(imageParts({ name: 'Image', id: 1, data: { url: '/uploads/image/a.png' } })).toEqual({
      src: '/uploads/image/a.png',
      href: '',
    });
  });

  it('checks the picture as media and the link as a link', () => {
    const blocks: FormBlock[] = [
      {
        name: 'Image',
        id: 1,
        data: { placeholder: 'Banner', value: '/uploads/image/a.png', url: 'https://bacsi-online.vn/heart' },
      },
      { name: 'Image', id: 2, data: { placeholder: 'Promo', value: '/uploads/image/a.png', url: 'not a link at all' } },
      { name: 'Image', id: 3, data: { placeholder: 'Hero', value: 'javascript:alert(1)', url: '' } },
    ];
    expect(blockErrors(blocks)).toEqual([
      [1, 'The link of block "Promo" must start with http://, https://, mailto: or tel:.'],
      [2, 'The source of block "Hero" must be an uploaded file or start with http:// or https://.'],
    ]);
  });
});

describe('block names the pop-up does not know are refused', () => {
  it('names the block', () => {
    const forms = [
      ...validCampaign(7).forms,
      { name: 'SubmitButton', id: 'x', data: { placeholder: 'Submit' } } as unknown as FormBlock,
    ];
    expect(errorsOf({ forms })['forms.4']?.[0]).toMatch(/^The block "SubmitButton" is not a block the pop-up knows/);
  });
});

describe('every address outside forms is checked by the same rule', () => {
  it('a thank-you link button with javascript: is refused as a main-view one is', () => {
    const ty = JSON.stringify([
      { name: 'LinkButton', id: 'l', data: { placeholder: 'More', url: 'javascript:alert(1)' } },
    ]);
    expect(withExtra({ listBlockThankyou: ty })).toEqual({
      'extra_fields.listBlockThankyou.0': [
        'The link of block "More" must start with http://, https://, mailto: or tel:.',
      ],
    });
  });

  it('the thank-you view takes Title, Subtitle and Link button only, and known names only', () => {
    const ty = JSON.stringify([
      { name: 'Email', id: 'e', data: { value: 'email' } },
      { name: 'Banner', id: 'b', data: {} },
    ]);
    const e = withExtra({ listBlockThankyou: ty });
    expect(e['extra_fields.listBlockThankyou.0']).toEqual([
      'The thank-you view only takes Title, Subtitle and Link button blocks.',
    ]);
    expect(e['extra_fields.listBlockThankyou.1']?.[0]).toMatch(/^The block "Banner" is not a block/);
  });

  it('a picture link that is not a link, and a picture that is not an upload or web address, are refused', () => {
    const e = errorsOf({
      image_overlay_desktop: 'javascript:alert(1)',
      extra_fields: {
        ...validCampaign(7).extra_fields,
        imageBlocks: JSON.stringify({ mobile: { url: 'not a link at all', newtab: true } }),
      },
    });
    expect(e).toEqual({
      image_overlay_desktop: ['The Desktop overlay image must be an uploaded file or start with http:// or https://.'],
      'extra_fields.imageBlocks.mobile': [
        'The link of the Mobile image must start with http://, https://, mailto: or tel:.',
      ],
    });
  });

  it('a copy of the blocks in extra_fields is checked too, without repeating what the forms said', () => {
    const bad = { name: 'LinkButton', id: 'l', data: { placeholder: 'Go', url: 'javascript:alert(1)' } } as FormBlock;
    const copy = JSON.stringify([bad]);
    expect(withExtra({ actionBlocks: copy })).toEqual({
      'extra_fields.actionBlocks.0': ['The link of block "Go" must start with http://, https://, mailto: or tel:.'],
    });
    const both = errorsOf({
      forms: [...validCampaign(7).forms, bad],
      extra_fields: { ...validCampaign(7).extra_fields, actionBlocks: copy },
    });
    expect(Object.keys(both)).toEqual(['forms.4']);
  });

  it('block lists and picture links that are not JSON of their shape are refused', () => {
    expect(
      Object.keys(withExtra({ listBlockThankyou: '{oops', imageBlocks: '[1]', textBlocks: '[{"name":1}]' })),
    ).toEqual(['extra_fields.listBlockThankyou', 'extra_fields.imageBlocks', 'extra_fields.textBlocks']);
    expect(pictureLinks('{"mobile":{"url":"https://a.b","newtab":false},"other":{"url":"x"}}')).toEqual({
      mobile: { url: 'https://a.b', newtab: false },
    });
  });

  it('these errors are fixed on the DESIGN step', () => {
    for (const key of [
      'forms.1',
      'name',
      'extra_fields.listBlockThankyou.0',
      'extra_fields.imageBlocks.mobile',
      'image_overlay_mobile',
    ]) {
      expect(isDesignErrorKey(key)).toBe(true);
    }
    expect(isDesignErrorKey('targets.0')).toBe(false);
  });
});
