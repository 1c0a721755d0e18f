import { BLOCK_LABELS, type Layout } from '@lead/contract';
import { DESKTOP_ONLY, RECOMMENDED_IMAGE_SIZE, isThankYouLayout, paletteFor } from './samples.js';

/*
 * What the Template step says of each layout before it is chosen: what the layout is for (one
 * line), and what it will not do, read from the same rules the later steps apply (the devices it
 * is shown on, the blocks its palette offers, a thank-you view or none, the trigger of an inline
 * layout, the picture's recommended size), so that no limit is first met at the Design step.
 */

/** What each layout is for, in one line (docs/layouts.md says more). */
export const LAYOUT_PURPOSES: Record<Layout, string> = {
  Floating: 'A slim bar along the bottom, for a standing offer that leaves the article readable.',
  Tab: 'A small tab at the right edge that opens the form when clicked: the quietest layout.',
  SkinA: 'The picture framing the article as a site skin, the form in a card in its right rail.',
  SkinB: 'The frame of Skin A with the form across its top.',
  CenterTab: 'The Tab, centred on the bottom edge.',
  LightBoxA: 'An image-led card with one link, to send readers to a page.',
  LightBoxB: 'The classic form, in a card centred over the page.',
  InlineA: 'A form inside the article, the picture beside it.',
  InlineB: 'A form inside the article, the picture above it.',
  Fullscreen: 'A cover over the whole window: the strongest interruption.',
  Sidebar: 'A full-height panel at the right side, for a longer form.',
  Slider: 'A card that rises into the bottom right corner: a friendly nudge.',
};

/** The blocks a layout takes, when its palette offers fewer than all. */
function blocksLimit(layout: Layout): string | null {
  const palette = paletteFor(layout);
  if (palette === paletteFor(null)) return null;
  const offered = palette.map((b) => BLOCK_LABELS[b].toLowerCase()).join(', ');
  return `a picture and a ${offered} only, no form fields`;
}

/**
 * The layout's limits, each a short phrase, in the order staff weigh them: the blocks it takes,
 * the devices, the thank-you view, the trigger, the picture's size.
 */
export function layoutLimits(layout: Layout): string[] {
  const size = RECOMMENDED_IMAGE_SIZE[layout];
  return [
    blocksLimit(layout),
    DESKTOP_ONLY.includes(layout) ? 'Desktop only' : 'Desktop and Mobile',
    isThankYouLayout(layout) ? 'a thank-you view' : 'no thank-you view',
    layout.startsWith('Inline') ? 'shown On Scroll, no trigger choice' : null,
    size ? `picture ${size.replace('x', '×')}` : null,
  ].filter((l): l is string => l !== null);
}

/** The limits in one sentence, as the card says them. */
export const limitsText = (layout: Layout): string => {
  const [first = '', ...rest] = layoutLimits(layout);
  return `${[first.charAt(0).toUpperCase() + first.slice(1), ...rest].join('; ')}.`;
};
