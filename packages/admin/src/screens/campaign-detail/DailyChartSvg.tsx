import { vars } from '@lead/styles';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatCount } from '../../lib/format.js';
import { CHART, CHART_HEIGHT, dayAfterKey, dayAt, dayStep } from './chart-geometry.js';
import { dayFigures, dayLabel, niceMax, type DailyPoint } from './daily.js';
import * as st from './detail.css.js';

const { panel: PANEL, gap: GAP, left: LEFT, right: RIGHT, top: TOP } = CHART;
const PANELS = [
  { key: 'impressions', label: 'Impressions', color: vars.color.textMuted, format: (v: number) => formatCount(v) },
  { key: 'leads', label: 'Leads', color: vars.color.primary, format: (v: number) => formatCount(v) },
  { key: 'rate', label: 'Conversion rate', color: vars.color.success, format: (v: number) => `${v.toFixed(2)}%` },
] as const;

/** The width of `ref`'s element, followed as it resizes; `fallback` before it is measured. */
function useWidth(ref: React.RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => el.clientWidth > 0 && setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Three panels on one day axis, the content's full width: impressions and leads as bars, the
 * conversion rate as a line. A day's figures show in a tooltip under the pointer, and from the
 * keyboard: the chart is one tab stop, a slider over the days whose arrow keys (Home, End) choose
 * one, its figures the slider's value in words. The image is read as `labelledBy` (the summary).
 */
export function DailyChartSvg({ points, labelledBy }: { points: readonly DailyPoint[]; labelledBy: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame, CHART.width);
  const [active, setActive] = useState<number | null>(null);
  const height = CHART_HEIGHT;
  const step = dayStep(width, points.length);
  const x = (i: number) => LEFT + i * step;
  const ticks = points.length ? [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])] : [];
  const shown = active !== null && active < points.length ? active : null;
  const tipLeft = shown === null ? 0 : Math.min(Math.max(x(shown) + step / 2, 120), width - 120);
  return (
    <div
      ref={frame}
      className={st.chartFrame}
      // A slider over the days: the arrow keys (Home, End) choose one, its figures are its value's words.
      role="slider"
      aria-label="Day of the daily chart"
      aria-orientation="horizontal"
      aria-valuemin={points.length ? 1 : 0}
      aria-valuemax={points.length}
      aria-valuenow={(shown ?? points.length - 1) + 1}
      aria-valuetext={points.length ? dayFigures(points[shown ?? points.length - 1]!) : 'No days chosen'}
      tabIndex={0}
      onKeyDown={(e) => {
        const next = dayAfterKey(e.key, shown, points.length);
        if (next === null) return;
        e.preventDefault();
        setActive(next);
      }}
      onFocus={(e) => e.target === e.currentTarget && setActive((a) => a ?? (points.length ? points.length - 1 : null))}
      onBlur={() => setActive(null)}
      onPointerMove={(e) =>
        setActive(dayAt(e.clientX - e.currentTarget.getBoundingClientRect().left, width, points.length))
      }
      onPointerLeave={() => document.activeElement !== frame.current && setActive(null)}
    >
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={labelledBy}
        className={st.chart}
      >
        {shown !== null ? (
          <rect
            x={x(shown)}
            width={step}
            y={TOP - 4}
            height={PANELS.length * (PANEL + GAP) - GAP + 8}
            fill={vars.color.selected}
            data-active-day=""
          />
        ) : null}
        {PANELS.map((panel, n) => {
          const top = TOP + n * (PANEL + GAP);
          const max = niceMax(Math.max(0, ...points.map((p) => p[panel.key])));
          const y = (v: number) => top + PANEL - (v / max) * PANEL;
          return (
            <g key={panel.key}>
              <text x={0} y={top - 4} className={st.chartLabel}>
                {panel.label}
              </text>
              <text x={LEFT - 6} y={top + 8} textAnchor="end" className={st.chartTick}>
                {panel.format(max)}
              </text>
              <text x={LEFT - 6} y={top + PANEL} textAnchor="end" className={st.chartTick}>
                0
              </text>
              <line x1={LEFT} x2={width - RIGHT} y1={top} y2={top} stroke={vars.color.border} strokeDasharray="2 3" />
              <line x1={LEFT} x2={width - RIGHT} y1={top + PANEL} y2={top + PANEL} stroke={vars.color.control} />
              {panel.key === 'rate' ? (
                <polyline
                  fill="none"
                  stroke={panel.color}
                  strokeWidth={2}
                  points={points.map((p, i) => `${x(i) + step / 2},${y(p.rate)}`).join(' ')}
                />
              ) : (
                points.map((p, i) => {
                  const v = p[panel.key];
                  return v > 0 ? (
                    <rect
                      key={i}
                      x={x(i) + step * 0.15}
                      width={Math.max(1, step * 0.7)}
                      y={y(v)}
                      height={top + PANEL - y(v)}
                      fill={panel.color}
                    />
                  ) : null;
                })
              )}
            </g>
          );
        })}
        {ticks.map((i) => (
          <text
            key={i}
            x={i === 0 ? LEFT : i === points.length - 1 ? width - RIGHT : x(i) + step / 2}
            y={height - 2}
            textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
            className={st.chartTick}
          >
            {dayLabel(points[i]!.day)}
          </text>
        ))}
      </svg>
      {/* The chosen day's figures beside its column (heard as the slider's value). */}
      <div
        aria-hidden="true"
        data-chart-tip=""
        className={shown === null ? st.chartTipHidden : st.chartTip}
        style={{ left: tipLeft }}
      >
        {shown === null ? '' : dayFigures(points[shown]!)}
      </div>
    </div>
  );
}
