import type { CampaignListRow } from '@lead/contract';
import { ColumnSetSwitch, DataTable, Pagination } from '@lead/headless/DataTable';
import { DateRangePicker, todayIn } from '@lead/headless/DateRangePicker';
import { CheckboxMenu, DebouncedSearchField } from '@lead/headless/Filters';
import { useEffect } from 'react';
import { Button } from 'react-aria-components';
import { Temporal } from 'temporal-polyfill';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { formatCount } from '../../lib/format.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { LeadExport } from '../../reports/LeadExport.js';
import { ACTION_LABELS, applyQuery, clearSelection, list, loadSites, openCreate, rowActions, runAction, select, toggleExpanded, toggleSidebar, updateList } from './campaigns.store.js';
import * as st from './campaigns.css.js';
import { CampaignModals } from './CampaignModals.js';
import { COLUMN_SETS, COLUMNS, SORT_KEYS, TOTALS_ROW_ID, totalsRow } from './columns.js';
import { FiltersPanel } from './FiltersPanel.js';
import { SidebarFilter } from './SidebarFilter.js';
import type { View } from './list-query.js';
import { config } from '../../config.js';

const sortColumn = (sortBy: string) => Object.entries(SORT_KEYS).find(([, key]) => key === sortBy)?.[0] ?? 'updated';

export default function CampaignListScreen() {
  const [path] = useLocation();
  const search = useSearch();
  const { state, data, sites, expanded, loading, sidebarOpen, selected } = useSnapshot(list);
  useEffect(() => {
    applyQuery(path, search);
  }, [path, search]);
  useEffect(() => {
    void loadSites();
  }, []);

  const siteOptions = sites.map((x) => ({ id: x.id, label: `${x.flag} ${x.name}` }));
  const clientOptions = [...new Map(sites.filter((x) => !state.siteIds.length || state.siteIds.includes(x.id)).flatMap((x) => x.clients.map((c) => [c.id, c.name] as const))).entries()]
    .map(([id, label]) => ({ id, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const today = todayIn(config.timeZone);
  const models = (data?.models ?? []) as CampaignListRow[];
  const rows = state.view === 'Report' && data?.report_totals && models.length ? [...models, totalsRow(data.report_totals, data.total_items)] : models;

  return (
    <>
      <header className={s.pageHeader}>
        <PageHeading className={s.heading}>Campaign</PageHeading>
        <Button data-button="primary" onPress={openCreate}>
          New Campaign
        </Button>
      </header>
      <div className={st.layout}>
        <SidebarFilter sites={sites as typeof list.sites} state={state} isOpen={sidebarOpen} onToggle={toggleSidebar} onChange={(patch) => updateList(patch)} />
        <div className={st.main}>
          <div className={st.toolbar} role="search" aria-label="Campaigns">
            <DebouncedSearchField label="Search" placeholder="Search by name" value={state.searchBy === 'name' ? state.keyword : ''} onSearch={(keyword) => updateList({ keyword, searchBy: 'name' })} />
            <CheckboxMenu
              label="Site"
              options={siteOptions}
              value={state.siteIds.length ? [...state.siteIds] : siteOptions.map((o) => o.id)}
              onChange={(ids) => updateList({ siteIds: ids.length === siteOptions.length ? [] : ids, clientIds: [] })}
            />
            <CheckboxMenu
              label="Client"
              options={clientOptions}
              value={state.clientIds.length ? [...state.clientIds] : clientOptions.map((o) => o.id)}
              onChange={(ids) => updateList({ clientIds: ids.length === clientOptions.length ? [] : ids })}
            />
            <FiltersPanel state={state as typeof list.state} onApply={(patch) => updateList(patch)} />
            <DateRangePicker
              label="Performance"
              today={today}
              value={state.performanceFrom && state.performanceTo ? { start: Temporal.PlainDate.from(state.performanceFrom), end: Temporal.PlainDate.from(state.performanceTo) } : null}
              onChange={(r) => updateList({ performanceFrom: r?.start.toString() ?? null, performanceTo: r?.end.toString() ?? null })}
            />
            <span className={st.grow} />
            <ColumnSetSwitch aria-label="Columns" sets={['Information', 'Report']} value={state.view} onChange={(view) => updateList({ view: view as View }, { keepPage: true })} />
          </div>
          {data ? (
            <p className={st.totals} aria-live="polite">
              <span>{formatCount(data.total_items)} campaigns</span>
              <span>{formatCount(data.total_impressions)} impressions</span>
              <span>{formatCount(data.total_leads)} leads</span>
            </p>
          ) : null}
          {selected.length ? (
            <div className={st.selectionBar} role="region" aria-label="Selected campaigns">
              <span>{formatCount(selected.length)} selected</span>
              <LeadExport ids={[...selected]} label="Export the leads of the selected campaigns" />
              <Button onPress={clearSelection}>Clear selection</Button>
            </div>
          ) : null}
          <DataTable
            aria-label="Campaigns"
            columns={COLUMNS}
            columnSets={COLUMN_SETS}
            columnSet={state.view}
            rows={rows}
            getRowId={(c) => c.id}
            sort={{ column: sortColumn(state.sortBy), direction: state.sortOrder === 'asc' ? 'ascending' : 'descending' }}
            onSortChange={(sort) => {
              const key = SORT_KEYS[sort.column];
              if (key) updateList({ sortBy: key, sortOrder: sort.direction === 'ascending' ? 'asc' : 'desc' });
            }}
            selectionMode="multiple"
            selectedKeys={selected}
            onSelectionChange={select}
            disabledKeys={[TOTALS_ROW_ID]}
            getChildRows={(c) => c.variants}
            expandedKeys={expanded}
            onExpandedChange={toggleExpanded}
            expandLabel={(c) => `Variants of ${c.name}`}
            rowActions={(c) => (c.id === TOTALS_ROW_ID ? [] : rowActions(c).map((a) => ({ id: a, label: ACTION_LABELS[a] })))}
            rowActionsLabel={(c) => `Actions for ${c.name}`}
            onRowAction={runAction}
            isLoading={!data || (loading && rows.length === 0)}
            emptyState={
              <div className={st.empty}>
                <p>There is no campaign at the moment</p>
                <Button data-button="primary" onPress={openCreate}>
                  Add new campaign
                </Button>
              </div>
            }
          />
          {data && data.total_items > 0 ? (
            <Pagination
              page={state.page}
              pageSize={state.perPage}
              total={data.total_items}
              onPageChange={(page) => updateList({ page })}
              pageSizeOptions={[20, 50, 100, 200]}
              onPageSizeChange={(perPage) => updateList({ perPage })}
              aria-label="Campaign pages"
            />
          ) : null}
        </div>
      </div>
      <p className={st.note}>Campaigns created more than 6 months ago and not updated in the last 3 months are automatically deactivated.</p>
      <CampaignModals />
    </>
  );
}
