import { Button } from '@lead/headless/Button';
import { DataTable } from '@lead/headless/DataTable';
import { DateRangePicker, PRESETS, todayIn } from '@lead/headless/DateRangePicker';
import { vars } from '@lead/styles';
import { useEffect, useMemo } from 'react';
import { ToggleButton } from 'react-aria-components';
import { Temporal } from 'temporal-polyfill';
import { useSnapshot } from 'valtio';
import { formatConversionRate, formatCount } from '../../lib/format.js';
import { formatMoney } from '../../lib/money.js';
import * as s from '../../shell/shell.css.js';
import { chartSummary, dailySeries, dayLabel, daySpend, niceMax, seriesTotals, type DailyPoint } from './daily.js';
import { daily, loadDaily, showAsTable } from './daily.store.js';
import { downloadDailyXlsx } from './daily-export.js';
import * as st from './detail.css.js';
import { serverConfig } from '../../config.js';
import { CHART, CHART_HEIGHT } from './chart-geometry.js';

const DEFAULT_PRESET = PRESETS.find((p) => p.key === 'last30Days')!;

/**
 * Daily impressions, leads and conversion rate over a chosen range (issue #12): an SVG image whose
 * words are the visible summary under it, or, with "Show as table", the same figures in a table.
 */
export function DailyChart({
  campaignId,
  name,
  price,
  currency,
}: {
  campaignId: number;
  name: string;
  price: number;
  currency: string;
}) {
  const { start, end, figures, loading, failed, asTable } = useSnapshot(daily);
  const today = todayIn(serverConfig.timeZone);
  useEffect(() => {
    const range = DEFAULT_PRESET.range(todayIn(serverConfig.timeZone));
    void loadDaily(campaignId, range.start.toString(), range.end.toString());
  }, [campaignId]);
  const points = useMemo(
    () => (start && end ? dailySeries(figures, Temporal.PlainDate.from(start), Temporal.PlainDate.from(end)) : []),
    [figures, start, end],
  );
  const totals = seriesTotals(points);
  const summary = `${chartSummary(points)} Spend ${formatMoney(daySpend(totals, price), currency)} on ${formatCount(totals.billable)} billable leads.`;

  return (
    <section aria-labelledby="daily-title" className={st.section}>
      <div className={st.sectionHeader}>
        <h2 id="daily-title">Daily figures</h2>
        <div className={st.chartControls}>
          <DateRangePicker
            label="Days"
            today={today}
            value={start && end ? { start: Temporal.PlainDate.from(start), end: Temporal.PlainDate.from(end) } : null}
            onChange={(r) => {
              const range = r ?? DEFAULT_PRESET.range(today);
              void loadDaily(campaignId, range.start.toString(), range.end.toString());
            }}
          />
          <ToggleButton isSelected={asTable} onChange={showAsTable} className={st.toggle} data-button="">
            Show as table
          </ToggleButton>
          <Button onPress={() => void downloadDailyXlsx(name, points, price, currency)} isDisabled={!points.length}>
            Download daily figures (XLSX)
          </Button>
        </div>
      </div>
      <dl className={st.rangeTotals} aria-label="Totals of the chosen days">
        <div>
          <dt>Impressions</dt>
          <dd>{formatCount(totals.impressions)}</dd>
        </div>
        <div>
          <dt>Leads</dt>
          <dd>{formatCount(totals.leads)}</dd>
        </div>
        <div>
          <dt>Conversion rate</dt>
          <dd>{formatConversionRate(totals.leads, totals.impressions)}</dd>
        </div>
        <div>
          <dt>Billable leads</dt>
          <dd>{formatCount(totals.billable)}</dd>
        </div>
        <div>
          <dt>Spend</dt>
          <dd>{formatMoney(daySpend(totals, price), currency)}</dd>
        </div>
      </dl>
      {failed ? (
        <p className={s.muted}>The daily figures could not be loaded.</p>
      ) : asTable ? (
        <DataTable
          aria-label="Daily figures"
          rows={points}
          getRowId={(p) => p.day.toString()}
          columns={[
            { id: 'day', header: 'Day', isRowHeader: true, cell: (p) => dayLabel(p.day) },
            { id: 'impressions', header: 'Impressions', align: 'end', cell: (p) => formatCount(p.impressions) },
            { id: 'leads', header: 'Leads', align: 'end', cell: (p) => formatCount(p.leads) },
            {
              id: 'rate',
              header: 'Conversion rate',
              align: 'end',
              cell: (p) => formatConversionRate(p.leads, p.impressions),
            },
            { id: 'duplicates', header: 'Duplicates', align: 'end', cell: (p) => formatCount(p.duplicates) },
            { id: 'billable', header: 'Billable leads', align: 'end', cell: (p) => formatCount(p.billable) },
            { id: 'spend', header: 'Spend', align: 'end', cell: (p) => formatMoney(daySpend(p, price), currency) },
          ]}
          isLoading={loading}
          emptyState="No days chosen."
        />
      ) : (
        <figure className={st.figure} aria-busy={loading || undefined}>
          <Chart points={points} labelledBy="daily-summary" />
          <figcaption id="daily-summary" className={s.muted}>
            {summary}
          </figcaption>
        </figure>
      )}
    </section>
  );
}

const { width: WIDTH, panel: PANEL, gap: GAP, left: LEFT, right: RIGHT, top: TOP } = CHART;
const PANELS = [
  { key: 'impressions', label: 'Impressions', color: vars.color.textMuted, format: (v: number) => formatCount(v) },
  { key: 'leads', label: 'Leads', color: vars.color.primary, format: (v: number) => formatCount(v) },
  { key: 'rate', label: 'Conversion rate', color: vars.color.success, format: (v: number) => `${v.toFixed(2)}%` },
] as const;

/** Three panels on one day axis: impressions and leads as bars, the conversion rate as a line. */
function Chart({ points, labelledBy }: { points: readonly DailyPoint[]; labelledBy: string }) {
  const height = CHART_HEIGHT;
  const inner = WIDTH - LEFT - RIGHT;
  const step = points.length ? inner / points.length : inner;
  const x = (i: number) => LEFT + i * step;
  const ticks = points.length ? [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])] : [];
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={labelledBy} className={st.chart}>
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
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={top} y2={top} stroke={vars.color.border} strokeDasharray="2 3" />
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={top + PANEL} y2={top + PANEL} stroke={vars.color.control} />
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
          x={i === 0 ? LEFT : i === points.length - 1 ? WIDTH - RIGHT : x(i) + step / 2}
          y={height - 2}
          textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
          className={st.chartTick}
        >
          {dayLabel(points[i]!.day)}
        </text>
      ))}
    </svg>
  );
}
