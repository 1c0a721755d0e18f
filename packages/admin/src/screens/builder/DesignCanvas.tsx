import type { FormBlock } from '@lead/contract';
import { renderPreview, type Popup } from '@lead/popup';
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useFitScale } from '../../lib/useFitScale.js';
import * as st from './builder.css.js';
import { pagePath, placeOnPage, scrollToPopup } from './canvasPage.js';
import { currentBlocks, selectBlock } from './design.actions.js';
import { BLOCK_FIELDS_ID } from './BlockEditor.js';
import type { SitePage } from './sitePage.js';
import { builder } from './state.js';

/** Whether the canvas sits beside the side panel (and so fits the window's height too). */
const WIDE = '(min-width: 1024px)';
/** Below the canvas's picture: the frame's padding, the hint under it and a margin. */
const CANVAS_BELOW = 80;
/**
 * Beside the panel, the height the canvas's page may take: what the window has below where the
 * canvas stands before any scroll, so that the canvas and the block's fields are seen at once.
 */
function canvasHeight(figure: HTMLElement | null): number | null {
  const column = figure?.parentElement;
  if (!figure || !column?.parentElement || !window.matchMedia?.(WIDE).matches) return null;
  // The grid is not sticky: its top is where the canvas column starts unscrolled.
  const top = column.parentElement.getBoundingClientRect().top + window.scrollY + figure.offsetTop;
  return window.innerHeight - top - CANVAS_BELOW;
}

/** The campaign site's page where the demo serves one (null until it comes, and where it does not). */
function useSitePage(): SitePage | null {
  const b = useSnapshot(builder);
  const path = pagePath(b.targets);
  const [site, setSite] = useState<SitePage | null>(null);
  useEffect(() => {
    if (!b.siteId) return;
    let current = true;
    // Its code comes with it, after the step shows: the canvas draws the sketch meanwhile.
    void import('./sitePage.js')
      .then(({ sitePage }) => sitePage(b.siteId, path))
      // A chunk that could not be loaded leaves the sketch.
      .then(
        (page) => current && setSite(page),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [b.siteId, path]);
  return b.siteId ? site : null;
}

/**
 * The canvas: the pop-up as a visitor will see it, the same renderer (@lead/popup) the partner sites
 * run, on the campaign site's own page where the demo serves one (sitePage.ts), else on the
 * renderer's sketch of an article, the size of a laptop's or a phone's page. A click on a block
 * selects it (and opens its fields beside the canvas); the selected block is outlined, by the
 * preview only.
 */
export function Preview() {
  const b = useSnapshot(builder);
  const site = useSitePage();
  const canvas = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLElement>(null);
  const popup = useRef<Popup | null>(null);
  // The pop-up's host is the canvas's own (not React's): it moves onto the site's page, into its article.
  const [host] = useState(() => {
    const h = document.createElement('div');
    h.dataset.popupPreview = '';
    return h;
  });
  const blocks = (b.view === 'thankyou' ? b.thankYou : b.forms) as FormBlock[];
  const selected = blocks.findIndex((x) => String(x.id) === b.selectedBlock);
  const inline = b.layout?.startsWith('Inline') ?? false;
  useLayoutEffect(() => {
    if (canvas.current)
      placeOnPage(canvas.current, host, site, { inline, device: b.previewDevice, inlinePosition: b.inlinePosition });
  }, [host, site, inline, b.previewDevice, b.inlinePosition]);
  useEffect(() => {
    if (!b.layout) return;
    const campaign = {
      layout: b.layout,
      forms: b.forms as FormBlock[],
      thankYou: b.thankYou as FormBlock[],
      showThankYou: b.showThankYou === 'show',
      images: { ...b.images },
      imageLinks: { ...b.imageLinks },
      style: b.style,
    };
    const options = { device: b.previewDevice, view: b.view, preview: true, selected, sketch: !site } as const;
    if (popup.current) popup.current.update(campaign, options);
    else popup.current = renderPreview(host, campaign, options);
  }, [
    host,
    site,
    b.layout,
    b.forms,
    b.thankYou,
    b.showThankYou,
    b.previewDevice,
    b.view,
    b.images,
    b.imageLinks,
    b.style,
    selected,
  ]);
  // A page wider (or, beside the panel, taller) than the pane is shown scaled down to fit, re-measured once resizing stops.
  // The site's page is of the device's size whatever the blocks say; the sketch grows with them.
  const { scale, style } = useFitScale(
    frame,
    canvas,
    [site, b.layout, b.previewDevice, b.view, site ? null : b.forms, site ? null : b.thankYou],
    () => canvasHeight(frame.current),
  );
  // An inline pop-up in the site's article: its page scrolled to it.
  useEffect(() => {
    if (canvas.current && site && inline) scrollToPopup(canvas.current, host, site, scale);
  }, [host, site, inline, scale, b.previewDevice, b.inlinePosition, b.layout]);
  // In the canvas a click picks a block: it submits nothing, follows no link, ticks nothing.
  const pick = (e: MouseEvent) => {
    e.preventDefault();
    const hit = e.nativeEvent
      .composedPath()
      .find((n): n is HTMLElement => n instanceof HTMLElement && n.dataset.index !== undefined);
    const block = hit ? currentBlocks()[Number(hit.dataset.index)] : undefined;
    if (!block) return;
    selectBlock(String(block.id));
    // Its fields: beside the canvas, or under it on a narrow window.
    requestAnimationFrame(() => document.getElementById(BLOCK_FIELDS_ID)?.scrollIntoView({ block: 'nearest' }));
  };
  return (
    <figure
      ref={frame}
      className={st.preview}
      aria-label={`Preview on ${b.previewDevice}`}
      data-scale={scale.toFixed(2)}
      data-page={site ? 'site' : 'sketch'}
    >
      {/* The block list is the keyboard's and screen readers' way to the same selection. */}
      <div ref={canvas} data-canvas-page="" style={style} onClickCapture={pick} />
    </figure>
  );
}
