import { useEffect, useState, type RefObject } from 'react';

/** How long the window (or a pane) must stop resizing before the layout is measured again. */
export const RESIZE_DEBOUNCE_MS = 250;

/**
 * The scale (at most 1) at which `content` fits the width of `frame`: measured now and whenever
 * `deps` change, and again RESIZE_DEBOUNCE_MS after the frame stops resizing. `content`'s layout
 * width is read untransformed (offsetWidth), so scaling it does not feed back.
 */
export function useFitScale(frame: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, deps: readonly unknown[]): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const f = frame.current;
    const c = content.current;
    if (!f || !c) return;
    const measure = () => {
      const style = getComputedStyle(f);
      const room = f.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = c.offsetWidth;
      setScale(width > 0 && room > 0 ? Math.min(1, room / width) : 1);
    };
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(f);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, deps); // the caller's deps say when the content changed
  return scale;
}
