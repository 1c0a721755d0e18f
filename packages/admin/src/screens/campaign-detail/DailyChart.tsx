import { Button } from '@lead/headless/Button';
import { DataTable } from '@lead/headless/DataTable';
import { DateRangePicker, PRESETS, todayIn } from '@lead/headless/DateRangePicker';
import { useEffect, useMemo } from 'react';
import { ToggleButton } from 'react-aria-components';
import { Temporal } from 'temporal-polyfill';
import { useSnapshot } from 'valtio';
import { formatConversionRate, formatCount, formatDayRange } from '../../lib/format.js';
import { formatMoney } from '../../lib/money.js';
import * as s from '../../shell/shell.css.js';
import { chartSummary, dailySeries, dayLabel, daySpend, seriesTotals } from './daily.js';
import { DailyChartSvg } from './DailyChartSvg.js';
import { daily, loadDaily, showAsTable } from './daily.store.js';
import { downloadDailyXlsx } from './daily-export.js';
import * as st from './detail.css.js';
import { serverConfig } from '../../config.js';

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
  const range = start && end ? formatDayRange(Temporal.PlainDate.from(start), Temporal.PlainDate.from(end)) : '';
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
      {/* The figures under it are the chosen days', named by their range (the header's are all time). */}
      <p className={st.scope} id="daily-range">
        {range}
      </p>
      <dl className={st.rangeTotals} aria-label={`Totals of the chosen days, ${range}`}>
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
          <DailyChartSvg points={points} labelledBy="daily-summary" />
          <figcaption id="daily-summary" className={s.muted}>
            {summary}
          </figcaption>
        </figure>
      )}
    </section>
  );
}
