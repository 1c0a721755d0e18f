import { DEVICE_TYPE_LABELS, DISPLAY_TYPES, type CampaignListRow } from '@lead/contract';
import type { DataTableColumn } from '@lead/headless/DataTable';
import { Tooltip } from '@lead/headless/Tooltip';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import { formatConversionRate, formatCount, formatDateTime } from '../../lib/format.js';
import { copyCode } from './campaigns.store.js';
import * as st from './campaigns.css.js';
import type { SortBy } from './list-query.js';

/** Which columns sort by what (the server's sort_by names). */
export const SORT_KEYS: Record<string, SortBy> = {
  name: 'name',
  created: 'created_at',
  updated: 'updated_at',
  impressions: 'total_impression',
  leads: 'total_lead',
  rate: 'conversion_rate',
};

export const COLUMN_SETS = {
  Information: ['name', 'code', 'site', 'client', 'status', 'display', 'devices', 'created', 'updated'],
  Report: ['name', 'status', 'impressions', 'leads', 'rate'],
};

export const COLUMNS: DataTableColumn<CampaignListRow>[] = [
  {
    id: 'name',
    header: 'Name',
    isRowHeader: true,
    sortable: true,
    cell: (c) =>
      c.type === 2 ? (
        <span>{c.name}</span>
      ) : (
        <Link href={`/campaign-details/${c.id}`} className={st.nameLink}>
          {c.name}
        </Link>
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
      <span>
        <span aria-hidden="true">{c.site.flag} </span>
        {c.site.name}
      </span>
    ),
  },
  { id: 'client', header: 'Client', cell: (c) => c.client.name },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => (
      <span className={st.status} data-status={c.status}>
        {c.formatted_status}
      </span>
    ),
  },
  { id: 'display', header: 'Type', cell: (c) => DISPLAY_TYPES[c.display_type] },
  { id: 'devices', header: 'Devices', cell: (c) => c.device_types.filter((d) => !d.is_disabled).map((d) => DEVICE_TYPE_LABELS[d.id]).join(', ') },
  { id: 'created', header: 'Created', sortable: true, cell: (c) => formatDateTime(c.created_at) },
  { id: 'updated', header: 'Last update', sortable: true, cell: (c) => formatDateTime(c.updated_at) },
  { id: 'impressions', header: 'Impressions', sortable: true, align: 'end', cell: (c) => formatCount(c.total_impression) },
  { id: 'leads', header: 'Leads', sortable: true, align: 'end', cell: (c) => formatCount(c.total_lead) },
  { id: 'rate', header: 'Conversion rate', sortable: true, align: 'end', cell: (c) => formatConversionRate(c.total_lead, c.total_impression) },
];
