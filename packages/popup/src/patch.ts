import type { FormBlock } from '@lead/contract';
import type { PopupCampaign, RenderOptions } from './render.js';

/*
 * An update that changes only some blocks (typing in the builder's fields, a keystroke at a time)
 * replaces those blocks' nodes in the drawn form, instead of drawing the whole pop-up again: the
 * stage, the pictures and the other blocks stay, and the browser restyles and lays out only what
 * changed. What it leaves is the DOM a whole draw would make (render.test.ts compares the two).
 */

/** What a whole draw drew: its form, campaign and options, and each of the view's blocks' node (null: not shown). */
export interface Drawn {
  /** The prefix of the ids in it, kept by the blocks drawn again. */
  prefix: string;
  form: HTMLFormElement;
  c: PopupCampaign;
  o: RenderOptions;
  nodes: Array<HTMLElement | null>;
}

const sameRecord = (a: object | undefined, b: object | undefined): boolean => {
  if (a === b) return true;
  const x = Object.entries(a ?? {});
  const y = (b ?? {}) as Record<string, unknown>;
  return x.length === Object.keys(y).length && x.every(([k, v]) => y[k] === v);
};

export const viewBlocks = (c: PopupCampaign, o: RenderOptions): readonly FormBlock[] =>
  (o.view ?? 'main') === 'thankyou' ? (c.thankYou ?? []) : c.forms;

/**
 * The indexes of the blocks to draw again, or null when more than blocks changed (the layout, the
 * device, the view, a picture, the style, the number of blocks, a block shown or hidden) and the
 * pop-up is drawn whole. A live pop-up is always drawn whole: its name and its tab come from its title.
 */
export function changedBlocks(last: Drawn, c: PopupCampaign, o: RenderOptions): number[] | null {
  const p = last.c;
  const q = last.o;
  if (o.live || q.live || o.onSubmit !== q.onSubmit || o.nonce !== q.nonce) return null;
  if (o.device !== q.device || (o.view ?? 'main') !== (q.view ?? 'main') || Boolean(o.preview) !== Boolean(q.preview))
    return null;
  if (!sameRecord(o.viewport, q.viewport)) return null;
  if (c.layout !== p.layout || c.style !== p.style || Boolean(c.showThankYou) !== Boolean(p.showThankYou)) return null;
  if (!sameRecord(c.images, p.images) || !sameRecord(c.imageLinks, p.imageLinks)) return null;
  const now = viewBlocks(c, o);
  const before = viewBlocks(p, q);
  if (now.length !== before.length) return null;
  const changed: number[] = [];
  now.forEach((b, i) => {
    if (b !== before[i] || (o.preview && (i === o.selected) !== (i === q.selected))) changed.push(i);
  });
  return changed;
}

/** In a preview, a block's index (a click on it picks it) and, on the selected one, the outline. */
export function markBlock(node: HTMLElement, i: number, selected: number | undefined): void {
  node.dataset.index = String(i);
  node.style.cursor = 'pointer';
  if (i === selected) {
    node.style.outline = '2px dashed #1d4fc4';
    node.style.outlineOffset = '3px';
  }
}
