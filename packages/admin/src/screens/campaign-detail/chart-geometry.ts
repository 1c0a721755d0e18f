/**
 * The daily chart's drawing, in pixels: its width is the content's (measured), its height fixed;
 * shared with the placeholder that keeps its place while it loads.
 */
export const CHART = { width: 720, panel: 70, gap: 28, left: 64, right: 8, top: 16, panels: 3 } as const;
export const CHART_HEIGHT = CHART.top + CHART.panels * (CHART.panel + CHART.gap) + 8;

/** The width of one day's column when `count` days share a chart `width` wide. */
export const dayStep = (width: number, count: number): number =>
  (width - CHART.left - CHART.right) / Math.max(1, count);

/** The day under a point `x` pixels from the chart's left edge; null left or right of the days. */
export function dayAt(x: number, width: number, count: number): number | null {
  if (count === 0) return null;
  const i = Math.floor((x - CHART.left) / dayStep(width, count));
  return i >= 0 && i < count ? i : null;
}

/** Where a key moves the chosen day among `count` (ArrowLeft/Right a day, Home/End the ends); null for another key. */
export function dayAfterKey(key: string, current: number | null, count: number): number | null {
  if (count === 0) return null;
  const at = current ?? count - 1;
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, at - 1);
    case 'ArrowRight':
      return Math.min(count - 1, at + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
