import { DEFAULT_POPUP_STYLE, isHexColour, type PopupStyle } from '@lead/contract';
import { builder, touch } from './state.js';

/* The DESIGN step's Style panel: the campaign's colours, font, buttons, backdrop, Close and Floating edge. */

export type ColourKey = 'brand' | 'text' | 'background';

/** The style the builder shows: the campaign's, or the default (today's look) while it has none. */
export const shownStyle = (style: PopupStyle | null | undefined): PopupStyle => style ?? DEFAULT_POPUP_STYLE;

/** A colour as staff may type it (#rgb or #rrggbb, any case, spaces around), as stored (#rrggbb, lower case); null when it is none. */
export function hexOf(text: string): string | null {
  const t = text.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(t);
  const full = short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : t;
  return isHexColour(full) ? full : null;
}

/** Changes some settings: a campaign without a style gets one, the default with these changes. */
export function setStyle(patch: Partial<Omit<PopupStyle, 'v' | 'buttonShape'>>): void {
  builder.style = { ...shownStyle(builder.style), ...patch };
  touch();
}
export function setButtonShape(patch: Partial<PopupStyle['buttonShape']>): void {
  const style = shownStyle(builder.style);
  builder.style = { ...style, buttonShape: { ...style.buttonShape, ...patch } };
  touch();
}
/** A colour typed: kept when it is one (returns whether it was). */
export function setColour(key: ColourKey, text: string): boolean {
  const hex = hexOf(text);
  if (hex) setStyle({ [key]: hex });
  return hex !== null;
}
/** Back to no style: the pop-up looks as every campaign without one, and none is saved. */
export function resetStyle(): void {
  builder.style = null;
  touch();
}
