import { describe, expect, it } from 'vitest';
import { validCampaign } from './fixtures.js';
import { campaignSaveErrors } from './rules/campaign.js';
import {
  DEFAULT_POPUP_STYLE,
  BACKDROP,
  BUTTON_RADIUS,
  FONT_FAMILIES,
  FONT_PACKAGES,
  POPUP_FONT_LABELS,
  POPUP_FONTS,
  POPUP_FONT_IDS,
  StyleMessages,
  contrastProblems,
  contrastRatio,
  fontFiles,
  fontStack,
  popupStyleErrors,
  readPopupStyle,
  type PopupStyle,
} from './style.js';

const style = (over: Partial<PopupStyle> = {}): PopupStyle => ({ ...DEFAULT_POPUP_STYLE, ...over });

describe('contrastRatio (WCAG 2.1)', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#ffffff', '#ffffff', 1],
    ['#1d4fc4', '#ffffff', 7.06],
    ['#1c2330', '#ffffff', 15.76],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#ff0000', '#ffffff', 4],
  ])('%s on %s is %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
  });
});

describe('contrastProblems: text and buttons under WCAG AA 4.5:1', () => {
  it.each<[string, Partial<PopupStyle>, Array<'text' | 'button'>]>([
    ['the default style', {}, []],
    ['light grey text on white', { text: '#aaaaaa' }, ['text']],
    ['#777777 text (4.48:1) on white', { text: '#777777' }, ['text']],
    ['#767676 text (4.54:1) on white', { text: '#767676' }, []],
    ['white text on a yellow brand', { brand: '#ffd400' }, ['button']],
    [
      'dark text on dark background, light brand',
      { text: '#222222', background: '#333333', brand: '#ffd400' },
      ['text', 'button'],
    ],
    [
      'an outlined yellow brand on white',
      { brand: '#ffd400', buttonShape: { radius: 6, fill: 'outline' } },
      ['button'],
    ],
    [
      'an outlined yellow brand on black',
      { brand: '#ffd400', background: '#000000', text: '#ffffff', buttonShape: { radius: 6, fill: 'outline' } },
      [],
    ],
  ])('%s', (_name, over, pairs) => {
    expect(contrastProblems(style(over)).map((p) => p.pair)).toEqual(pairs);
  });

  it('says the ratio, rounded down, in its message', () => {
    const [p] = contrastProblems(style({ text: '#777777' }));
    expect(p!.ratio).toBe(4.47);
    expect(p!.message).toBe(
      'The text colour on the background colour is 4.47:1, under the 4.5:1 that WCAG AA asks of text.',
    );
  });
});

describe('popupStyleErrors', () => {
  it.each<[string, unknown, Array<[string, string]>]>([
    ['the default style', DEFAULT_POPUP_STYLE, []],
    ['only its version (every setting takes its default)', { v: 1 }, []],
    ['upper-case hex', { v: 1, brand: '#AABBCC' }, []],
    ['not an object', 'blue', [['', StyleMessages.shape]]],
    ['a list', [], [['', StyleMessages.shape]]],
    ['another version', { v: 2 }, [['v', StyleMessages.version]]],
    ['an unknown setting', { v: 1, shadow: 'big' }, [['shadow', StyleMessages.unknown('shadow')]]],
    ['a colour by name', { v: 1, brand: 'blue' }, [['brand', StyleMessages.colour('brand colour')]]],
    ['a short hex', { v: 1, text: '#fff' }, [['text', StyleMessages.colour('text colour')]]],
    [
      'CSS smuggled in a colour',
      { v: 1, background: '#fff;color:red' },
      [['background', StyleMessages.colour('background colour')]],
    ],
    ['an unknown font', { v: 1, font: 'comic-sans' }, [['font', StyleMessages.font]]],
    ['a radius too large', { v: 1, buttonShape: { radius: 25 } }, [['buttonShape.radius', StyleMessages.radius]]],
    ['a fractional radius', { v: 1, buttonShape: { radius: 2.5 } }, [['buttonShape.radius', StyleMessages.radius]]],
    ['a radius as text', { v: 1, buttonShape: { radius: '6' } }, [['buttonShape.radius', StyleMessages.radius]]],
    ['a fill that is not one', { v: 1, buttonShape: { fill: 'ghost' } }, [['buttonShape.fill', StyleMessages.fill]]],
    ['a button shape not an object', { v: 1, buttonShape: 6 }, [['buttonShape', StyleMessages.radius]]],
    ['a backdrop over 90', { v: 1, backdrop: 91 }, [['backdrop', StyleMessages.backdrop]]],
    ['a negative backdrop', { v: 1, backdrop: -1 }, [['backdrop', StyleMessages.backdrop]]],
    [
      'a close position in the middle',
      { v: 1, closePosition: 'center' },
      [['closePosition', StyleMessages.closePosition]],
    ],
    ['an edge at the side', { v: 1, edge: 'left' }, [['edge', StyleMessages.edge]]],
  ])('%s', (_name, value, errors) => {
    expect(popupStyleErrors(value)).toEqual(errors);
  });
});

describe('readPopupStyle', () => {
  it('fills in the defaults of what was left out and writes colours in lower case', () => {
    expect(readPopupStyle({ v: 1, brand: '#AA0000', buttonShape: { fill: 'outline' } })).toEqual({
      ...DEFAULT_POPUP_STYLE,
      brand: '#aa0000',
      buttonShape: { radius: 6, fill: 'outline' },
    });
  });
  it.each([undefined, null, { v: 2 }, { v: 1, brand: 'red' }])('has no style for %j', (value) => {
    expect(readPopupStyle(value)).toBeNull();
  });
});

describe('the fonts', () => {
  it('each self-hosted font covers Vietnamese or Thai, with the system stack behind it', () => {
    for (const [id, font] of Object.entries(POPUP_FONTS)) {
      const subsets = font.faces.flatMap((f) => f.subsets as readonly string[]);
      if (id !== 'system') expect(subsets.includes('vietnamese') || subsets.includes('thai'), id).toBe(true);
      expect(fontStack(id as keyof typeof POPUP_FONTS).endsWith('sans-serif')).toBe(true);
    }
    expect(fontStack('system')).toBe('system-ui,-apple-system,"Segoe UI",Roboto,sans-serif');
    expect(fontStack('sarabun')).toBe('"Lead Sarabun",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif');
  });
  it('are all named in the message of a font that is not one, and the limits in theirs', () => {
    expect(StyleMessages.font).toBe(`The font must be one of ${POPUP_FONT_IDS.join(', ')}.`);
    expect(StyleMessages.radius).toContain(`from ${BUTTON_RADIUS.min} to ${BUTTON_RADIUS.max}.`);
    expect(StyleMessages.backdrop).toContain(`from ${BACKDROP.min} to ${BACKDROP.max}.`);
  });
  it('each have a label, their families in order, and every family a package', () => {
    expect(Object.keys(POPUP_FONT_LABELS)).toEqual(POPUP_FONT_IDS);
    for (const id of POPUP_FONT_IDS)
      expect(FONT_FAMILIES[id], id).toEqual(POPUP_FONTS[id].faces.map((f: { family: string }) => f.family));
    for (const font of Object.values(POPUP_FONTS))
      for (const face of font.faces) expect(FONT_PACKAGES[face.family], face.family).toMatch(/^@fontsource/);
  });
  it('names each file by subset and weight', () => {
    expect(fontFiles(POPUP_FONTS.sarabun.faces[0]).map((f) => f.name)).toContain('sarabun-thai-700-normal');
    expect(fontFiles(POPUP_FONTS['noto-sans'].faces[1]).map((f) => f.name)).toEqual([
      'noto-sans-thai-thai-wght-normal',
    ]);
  });
});

describe('a save with a style', () => {
  const ctx = { siteHost: 'bacsi-online.vn', mode: 'create' } as const;
  const withStyle = (popupStyle: unknown) =>
    campaignSaveErrors(
      validCampaign(7, { extra_fields: { ...validCampaign(7).extra_fields, popupStyle: popupStyle as PopupStyle } }),
      ctx,
    );

  it('passes with a good style, and without one', () => {
    expect(withStyle(DEFAULT_POPUP_STYLE)).toBeUndefined();
    expect(campaignSaveErrors(validCampaign(7), ctx)).toBeUndefined();
  });
  it('is refused with each bad setting under extra_fields.popupStyle', () => {
    expect(withStyle({ v: 1, brand: 'blue', backdrop: 200 })).toEqual({
      'extra_fields.popupStyle.brand': [StyleMessages.colour('brand colour')],
      'extra_fields.popupStyle.backdrop': [StyleMessages.backdrop],
    });
    expect(withStyle(null)).toEqual({ 'extra_fields.popupStyle': [StyleMessages.shape] });
  });
});
