import type { Layout } from '@lead/contract';
import { renderPopup } from '@lead/popup';
import { useEffect, useRef } from 'react';
import samplePicture from './sample-picture.svg?no-inline';
import { sampleForms } from './samples.js';
import * as st from './template.css.js';

/** No motion in a picture: the renderer's entrances (a skin's rails fade in) are switched off in the card's shadow root. */
const STILL = '*,*::before,*::after{animation:none!important;transition:none!important}';
let still: CSSStyleSheet | undefined;
function keepStill(root: ShadowRoot): void {
  if (
    !('adoptedStyleSheets' in root) ||
    typeof CSSStyleSheet === 'undefined' ||
    !('replaceSync' in CSSStyleSheet.prototype)
  )
    return;
  if (!still) {
    still = new CSSStyleSheet();
    still.replaceSync(STILL);
  }
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, still];
}

/**
 * `layout` as the Design step's preview draws it (the same renderer, `@lead/popup`), with the blocks
 * it starts with and a sample picture (the admin's own file: the renderer takes web addresses), on a laptop's 1280×800 page scaled down to the card: where the pop-up sits and
 * how much of the page it takes. Drawn once, when the card mounts; a picture only, so inert and
 * hidden from assistive technology (the card's name, purpose and limits say it in words).
 */
export function LayoutStage({ layout }: { layout: Layout }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const h = host.current;
    if (!h) return;
    const popup = renderPopup(
      h,
      { layout, forms: sampleForms(layout), images: { desktop: new URL(samplePicture, document.baseURI).href } },
      { device: 'desktop', preview: true, viewport: st.STAGE },
    );
    keepStill(h.shadowRoot!);
    h.dataset.drawn = '';
    return () => popup.destroy();
  }, [layout]);
  return (
    <span className={st.stageFrame} aria-hidden="true" inert data-layout-stage={layout}>
      <span ref={host} className={st.stageHost} />
    </span>
  );
}
