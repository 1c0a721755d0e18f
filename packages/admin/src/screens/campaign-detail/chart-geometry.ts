/** The daily chart's drawing (viewBox units), shared with the placeholder that keeps its place while it loads. */
export const CHART = { width: 720, panel: 70, gap: 28, left: 64, right: 8, top: 16, panels: 3 } as const;
export const CHART_HEIGHT = CHART.top + CHART.panels * (CHART.panel + CHART.gap) + 8;
