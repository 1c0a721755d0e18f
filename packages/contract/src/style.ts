/**
 * A campaign's style (`extra_fields.popupStyle`, docs/runtime.md "Style"): its colours, font,
 * button shape, backdrop, Close button side and the Floating bar's edge. Versioned (`v`) so that a
 * later shape can be told apart; a campaign without it looks as every campaign did before it.
 * Plain data and pure functions: the pop-up bundles this file, the server and the builder check with it.
 */

export const POPUP_STYLE_VERSION = 1;

/** The Unicode ranges of the subsets the self-hosted fonts are cut into (Fontsource's). */
export const FONT_SUBSETS = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  vietnamese:
    'U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB',
  thai: 'U+02D7,U+0303,U+0331,U+0E01-0E5B,U+200C-200D,U+25CC',
} as const;
export type FontSubset = keyof typeof FONT_SUBSETS;

/**
 * One family's files: `file` with `{subset}` (and `{weight}` for a static font) filled in is the
 * name served at `/embed/v1/fonts/<name>.woff2`, taken from its npm package's `files/` (FONT_PACKAGES).
 */
export interface FontFaceSpec {
  family: string;
  file: string;
  /** A variable font's range ('100 900'), or the static weights shipped. */
  weights: readonly string[];
  subsets: readonly FontSubset[];
}

/** The system's own sans-serif: what every pop-up used before it had a style, and the default. */
export const SYSTEM_FONT_STACK = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';

/** The fonts a campaign may choose: the system's, or one self-hosted with Vietnamese and Thai glyphs. */
export const POPUP_FONTS = {
  system: { faces: [] },
  'noto-sans': {
    faces: [
      {
        family: 'Lead Noto Sans',
        file: 'noto-sans-{subset}-wght-normal',
        weights: ['100 900'],
        subsets: ['latin', 'latin-ext', 'vietnamese'],
      },
      {
        family: 'Lead Noto Sans Thai',
        file: 'noto-sans-thai-{subset}-wght-normal',
        weights: ['100 900'],
        subsets: ['thai'],
      },
    ],
  },
  'be-vietnam-pro': {
    faces: [
      {
        family: 'Lead Be Vietnam Pro',
        file: 'be-vietnam-pro-{subset}-{weight}-normal',
        weights: ['400', '700'],
        subsets: ['latin', 'latin-ext', 'vietnamese'],
      },
    ],
  },
  sarabun: {
    faces: [
      {
        family: 'Lead Sarabun',
        file: 'sarabun-{subset}-{weight}-normal',
        weights: ['400', '700'],
        subsets: ['latin', 'latin-ext', 'vietnamese', 'thai'],
      },
    ],
  },
} as const satisfies Record<string, { faces: readonly FontFaceSpec[] }>;
export type PopupFont = keyof typeof POPUP_FONTS;
export const POPUP_FONT_IDS = /* @__PURE__ */ Object.keys(POPUP_FONTS) as PopupFont[];

/**
 * Each font's families, in the order the text tries them (POPUP_FONTS' faces' families): what the
 * pop-up itself needs, without the files, which the fonts module (`/embed/v1/fonts.js`) adds.
 */
export const FONT_FAMILIES: Record<PopupFont, readonly string[]> = {
  system: [],
  'noto-sans': ['Lead Noto Sans', 'Lead Noto Sans Thai'],
  'be-vietnam-pro': ['Lead Be Vietnam Pro'],
  sarabun: ['Lead Sarabun'],
};

/** What the builder calls each font. */
export const POPUP_FONT_LABELS: Record<PopupFont, string> = {
  system: 'System font (default)',
  'noto-sans': 'Noto Sans (Latin, Vietnamese, Thai)',
  'be-vietnam-pro': 'Be Vietnam Pro (Latin, Vietnamese)',
  sarabun: 'Sarabun (Thai, Latin, Vietnamese)',
};

/** The npm package (Fontsource, SIL Open Font License) each family's files come from. */
export const FONT_PACKAGES: Record<string, string> = {
  'Lead Noto Sans': '@fontsource-variable/noto-sans',
  'Lead Noto Sans Thai': '@fontsource-variable/noto-sans-thai',
  'Lead Be Vietnam Pro': '@fontsource/be-vietnam-pro',
  'Lead Sarabun': '@fontsource/sarabun',
};

/** Each file of a face: its served name (without `.woff2`), weight and subset. */
export function fontFiles(face: FontFaceSpec): Array<{ name: string; weight: string; subset: FontSubset }> {
  return face.subsets.flatMap((subset) =>
    face.weights.map((weight) => ({
      name: face.file.replace('{subset}', subset).replace('{weight}', weight),
      weight,
      subset,
    })),
  );
}

/** The CSS font-family list of a font: its faces, then the system's stack while they load or lack a glyph. */
export const fontStack = (font: PopupFont): string =>
  [...FONT_FAMILIES[font].map((f) => `"${f}"`), SYSTEM_FONT_STACK].join(',');

export const BUTTON_FILLS = ['filled', 'outline'] as const;
export const CLOSE_POSITIONS = ['left', 'right'] as const;
export const FLOATING_EDGES = ['bottom', 'top'] as const;
export const BUTTON_RADIUS = { min: 0, max: 24 } as const;
/** The backdrop behind a modal layout: its opacity in percent. */
export const BACKDROP = { min: 0, max: 90 } as const;

export interface PopupStyle {
  v: typeof POPUP_STYLE_VERSION;
  /** Buttons, links, the tab and the focus ring: #rrggbb. */
  brand: string;
  text: string;
  background: string;
  font: PopupFont;
  buttonShape: { radius: number; fill: (typeof BUTTON_FILLS)[number] };
  /** Percent, BACKDROP.min–max. */
  backdrop: number;
  closePosition: (typeof CLOSE_POSITIONS)[number];
  /** The Floating layout's edge of the window. */
  edge: (typeof FLOATING_EDGES)[number];
}

/** The style every campaign had before it could choose one: a campaign without a style looks like this. */
export const DEFAULT_POPUP_STYLE: PopupStyle = {
  v: 1,
  brand: '#1d4fc4',
  text: '#1c2330',
  background: '#ffffff',
  font: 'system',
  buttonShape: { radius: 6, fill: 'filled' },
  backdrop: 55,
  closePosition: 'right',
  edge: 'bottom',
};
/** The subtitle's and status line's colour with the default text colour (another text colour is used for them too). */
export const DEFAULT_MUTED_TEXT = '#4a5364';
/** The text on a filled button. */
export const BUTTON_TEXT = '#ffffff';

const HEX = /^#[0-9a-f]{6}$/i;
export const isHexColour = (v: unknown): v is string => typeof v === 'string' && HEX.test(v);

export const StyleMessages = {
  shape: 'The style must be an object with v: 1.',
  version: 'The style version (v) must be 1.',
  unknown: (key: string) => `The style has no setting "${key}".`,
  colour: (label: string) => `The ${label} must be a colour written #rrggbb, e.g. #1d4fc4.`,
  font: 'The font must be one of system, noto-sans, be-vietnam-pro, sarabun.',
  radius: 'The button radius must be a whole number of pixels from 0 to 24.',
  fill: 'The button fill must be filled or outline.',
  backdrop: 'The backdrop strength must be a whole percent from 0 to 90.',
  closePosition: 'The close button position must be left or right.',
  edge: 'The Floating edge must be bottom or top.',
} as const;

const COLOUR_LABELS = { brand: 'brand colour', text: 'text colour', background: 'background colour' } as const;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const wholeIn = (v: unknown, r: { min: number; max: number }) =>
  typeof v === 'number' && Number.isInteger(v) && v >= r.min && v <= r.max;

/**
 * What is wrong with a stored style, as [field under `extra_fields.popupStyle`, message] pairs
 * (none for a good one). Every setting but `v` may be left out: it then takes its default.
 */
export function popupStyleErrors(value: unknown): Array<[string, string]> {
  if (!isObject(value)) return [['', StyleMessages.shape]];
  const out: Array<[string, string]> = [];
  if (value.v !== POPUP_STYLE_VERSION) out.push(['v', StyleMessages.version]);
  for (const key of Object.keys(value))
    if (!(key in DEFAULT_POPUP_STYLE)) out.push([key, StyleMessages.unknown(key.slice(0, 40))]);
  for (const key of ['brand', 'text', 'background'] as const)
    if (key in value && !isHexColour(value[key])) out.push([key, StyleMessages.colour(COLOUR_LABELS[key])]);
  if ('font' in value && !(POPUP_FONT_IDS as unknown[]).includes(value.font)) out.push(['font', StyleMessages.font]);
  if ('buttonShape' in value) {
    const shape = value.buttonShape;
    if (!isObject(shape)) out.push(['buttonShape', StyleMessages.radius]);
    else {
      for (const key of Object.keys(shape))
        if (key !== 'radius' && key !== 'fill')
          out.push([`buttonShape.${key.slice(0, 40)}`, StyleMessages.unknown(`buttonShape.${key.slice(0, 40)}`)]);
      if ('radius' in shape && !wholeIn(shape.radius, BUTTON_RADIUS))
        out.push(['buttonShape.radius', StyleMessages.radius]);
      if ('fill' in shape && !(BUTTON_FILLS as readonly unknown[]).includes(shape.fill))
        out.push(['buttonShape.fill', StyleMessages.fill]);
    }
  }
  if ('backdrop' in value && !wholeIn(value.backdrop, BACKDROP)) out.push(['backdrop', StyleMessages.backdrop]);
  if ('closePosition' in value && !(CLOSE_POSITIONS as readonly unknown[]).includes(value.closePosition))
    out.push(['closePosition', StyleMessages.closePosition]);
  if ('edge' in value && !(FLOATING_EDGES as readonly unknown[]).includes(value.edge))
    out.push(['edge', StyleMessages.edge]);
  return out;
}

/** A stored style with its defaults filled in; null when there is none or it is not a good one (the pop-up then looks as before). */
export function readPopupStyle(value: unknown): PopupStyle | null {
  if (value === undefined || value === null || popupStyleErrors(value).length) return null;
  const v = value as Partial<PopupStyle>;
  return {
    ...DEFAULT_POPUP_STYLE,
    ...v,
    brand: (v.brand ?? DEFAULT_POPUP_STYLE.brand).toLowerCase(),
    text: (v.text ?? DEFAULT_POPUP_STYLE.text).toLowerCase(),
    background: (v.background ?? DEFAULT_POPUP_STYLE.background).toLowerCase(),
    buttonShape: { ...DEFAULT_POPUP_STYLE.buttonShape, ...v.buttonShape },
  };
}

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.1 contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** WCAG AA for body text. */
export const AA_TEXT = 4.5;

export interface ContrastProblem {
  pair: 'text' | 'button';
  ratio: number;
  message: string;
}

/**
 * Where a style's text falls under WCAG AA (4.5:1): the text on the background, and the buttons'
 * text (white on the brand colour when filled, the brand colour on the background when outlined).
 */
export function contrastProblems(style: PopupStyle): ContrastProblem[] {
  const out: ContrastProblem[] = [];
  const round = (n: number) => Math.floor(n * 100) / 100;
  const text = contrastRatio(style.text, style.background);
  if (text < AA_TEXT)
    out.push({
      pair: 'text',
      ratio: round(text),
      message: `The text colour on the background colour is ${round(text)}:1, under the 4.5:1 that WCAG AA asks of text.`,
    });
  const outline = style.buttonShape.fill === 'outline';
  const button = outline ? contrastRatio(style.brand, style.background) : contrastRatio(BUTTON_TEXT, style.brand);
  if (button < AA_TEXT)
    out.push({
      pair: 'button',
      ratio: round(button),
      message: outline
        ? `The brand colour on the background colour (outlined buttons, links) is ${round(button)}:1, under the 4.5:1 that WCAG AA asks of text.`
        : `The buttons' white text on the brand colour is ${round(button)}:1, under the 4.5:1 that WCAG AA asks of text.`,
    });
  return out;
}
