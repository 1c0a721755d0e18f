import {
  BREAKDOWN_DIMENSION_LABELS,
  BREAKDOWN_DIMENSIONS,
  type BreakdownDimension,
  type BreakdownSort,
} from '@lead/contract';
import type { BreakdownRow } from '@lead/contract/api';
import { Button } from '@lead/headless/Button';
import { DataTable, type DataTableSort } from '@lead/headless/DataTable';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatCount } from '../../lib/format.js';
import * as s from '../../shell/shell.css.js';
import { breakdown, chooseDimension, exportBreakdown, loadBreakdown, sortBy } from './breakdown.store.js';
import { daily } from './daily.store.js';
import * as st from './detail.css.js';

const rate = (x: number) => `${x.toFixed(2)}%`;

const COLUMNS: ReadonlyArray<{ id: BreakdownSort; header: string; cell: (r: BreakdownRow) => string }> = [
  { id: 'impressions', header: 'Impressions', cell: (r) => formatCount(r.impressions) },
  { id: 'leads', header: 'Leads', cell: (r) => formatCount(r.leads) },
  { id: 'billable_leads', header: 'Billable leads', cell: (r) => formatCount(r.billable_leads) },
  { id: 'conversion_rate', header: 'Conversion', cell: (r) => rate(r.conversion_rate) },
  { id: 'accepted_rate', header: 'Accepted rate', cell: (r) => rate(r.accepted_rate) },
];

/**
 * The campaign's figures by device, article, source, referrer or variant over the daily chart's
 * days (issue #46): a sortable table and its CSV file.
 */
export function Breakdown({ campaign }: { campaign: { id: number; code: string } }) {
  const { by, sort, order, result, loading, failed, exporting } = useSnapshot(breakdown);
  const { start, end } = useSnapshot(daily);
  useEffect(() => {
    if (start && end) void loadBreakdown(campaign.id, start, end);
  }, [campaign.id, start, end, by]);
  const tableSort: DataTableSort = { column: sort, direction: order === 'asc' ? 'ascending' : 'descending' };
  const label = BREAKDOWN_DIMENSION_LABELS[by];
  return (
    <section aria-labelledby="breakdown-title" className={st.section}>
      <div className={st.sectionHeader}>
        <h2 id="breakdown-title">Breakdown</h2>
        <Button
          onPress={() => start && end && void exportBreakdown(campaign.id, campaign.code, start, end)}
          isDisabled={!start || !end || exporting}
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
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
        rows={(result?.by === by ? result.rows : []) as BreakdownRow[]}
        getRowId={(r) => r.value}
        isLoading={loading && !result}
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
