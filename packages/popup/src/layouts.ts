import type { Layout } from '@lead/contract';
import { el } from './dom.js';
import { picture } from './pictures.js';

/**
 * Where each layout goes, how big it is and how it moves in. Every pop-up is drawn in a stage: on a
 * partner page the viewport (a fixed, click-through layer over the page), or for an inline layout
 * its place in the article; in the builder's preview a box the size of the page it is previewed
 * on, with a sketch of an article in it. The layouts are placed against that stage, so the preview
 * shows the placement the page will, and container queries read its width.
 */

/** The page a preview stands for when it is given none: a laptop, and a phone. */
export const PREVIEW_VIEWPORT = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
export const INLINE: readonly Layout[] = ['InlineA', 'InlineB'];
/** The layouts that show first as a small tab, open to the form when it is clicked and fold back when closed. */
export const TABS: readonly Layout[] = ['Tab', 'CenterTab'];
/** The layouts whose picture frames the article, as rails beside it on a wide page. */
export const SKINS: readonly Layout[] = ['SkinA', 'SkinB'];

/** The layouts that sit along an edge of the window, and may be moved to the other one (the style's `edge`). */
export const EDGE_LAYOUTS: readonly Layout[] = ['Floating'];

/** The edge `layout` is placed on, when it is not its own (the bottom, for the Floating bar). */
export const movedEdge = (layout: Layout, edge: 'top' | 'bottom' | undefined): 'top' | undefined =>
  EDGE_LAYOUTS.includes(layout) && edge === 'top' ? 'top' : undefined;

export interface Stage {
  stage: HTMLElement;
  /** Puts the pop-up in its place on the stage (in the sketched article, for an inline layout's preview). */
  place(popup: HTMLElement): void;
}

/** The stage for `layout`: its size in a preview, the sketch of a page in it, a skin's rails. */
export function stageFor(
  layout: Layout,
  device: 'desktop' | 'mobile',
  preview: { width: number; height: number } | undefined,
  frame: string | null | undefined,
  sketch = true,
): Stage {
  const inline = INLINE.includes(layout);
  const stage = el('div', {
    class: 'stage',
    'data-layout': layout,
    'data-device': device,
    'data-preview': preview ? '' : undefined,
  });
  let article: HTMLElement | undefined;
  if (preview && !sketch) {
    // On the caller's page: the viewport's size over it, or an inline layout's place in its article.
    stage.dataset.bare = '';
    if (!inline) {
      stage.style.width = `${preview.width}px`;
      stage.style.height = `${preview.height}px`;
    }
  } else if (preview) {
    // Through the CSSOM, as the pictures: the stage is the page's size, the pop-up placed in it.
    stage.style.width = `${preview.width}px`;
    stage.style.minHeight = `${preview.height}px`;
    if (!inline) stage.style.height = `${preview.height}px`;
    article = el('div', { class: 'page' }, ...Array.from({ length: 8 }, () => el('i')));
    stage.append(article);
  }
  if (SKINS.includes(layout)) {
    const rail = (side: string) =>
      el(
        'div',
        { class: 'rail', 'data-side': side },
        ...[picture(frame, undefined, 'frame')].filter((p) => p !== null),
      );
    stage.append(rail('left'), rail('right'));
    if (layout === 'SkinB') stage.append(rail('top'));
  }
  return {
    stage,
    place(popup) {
      if (inline && article) article.children[1]!.after(popup);
      else stage.append(popup);
    },
  };
}

/**
 * A tab layout on a partner page: the tab (the picture, else the title) that opens the pop-up, with
 * its own Close that dismisses the campaign; the pop-up's Close folds it back to the tab. Focus
 * follows what the visitor asked for: into the form when opened, back to the tab when folded.
 */
export function tabFor(
  popup: HTMLElement,
  tabPicture: string | null | undefined,
  label: string,
  fold: HTMLElement,
  dismiss: HTMLElement,
): HTMLElement {
  const image = picture(tabPicture, undefined, 'tab-picture', label);
  const tab = el(
    'button',
    { type: 'button', class: 'tab', 'aria-expanded': 'false', 'aria-controls': popup.id },
    ...(image ? [image] : [label]),
  );
  const wrap = el('div', { class: 'tabs', 'data-layout': popup.dataset.layout }, tab, dismiss);
  const open = (yes: boolean) => {
    popup.hidden = !yes;
    wrap.hidden = yes;
    tab.setAttribute('aria-expanded', String(yes));
    if (yes) popup.querySelector<HTMLElement>('input:not([type=hidden]),select,button:not(.close)')?.focus();
    else tab.focus();
  };
  popup.hidden = true;
  tab.addEventListener('click', () => open(true));
  fold.addEventListener('click', () => open(false));
  return wrap;
}

/** Where an inline pop-up goes: after the configured paragraph or H2 of the article, or at its end. */
export function inlineAnchor(article: Element, position: string): { node: Element; after: boolean } {
  const list = (selector: string) => [...article.querySelectorAll(selector)];
  const nth = /^(?:h2-)?(\d+)/.exec(position);
  const pick = (items: Element[], n: number | 'last') =>
    n === 'last' ? items[items.length - 1] : items[Math.min(n, items.length) - 1];
  if (position === 'end-of-article') return { node: article, after: false };
  const items = list(position.startsWith('h2-') || position === 'last-h2' ? 'h2' : 'p');
  const node = pick(items, position.startsWith('last') ? 'last' : Number(nth?.[1] ?? 6));
  return node ? { node, after: true } : { node: article, after: false };
}
