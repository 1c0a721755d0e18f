import {
  billableLeads,
  type CampaignListRow,
  CampaignType,
  DEVICE_TYPE_LABELS,
  DeviceType,
  DISPLAY_TYPES,
  REPORT_FIGURES,
  type ReportFigure,
  spendOf,
} from '@lead/contract';
import { Button } from '@lead/headless/Button';
import type { CellPart, DataTableColumn, RowPart } from '@lead/headless/DataTable';
import { Tooltip } from '@lead/headless/Tooltip';
import { Link } from 'wouter';
import { Flag } from '../../components/Flag.js';
import { Icon } from '../../shell/icons.js';
import { StatusBadge } from '../../components/StatusBadge.js';
import { formatConversionRate, formatCount, formatDateTime, formatShortDate, wireToIso } from '../../lib/format.js';
import { formatGoalProgress, formatMoney } from '../../lib/money.js';
import { copyCode } from './modal.actions.js';
import * as st from './campaigns.css.js';
import type { SortBy } from './list-query.js';

/** Which columns sort by what (the server's sort_by names); a report figure's column is named by its figure. */
export const SORT_KEYS: Record<string, SortBy> = {
  name: 'name',
  created: 'created_at',
  updated: 'updated_at',
  rate: 'conversion_rate',
  ...Object.fromEntries(REPORT_FIGURES.map((x) => [x.key, x.key])),
};

/** One column per report figure, headed as the contract labels it. */
const FIGURE_COLUMNS = REPORT_FIGURES.map((x): DataTableColumn<CampaignListRow> => ({
  id: x.key,
  header: x.label,
  sortable: true,
  align: 'end',
  cell: (c) => formatCount(c[x.key]),
}));
const RATE_COLUMN: DataTableColumn<CampaignListRow> = {
  id: 'rate',
  header: 'Conversion rate',
  sortable: true,
  align: 'end',
  cell: (c) => formatConversionRate(c.total_lead, c.total_impression),
};
/**
 * Progress to the leads goal ('312 of 500') and spend (billable leads × price per lead, in the
 * client's currency), from the figures the row shows (all time, or the performance range). The
 * totals row has neither: its campaigns' goals and currencies differ.
 */
const rowBillable = (c: CampaignListRow) => billableLeads(c.total_lead, c.total_duplicate, c.total_credited);
const GOAL_COLUMN: DataTableColumn<CampaignListRow> = {
  id: 'goal',
  header: 'Leads goal',
  align: 'end',
  cell: (c) => (isTotals(c) ? null : <GoalProgress billable={rowBillable(c)} goal={c.lead_goal} name={c.name} />),
};
const SPEND_COLUMN: DataTableColumn<CampaignListRow> = {
  id: 'spend',
  header: 'Spend',
  align: 'end',
  cell: (c) => (isTotals(c) ? null : formatMoney(spendOf(rowBillable(c), c.price), c.currency)),
};
/**
 * Billable leads against the goal: the words ('312 of 500') and a bar of the share reached, which
 * is the cell's progressbar for screen readers (named by the campaign, valued by the same words).
 * A campaign with no goal shows its leads alone, and no bar.
 */
export function GoalProgress({ billable, goal, name }: { billable: number; goal: number | null; name: string }) {
  const words = formatGoalProgress(billable, goal);
  if (!goal) return <span className={st.goal}>{words}</span>;
  const share = Math.min(1, billable / goal);
  return (
    <span className={st.goal}>
      <span
        className={st.goalBar}
        role="progressbar"
        aria-label={`Leads goal of ${name}`}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(billable, goal)}
        aria-valuetext={`${words} leads`}
        data-reached={share >= 1 || undefined}
      >
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      <span aria-hidden="true">{words}</span>
    </span>
  );
}
/**
 * Impressions and leads, their conversion rate, the goal and spend, then the other figures; on a
 * phone's cards each figure is labelled by its header (data-label).
 */
const REPORT_COLUMNS = [
  ...FIGURE_COLUMNS.slice(0, 2),
  RATE_COLUMN,
  GOAL_COLUMN,
  SPEND_COLUMN,
  ...FIGURE_COLUMNS.slice(2),
].map((column): DataTableColumn<CampaignListRow> => ({
  ...column,
  cellProps: () => ({ 'data-label': column.header }) as CellPart,
}));

export const COLUMN_SETS = {
  Information: ['name', 'code', 'site', 'client', 'status', 'display', 'devices', 'created', 'updated'],
  // Every report figure over the performance range.
  Report: ['name', 'status', ...REPORT_COLUMNS.map((c) => c.id)],
};

/**
 * The Report view's last row: every figure summed over all matching campaigns (not only this
 * page), shaped as a list row so that it sits in the same columns. Its id is never a campaign's.
 */
export const TOTALS_ROW_ID = -1;
export function totalsRow(totals: Record<ReportFigure, number>, campaigns: number): CampaignListRow {
  return {
    id: TOTALS_ROW_ID,
    name: `Total of ${formatCount(campaigns)} campaigns`,
    ...totals,
    conversion_rate: 0,
  } as CampaignListRow;
}
const isTotals = (c: CampaignListRow) => c.id === TOTALS_ROW_ID;
/** The totals row is marked (`data-totals`): it reads as the sum under the campaigns (table.css.ts). */
export const rowProps = (c: CampaignListRow): RowPart => (isTotals(c) ? ({ 'data-totals': '' } as RowPart) : {});

/** A compact date ('21 Nov 2026'), the full one ('21 Nov, 2026 09:05') on hover. */
function ShortDate({ value }: { value: string | null | undefined }) {
  return (
    <time dateTime={wireToIso(value) ?? undefined} title={formatDateTime(value)} className={st.oneLine}>
      {formatShortDate(value)}
    </time>
  );
}

export const COLUMNS: DataTableColumn<CampaignListRow>[] = [
  {
    id: 'name',
    header: 'Name',
    isRowHeader: true,
    sortable: true,
    // One line: a long name ends in an ellipsis; the whole name shows on hover (title) and when
    // its link has keyboard focus (the link widens over its neighbours), and is its accessible name.
    cell: (c) => (
      <span className={st.nameCell}>
        {isTotals(c) ? (
          <strong className={st.nameText}>{c.name}</strong>
        ) : c.type === CampaignType.Variant ? (
          <span className={st.nameText} title={c.name}>
            {c.name}
          </span>
        ) : (
          <Link href={`/campaign-details/${c.id}`} className={st.nameLink} title={c.name}>
            {c.name}
          </Link>
        )}
      </span>
    ),
  },
  {
    id: 'code',
    header: 'Code',
    cell: (c) => (
      <Tooltip content="Copy the campaign code">
        <Button onPress={() => void copyCode(c.code)} aria-label={`Copy code ${c.code}`} className={st.code}>
          {c.code}
        </Button>
      </Tooltip>
    ),
  },
  {
    id: 'site',
    header: 'Site',
    cell: (c) => (
      <span className={st.oneLine} title={c.site.name}>
        <Flag country={c.site.nation} /> {c.site.name}
      </span>
    ),
  },
  {
    id: 'client',
    header: 'Client',
    cell: (c) => (
      <span className={st.oneLine} title={c.client.name}>
        {c.client.name}
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => (isTotals(c) ? null : <StatusBadge status={c.status} isSchedule={c.is_schedule} />),
  },
  { id: 'display', header: 'Type', cell: (c) => DISPLAY_TYPES[c.display_type] },
  {
    id: 'devices',
    header: 'Devices',
    // Icons, named by their words ('Mobile, Desktop') for screen readers and on hover.
    cell: (c) => {
      const shown = c.device_types.filter((d) => !d.is_disabled);
      const words = shown.map((d) => DEVICE_TYPE_LABELS[d.id]).join(', ');
      return (
        <span className={st.devices} role="img" aria-label={words} title={words}>
          {shown.map((d) => (
            <Icon key={d.id} name={d.id === DeviceType.Mobile ? 'mobile' : 'desktop'} width={16} height={16} />
          ))}
        </span>
      );
    },
  },
  { id: 'created', header: 'Created', sortable: true, cell: (c) => <ShortDate value={c.created_at} /> },
  { id: 'updated', header: 'Last update', sortable: true, cell: (c) => <ShortDate value={c.updated_at} /> },
  ...REPORT_COLUMNS,
];
