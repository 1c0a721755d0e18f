import { useEffect, useState, type CSSProperties, type RefObject } from 'react';

/** How long the window (or a pane) must stop resizing before the layout is measured again. */
export const RESIZE_DEBOUNCE_MS = 250;

/** The scale at which content fits its frame, and the content's style that shows it so. */
export interface Fit {
  /** At most 1. */
  scale: number;
  /** For the content: scaled from its top left corner, its margins taking back the room it no longer needs. */
  style: CSSProperties | undefined;
}

/**
 * The scale (at most 1) at which `content` fits the width of `frame` (and, when `maxHeight` gives
 * a number, that height too): measured now and whenever
 * `deps` change, and again RESIZE_DEBOUNCE_MS after the frame stops resizing. `content`'s layout
 * size is read untransformed (offsetWidth, offsetHeight), so scaling it does not feed back.
 *
 * A transform leaves the layout box at its full size: scaled about its centre, a box wider than
 * its frame stays pinned to the frame's start and its picture runs past the frame's end. So the
 * content is scaled from its top left corner, and negative end margins shrink the box it takes
 * in the layout to the scaled size: the frame centres what it shows, and nothing overflows.
 */
export function useFitScale(
  frame: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  deps: readonly unknown[],
  maxHeight?: () => number | null,
): Fit {
  const [fit, setFit] = useState({ scale: 1, width: 0, height: 0 });
  useEffect(() => {
    const f = frame.current;
    const c = content.current;
    if (!f || !c) return;
    const measure = () => {
      const style = getComputedStyle(f);
      const room = f.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = c.offsetWidth;
      const tall = maxHeight?.() ?? null;
      const scale = Math.min(
        width > 0 && room > 0 ? room / width : 1,
        tall !== null && tall > 0 && c.offsetHeight > 0 ? tall / c.offsetHeight : 1,
        1,
      );
      setFit((old) =>
        old.scale === scale && old.width === width && old.height === c.offsetHeight
          ? old
          : { scale, width, height: c.offsetHeight },
      );
    };
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(f);
    const resized = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    };
    // A window that only gets taller or shorter resizes no frame.
    if (maxHeight) window.addEventListener('resize', resized);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      window.removeEventListener('resize', resized);
    };
  }, deps); // the caller's deps say when the content changed
  const { scale, width, height } = fit;
  return {
    scale,
    style:
      scale < 1
        ? {
            transform: `scale(${scale})`,
            transformOrigin: 'top left',
            marginInlineEnd: `${-width * (1 - scale)}px`,
            marginBlockEnd: `${-height * (1 - scale)}px`,
          }
        : undefined,
  };
}
