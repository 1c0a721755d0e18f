import {
  DEFAULT_MUTED_TEXT,
  DEFAULT_POPUP_STYLE,
  fontStack,
  type Layout,
  type PopupFont,
  type PopupStyle,
} from '@lead/contract';
import type { addFont } from './fonts.js';
import { movedEdge } from './layouts.js';

/*
 * A campaign's style on the pop-up: custom properties on the stage, which the stylesheet reads
 * with today's look as each one's fallback (styles.ts), so a campaign without a style looks as
 * before; set through the CSSOM (`style.setProperty`), which a strict CSP allows as it allows the
 * pictures. Its font is added to the page's fonts (FontFace, fonts.ts) only when chosen, and the
 * browser fetches only the subsets the text needs.
 */

/** The custom properties of a style, as name → value. */
export function styleVars(style: PopupStyle): Record<string, string> {
  return {
    '--lead-brand': style.brand,
    '--lead-text': style.text,
    '--lead-muted': style.text === DEFAULT_POPUP_STYLE.text ? DEFAULT_MUTED_TEXT : style.text,
    '--lead-bg': style.background,
    '--lead-font': fontStack(style.font),
    '--lead-radius': `${style.buttonShape.radius}px`,
    '--lead-backdrop': String(style.backdrop / 100),
  };
}

/** The pop-up's attributes a style adds: Close on the left, outlined buttons, a Floating bar at the top. */
export function styleAttributes(
  layout: Layout,
  style: PopupStyle | null | undefined,
): Record<string, string | undefined> {
  if (!style) return {};
  return {
    'data-styled': '',
    'data-close': style.closePosition === 'left' ? 'left' : undefined,
    'data-fill': style.buttonShape.fill === 'outline' ? 'outline' : undefined,
    'data-edge': movedEdge(layout, style.edge),
  };
}

/**
 * Adds a chosen font to the page: the fonts module (`/embed/v1/fonts.js`, with each subset's file
 * and Unicode range) is imported only then, from the Lead server; a page that refuses it keeps the
 * system font.
 */
function loadFont(doc: Document, font: PopupFont, base: string): void {
  if (font === 'system') return;
  const url = `${base}/embed/v1/fonts.js`;
  import(/* @vite-ignore */ url).then(
    (m: { addFont: typeof addFont }) => m.addFont(doc, font, base),
    () => {},
  );
}

/** Puts a style on a drawn pop-up's stage: its custom properties, and its font on the page. */
export function applyStyle(stage: HTMLElement, style: PopupStyle | null | undefined, base: string): void {
  if (!style) return;
  for (const [name, value] of Object.entries(styleVars(style))) stage.style.setProperty(name, value);
  loadFont(stage.ownerDocument, style.font, base);
}
