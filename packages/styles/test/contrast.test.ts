import { describe, expect, it } from 'vitest';
import { THEME_VALUES } from '../src/palette.js';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

type Colour = keyof (typeof THEME_VALUES)['light']['color'];
const SURFACES: Colour[] = ['background', 'surface', 'surfaceMuted'];
/** Text colours that must reach 4.5:1 on every surface (and on the selected-row colour). */
const TEXT: Colour[] = [
  'text',
  'textMuted',
  'primaryText',
  'accentText',
  'dangerText',
  'warningText',
  'successText',
  'infoText',
];
/** Filled buttons and badges: their text on their fill, 4.5:1. */
const FILLS: Array<[Colour, Colour]> = [
  ['onPrimary', 'primary'],
  ['onDanger', 'danger'],
  ['onSuccess', 'success'],
  ['onPrimary', 'primaryHover'],
  ['onAccent', 'accent'],
  ['onAccent', 'accentHover'],
  ['onWarning', 'warning'],
  ['onInfo', 'info'],
];
/** Every colour token, so that a token added to the contract must be placed in one of the checks above. */
const CHECKED = new Set<string>([
  ...SURFACES,
  ...TEXT,
  ...FILLS.flat(),
  ...['control', 'focus', 'primary', 'border', 'selected', 'overlay'],
]);
/** Non-text: control borders and the focus ring against surfaces, 3:1 (WCAG 1.4.11). */
const NON_TEXT: Colour[] = ['control', 'focus', 'primary'];

describe.each(Object.entries(THEME_VALUES))('the %s theme meets WCAG AA', (_name, theme) => {
  it.each(TEXT)('%s text: 4.5:1 on every surface', (text) => {
    for (const surface of [...SURFACES, 'selected' as Colour]) {
      expect(contrast(theme.color[text], theme.color[surface]), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });
  it.each(FILLS)('%s on %s: 4.5:1', (fg, bg) => {
    expect(contrast(theme.color[fg], theme.color[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(NON_TEXT)('%s: 3:1 against every surface', (colour) => {
    for (const surface of SURFACES)
      expect(contrast(theme.color[colour], theme.color[surface]), `${colour} on ${surface}`).toBeGreaterThanOrEqual(3);
  });
  it.each(Object.keys(theme.status))(
    'the %s status badge: its text on its background, 4.5:1 (and on the surface)',
    (name) => {
      const badge = theme.status[name as keyof typeof theme.status];
      expect(contrast(badge.text, badge.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(badge.text, theme.color.surface)).toBeGreaterThanOrEqual(4.5);
    },
  );
  it('checks every colour token', () => {
    expect(Object.keys(theme.color).filter((c) => !CHECKED.has(c))).toEqual([]);
  });
  it('tooltips (surface on text) read at 4.5:1', () => {
    expect(contrast(theme.color.surface, theme.color.text)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('contrast()', () => {
  it('gives the known ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
