import { runtimeMessages } from '@lead/contract';
import {
  drawBlock,
  renderPopup,
  viewBlocks,
  type Drawn,
  type Popup,
  type PopupCampaign,
  type RenderOptions,
} from './render.js';

/*
 * The builder's canvas: the renderer, and a keystroke in a block's field redrawing that block
 * alone, in its place. Kept out of render.ts so that partner pages (popup.js) do not carry it.
 */

const sameEntries = (a: object | undefined, b: object | undefined) => {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a) as Array<keyof typeof a>;
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

/**
 * Whether `c` drawn with `o` differs from what `d` shows in its blocks only: the same layout,
 * style, pictures, device, view, selection and number of blocks, in a preview, where no visitor's
 * state (typed answers, a sent code) lives in the pop-up.
 */
function onlyBlocksDiffer(d: Drawn, c: PopupCampaign, o: RenderOptions): boolean {
  return (
    Boolean(o.preview) &&
    !o.live &&
    !d.o.live &&
    Boolean(d.o.preview) &&
    c.layout === d.c.layout &&
    c.style === d.c.style &&
    c.showThankYou === d.c.showThankYou &&
    sameEntries(c.images, d.c.images) &&
    sameEntries(c.imageLinks, d.c.imageLinks) &&
    o.device === d.o.device &&
    (o.view ?? 'main') === (d.o.view ?? 'main') &&
    o.selected === d.o.selected &&
    o.sketch === d.o.sketch &&
    sameEntries(o.viewport, d.o.viewport) &&
    o.onSubmit === d.o.onSubmit &&
    viewBlocks(c, o).length === viewBlocks(d.c, d.o).length
  );
}

/** Redraws the blocks that changed (by identity), each in its place; the rest stays as it is. */
function patch(d: Drawn, c: PopupCampaign, o: RenderOptions): void {
  const before = viewBlocks(d.c, d.o);
  const m = runtimeMessages(o.live?.lang);
  viewBlocks(c, o).forEach((b, i) => {
    if (b === before[i]) return;
    const node = drawBlock(b, i, d.prefix, o, m);
    const old = d.nodes[i];
    if (old && node) old.replaceWith(node);
    else if (old) old.remove();
    else if (node) {
      // After the nearest block before it that draws something, or first.
      const prev = d.nodes.slice(0, i).findLast((n) => n);
      if (prev) prev.after(node);
      else d.form.prepend(node);
    }
    d.nodes[i] = node;
  });
  d.form.querySelector('.title')?.setAttribute('tabindex', '-1');
  d.c = c;
  d.o = o;
}

/** `renderPopup` for the builder's canvas: an update that changes blocks only redraws those blocks. */
export function renderPreview(host: HTMLElement, campaign: PopupCampaign, options: RenderOptions): Popup {
  let drawn: Drawn | null = null;
  const popup = renderPopup(host, campaign, options, (d) => (drawn = d));
  return {
    update(c, o) {
      if (drawn && onlyBlocksDiffer(drawn, c, o)) patch(drawn, c, o);
      else popup.update(c, o);
    },
    destroy() {
      drawn = null;
      popup.destroy();
    },
  };
}
