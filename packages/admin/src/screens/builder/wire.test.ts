import {
  DEFAULT_POPUP_STYLE,
  LAYOUTS,
  type CampaignDetail,
  type CampaignPayload,
  type FormBlock,
  type Layout,
} from '@lead/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { onFailure, type FailureNotice } from '../../api/failures.js';
import { chooseLayout, setBlocks, setImageLink, uploadImage } from './design.actions.js';
import { startCreate } from './save.js';
import { newBlock } from './samples.js';
import { builder, type BuilderState } from './state.js';
import { setIncludeSponsoredOnlyList, setSponsorIds, setSponsored } from './settings.actions.js';
import { stored } from './model/server.js';
import { addLink, setLinkDraft } from './target.actions.js';
import { stepErrors } from './validation.js';
import { fromDetail, toPayload } from './wire.js';

/** A campaign as GET /campaign/{id} answers after saving `p` (the model test's `stored`), with `extra`. */
const detailOf = (p: CampaignPayload, extra: Partial<CampaignDetail> = {}): CampaignDetail => ({
  ...stored(p, 7),
  code: 'abc123',
  ...extra,
});

/** Every field the builder edits set to something other than its default. */
function richCampaign(layout: Layout): CampaignPayload {
  startCreate(
    new URLSearchParams({ campaignName: `Rich ${layout}`, siteID: '2', siteURL: 'hellosuckhoe.id', clientID: '5' }),
  );
  setLinkDraft('https://hellosuckhoe.id/jantung/');
  addLink();
  chooseLayout(layout);
  const image = newBlock('Image');
  image.data.url = '/uploads/block.png';
  setBlocks([...builder.forms.slice(0, -1), image, ...builder.forms.slice(-1)]);
  Object.assign(builder, {
    images: {
      mobile: '/uploads/m.png',
      desktop: '/uploads/d.png',
      background: '/uploads/bg.png',
      overlayDesktop: '/uploads/od.png',
      overlayMobile: '/uploads/om.png',
      thankYou: '/uploads/ty.png',
    },
    isSponsor: true,
    includeSponsoredOnlyList: true,
    sponsorIds: [3, 9],
    appearance: { startTime: '08:00', endTime: '21:00' },
    forever: false,
    startDate: '2026-12-01',
    endDate: '2027-01-31',
    startHour: '08:00',
    endHour: '20:00',
    frequency: '3',
    leads: '900',
    price: '4.5',
    inlinePosition: 'h2-2nd',
    showThankYou: 'show',
    style: {
      ...DEFAULT_POPUP_STYLE,
      brand: '#b0306a',
      text: '#222222',
      background: '#fff8e7',
      font: 'be-vietnam-pro',
      buttonShape: { radius: 18, fill: 'outline' },
      backdrop: 30,
      closePosition: 'left',
      edge: 'top',
    },
  } satisfies Partial<BuilderState>);
  setImageLink('mobile', { url: 'https://hellosuckhoe.id/promo', newtab: false });
  setImageLink('thankYou', { url: 'https://hellosuckhoe.id/thanks' });
  return toPayload(builder);
}

beforeEach(() => startCreate(new URLSearchParams()));

describe('the builder wire format', () => {
  it.each(LAYOUTS.map((l) => [l]))('keeps every field of a %s campaign through fromDetail and toPayload', (layout) => {
    const saved = richCampaign(layout);
    // What the builder does not edit is carried through too: a rule and an extra field it does not
    // know, and a frequency rule it does not show (at a value other than the default).
    const rules = [
      ...saved.rules.map((r) => (r.rule === 'site_popup_exit' ? { rule: r.rule, value: 2 } : r)),
      { rule: 'future_rule', value: { x: 1 } },
    ];
    const detail = detailOf(saved, { rules, extra_fields: { ...saved.extra_fields, somethingElse: 'kept' } });
    const again = toPayload({ ...builder, ...fromDetail(detail, 'hellosuckhoe.id') } as BuilderState);
    expect(again).toEqual({ ...saved, rules, extra_fields: { ...saved.extra_fields, somethingElse: 'kept' } });
  });

  it('sends each picture in its column and its link in imageBlocks', () => {
    const p = richCampaign('LightBoxB');
    expect(p).toMatchObject({
      image: '/uploads/m.png',
      image_desktop: '/uploads/d.png',
      image_background: '/uploads/bg.png',
      image_overlay_desktop: '/uploads/od.png',
      image_overlay_mobile: '/uploads/om.png',
      thank_you_image: '/uploads/ty.png',
    });
    expect(JSON.parse(p.extra_fields.imageBlocks!)).toEqual({
      mobile: { url: 'https://hellosuckhoe.id/promo', newtab: false },
      desktop: { url: '', newtab: true },
      background: { url: '', newtab: true },
      overlayDesktop: { url: '', newtab: true },
      overlayMobile: { url: '', newtab: true },
      thankYou: { url: 'https://hellosuckhoe.id/thanks', newtab: true },
    });
  });

  it('writes the blocks into extra_fields as JSON strings, whole, with image data stripped', () => {
    chooseLayout('LightBoxB');
    const image = newBlock('Image');
    image.data.url = 'data:image/png;base64,AAAA';
    setBlocks([...builder.forms, image]);
    const ef = toPayload(builder).extra_fields;
    const names = (json: string | undefined) => (JSON.parse(json!) as FormBlock[]).map((b) => b.name);
    expect(names(ef.listBlockAdded)).toEqual(['Title', 'Subtitle', 'Email', 'Submit', 'Image']);
    expect((JSON.parse(ef.listBlockAdded!) as FormBlock[])[2]!.data).toEqual({
      placeholder: 'Email',
      value: 'email',
      required: true,
    });
    expect((JSON.parse(ef.listBlockAdded!) as FormBlock[])[4]!.data.url).toBe('');
    expect(names(ef.textBlocks)).toEqual(['Title', 'Subtitle']);
    expect(names(ef.actionBlocks)).toEqual(['Submit']);
    expect(names(ef.listBlockThankyou)).toEqual(['Title', 'Subtitle']);
    // The canvas keeps the picture; only the JSON copy is stripped.
    expect(toPayload(builder).forms.at(-1)!.data.url).toBe('data:image/png;base64,AAAA');
  });

  it('saves Sidebar, Fullscreen and Slider for Desktop only, the others for the devices chosen', () => {
    const expected: Record<Layout, number[]> = {
      Floating: [1, 2],
      Tab: [1, 2],
      SkinA: [1, 2],
      SkinB: [1, 2],
      CenterTab: [1, 2],
      LightBoxA: [1, 2],
      LightBoxB: [1, 2],
      InlineA: [1, 2],
      InlineB: [1, 2],
      Fullscreen: [2],
      Sidebar: [2],
      Slider: [2],
    };
    for (const layout of LAYOUTS) {
      startCreate(new URLSearchParams({ siteID: '2' }));
      chooseLayout(layout);
      expect(toPayload(builder).device_types, layout).toEqual(expected[layout]);
      // Even with Mobile ticked again on TARGET afterwards.
      builder.devices = [1, 2];
      expect(toPayload(builder).device_types, layout).toEqual(expected[layout]);
    }
  });

  it("starts the thank-you view with 'THANK YOU' and 'We appreciate your time!', in Vietnamese on site 1", () => {
    const thankYou = (siteID: string) => {
      startCreate(new URLSearchParams({ siteID }));
      chooseLayout('LightBoxB');
      return builder.thankYou.map((b) => [b.name, b.data.placeholder]);
    };
    expect(thankYou('2')).toEqual([
      ['Title', 'THANK YOU'],
      ['Subtitle', 'We appreciate your time!'],
    ]);
    expect(thankYou('1')).toEqual([
      ['Title', 'CẢM ƠN BẠN'],
      ['Subtitle', 'Chúng tôi trân trọng thời gian của bạn!'],
    ]);
  });

  it('rebuilds a campaign saved before 2.1 in LightBoxA from its forms and its old fields', () => {
    const email = {
      name: 'Email',
      id: 11,
      data: { value: 'email', placeholder: 'Your email', required: true },
    } as FormBlock;
    const phone = {
      name: 'Phone',
      id: 12,
      data: { value: 'phone', placeholder: 'Your phone', required: false },
    } as FormBlock;
    const legacy = detailOf(richCampaign('LightBoxB'), {
      forms: [email, phone],
      extra_fields: {
        title: 'Old title',
        desc: 'Old description',
        submit: 'Send it',
        popupThankyouTitle: 'Thanks!',
        popupThankyouDesc: 'See you',
        targetLinkType: 'links',
      },
    });
    const state = fromDetail(legacy, 'hellosuckhoe.id');
    expect(state.layout).toBe('LightBoxA');
    expect(state.forms!.map((b) => [b.name, b.data.placeholder])).toEqual([
      ['Title', 'Old title'],
      ['Subtitle', 'Old description'],
      ['Email', 'Your email'],
      ['Phone', 'Your phone'],
      ['Submit', 'Send it'],
    ]);
    expect(state.thankYou!.map((b) => b.data.placeholder)).toEqual(['Thanks!', 'See you']);
    const p = toPayload({ ...builder, ...state } as BuilderState);
    expect(p.extra_fields).toMatchObject({
      popupVersion: '2.1',
      currentLayout: 'LightBoxA',
      title: 'Old title',
      desc: 'Old description',
      submit: 'Send it',
    });
    expect(p.forms.find((b) => b.name === 'Email')!.data).toEqual(email.data);
  });

  it('takes the defaults for what a pre-2.1 campaign lacks, and asks for the link button LightBoxA needs rather than adding one', () => {
    const legacy = detailOf(richCampaign('LightBoxB'), { forms: [], extra_fields: {} });
    const state = fromDetail(legacy, 'hellosuckhoe.id');
    expect(state.forms!.map((b) => [b.name, b.data.placeholder])).toEqual([
      ['Title', 'Sample title'],
      ['Subtitle', 'Sample description'],
    ]);
    // Saved unchanged, it would gain nothing unseen: the DESIGN step says what it needs, and Save is refused.
    const errors = stepErrors({ ...builder, ...state, mode: 'edit' } as BuilderState);
    expect(errors.design).toEqual([['forms.2', 'The LightBoxA layout needs a Link button block.']]);
    expect(state.thankYou!.map((b) => b.data.placeholder)).toEqual(['THANK YOU', 'We appreciate your time!']);
  });

  it("refuses a picture of the pop-up over 500 KB with 'Your image is too large' (blocks' images may be 1 MB)", async () => {
    // Told where every failure is told (the shell shows it as a toast: shell/failures.test.ts).
    const told: FailureNotice[] = [];
    const stop = onFailure((f) => told.push(...f.notices));
    for (const which of ['mobile', 'desktop', 'background', 'overlayDesktop', 'overlayMobile', 'thankYou'] as const) {
      await uploadImage(which, new File([new Uint8Array(600 * 1024)], 'big.png', { type: 'image/png' }));
      expect(builder.images[which], which).toBeNull();
      expect(told.splice(0), which).toEqual([{ tone: 'error', title: 'Your image is too large' }]);
    }
    stop();
  });

  it('sends sponsors only when sponsored content is on and limited to chosen clients; excluding all clears them', () => {
    startCreate(new URLSearchParams({ siteID: '2' }));
    chooseLayout('LightBoxB');
    setSponsored(true);
    setIncludeSponsoredOnlyList(true);
    setSponsorIds([4, 8]);
    expect(toPayload(builder)).toMatchObject({
      is_sponsor: true,
      sponsor_ids: [4, 8],
      extra_fields: { includeSponsoredOnlyList: true },
    });
    setIncludeSponsoredOnlyList(false);
    expect(builder.sponsorIds).toEqual([]);
    expect(toPayload(builder)).toMatchObject({
      is_sponsor: true,
      sponsor_ids: [],
      extra_fields: { includeSponsoredOnlyList: false },
    });
    setIncludeSponsoredOnlyList(true);
    setSponsorIds([4]);
    setSponsored(false);
    expect(toPayload(builder)).toMatchObject({
      is_sponsor: false,
      sponsor_ids: [],
      extra_fields: { includeSponsoredOnlyList: false },
    });
  });

  it('reads a campaign saved without the choice as limited to its sponsors when it has some', () => {
    const saved = richCampaign('LightBoxB');
    const { includeSponsoredOnlyList: _dropped, ...older } = saved.extra_fields;
    expect(fromDetail(detailOf(saved, { extra_fields: older }), 'hellosuckhoe.id').includeSponsoredOnlyList).toBe(true);
    expect(
      fromDetail(detailOf(saved, { extra_fields: older, sponsor_ids: [] }), 'hellosuckhoe.id').includeSponsoredOnlyList,
    ).toBe(false);
  });
});
