import {
  BREAKDOWN_DIMENSION_LABELS,
  BREAKDOWN_DIMENSIONS,
  BREAKDOWN_OTHER_LABELS,
  type BreakdownDimension,
  type BreakdownSort,
} from '@lead/contract';
import type { BreakdownRow, BreakdownWire } from '@lead/contract/api';
import { Button } from '@lead/headless/Button';
import { DataTable, type DataTableSort } from '@lead/headless/DataTable';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { formatCount } from '../lib/format.js';
import * as s from '../shell/shell.css.js';
import {
  breakdown,
  chooseDimension,
  exportBreakdown,
  loadBreakdown,
  sortBy,
  subjectKey,
  type BreakdownOf,
} from './breakdown.store.js';
import * as st from './reports.css.js';

const rate = (x: number) => `${x.toFixed(2)}%`;

const COLUMNS: ReadonlyArray<{ id: BreakdownSort; header: string; cell: (r: BreakdownRow) => string }> = [
  { id: 'impressions', header: 'Impressions', cell: (r) => formatCount(r.impressions) },
  { id: 'leads', header: 'Leads', cell: (r) => formatCount(r.leads) },
  { id: 'billable_leads', header: 'Billable leads', cell: (r) => formatCount(r.billable_leads) },
  { id: 'conversion_rate', header: 'Conversion', cell: (r) => rate(r.conversion_rate) },
  { id: 'accepted_rate', header: 'Accepted rate', cell: (r) => rate(r.accepted_rate) },
];

/** The other row's id: no value can be it (PostgreSQL's text holds no NUL character). */
const OTHER_ROW = '\u0000other';

/** The rows shown: the answer's, then its other row, "Other articles (19,900)", last whatever the order. */
function tableRows(result: BreakdownWire | null, by: BreakdownDimension): BreakdownRow[] {
  if (result?.by !== by) return [];
  const { other } = result;
  if (!other) return result.rows;
  const { values, ...figures } = other;
  return [
    ...result.rows,
    { ...figures, value: OTHER_ROW, label: `${BREAKDOWN_OTHER_LABELS[by]} (${formatCount(values)})` },
  ];
}

interface Props {
  /** Whose figures: one campaign, or several together. */
  of: BreakdownOf;
  /** The days (`YYYY-MM-DD`; either absent: unbounded); null while they are not known yet (nothing is asked). */
  days: { from?: string; to?: string } | null;
  /** The section's heading ("Breakdown" unless given). */
  title?: ReactNode;
  /** What the table's figures cover, said under the heading. */
  description?: ReactNode;
}

/**
 * Figures by device, article, source, referrer or variant over some days (issue #46): a sortable
 * table of the first rows and the rest as one, and the CSV file of every row. On the detail page
 * (the daily chart's days) and in the campaign list's Report view (the Performance range).
 */
export function Breakdown({ of, days, title = 'Breakdown', description }: Props) {
  const { by, sort, order, result, loading, failed, exporting, subject } = useSnapshot(breakdown);
  const key = subjectKey(of);
  const from = days?.from;
  const to = days?.to;
  const ready = days !== null;
  // `of` is new on every render of its owner: its key says when it changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stable = useMemo(() => of, [key]);
  useEffect(() => {
    if (ready) void loadBreakdown(stable, { from, to });
  }, [stable, ready, from, to, by]);
  const shown = subject === key ? (result as BreakdownWire | null) : null;
  const rows = useMemo(() => tableRows(shown, by), [shown, by]);
  const tableSort: DataTableSort = { column: sort, direction: order === 'asc' ? 'ascending' : 'descending' };
  const label = BREAKDOWN_DIMENSION_LABELS[by];
  return (
    <section aria-labelledby="breakdown-title" className={st.breakdownSection}>
      <div className={st.breakdownHeader}>
        <h2 id="breakdown-title">{title}</h2>
        <Button onPress={() => ready && void exportBreakdown(stable, { from, to })} isDisabled={!ready || exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {description ? <p className={s.muted}>{description}</p> : null}
      <RadioGroup
        label="Break down by"
        orientation="horizontal"
        options={BREAKDOWN_DIMENSIONS.map((d) => ({ value: d, label: BREAKDOWN_DIMENSION_LABELS[d] }))}
        value={by}
        onChange={(d: BreakdownDimension) => chooseDimension(d)}
      />
      {failed ? <p className={s.muted}>The breakdown could not be loaded.</p> : null}
      <DataTable
        aria-label={`Figures by ${label.toLowerCase()}`}
        rows={rows}
        getRowId={(r) => r.value}
        isLoading={loading && !shown}
        sort={tableSort}
        onSortChange={(next) => sortBy(next.column as BreakdownSort, next.direction === 'ascending' ? 'asc' : 'desc')}
        columns={[
          { id: 'value', header: label, cell: (r) => r.label, isRowHeader: true, sortable: true },
          ...COLUMNS.map((c) => ({ ...c, sortable: true, align: 'end' as const })),
        ]}
        emptyState="No figures in these days."
      />
    </section>
  );
}
