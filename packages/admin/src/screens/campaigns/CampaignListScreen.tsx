import type { CampaignListRow } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { ColumnSetSwitch, DataTable, Pagination } from '@lead/headless/DataTable';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { formatCount } from '../../lib/format.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { useIdleAfter } from '../../lib/idle.js';
import { SaveWarningNotice } from '../../publish/PublishStatus.js';
import {
  ACTION_LABELS,
  applyQuery,
  clearFilters,
  list,
  loadSites,
  rowActions,
  select,
  toggleExpanded,
  toggleSidebar,
  updateList,
} from './campaigns.store.js';
import { openCreate, runAction } from './modal.actions.js';
import * as st from './campaigns.css.js';
import * as tt from './table.css.js';
import { revealSortedColumn } from './reveal-sorted.js';
import { COLUMN_SETS, COLUMNS, rowProps, SORT_KEYS, TOTALS_ROW_ID, totalsRow } from './columns.js';
import { loadFiltersDialog } from './FiltersPanel.js';
import { hasFilters } from './list-filters.js';
import type { View } from './list-query.js';
import { ListChips } from './ListChips.js';
import { ListToolbar } from './ListToolbar.js';
import { SelectionBar } from './SelectionBar.js';
import { SidebarFilter } from './SidebarFilter.js';

// Memoised with the module-level handlers below: an answer re-renders the table, not these.
const MemoSidebarFilter = memo(SidebarFilter);
const MemoPagination = memo(Pagination);

/*
 * What the first rows do not need loads after them. When the browser is idle (useIdleAfter): the
 * Performance picker, shown in a place of its final size (calendar and temporal-polyfill), and
 * the Filters dialog's code (which shares them). With the Report view: its Breakdown. When the pointer or focus reaches New Campaign
 * or the table (whose row menus open them): the dialogs (New Campaign, A/B Testing, the
 * confirmations); fetching them when idle too would take the route past 250 KB. On first need:
 * the lead export (when a row is selected: SelectionBar.tsx).
 */
const loadModals = () => import('./CampaignModals.js');
const prefetchModals = () => void loadModals();
const CampaignModals = lazy(() => loadModals().then((m) => ({ default: m.CampaignModals })));
/** The Report view's Breakdown, loaded with the view (the Information view never needs it). */
const ReportBreakdown = lazy(() => import('./ReportBreakdown.js'));

// Stable functions: the table keeps its rendered rows while they are the same ones.
const rowId = (c: CampaignListRow) => c.id;
const childRows = (c: CampaignListRow) => c.variants;
const expandLabel = (c: CampaignListRow) => `Variants of ${c.name}`;
const rowActionItems = (c: CampaignListRow) =>
  c.id === TOTALS_ROW_ID ? [] : rowActions(c).map((a) => ({ id: a, label: ACTION_LABELS[a] }));
const rowActionsLabel = (c: CampaignListRow) => `Actions for ${c.name}`;
const NOT_SELECTABLE = [TOTALS_ROW_ID];
const patchList = (patch: Parameters<typeof updateList>[0]) => updateList(patch);
const toPage = (page: number) => updateList({ page });
const toPageSize = (perPage: number) => updateList({ perPage });
const PAGE_SIZES = [20, 50, 100, 200];
const VIEWS = ['Information', 'Report'];
const setView = (view: string) => updateList({ view: view as View }, { keepPage: true });

/** No campaign at all (the spec's words), or none that the filters match. */
const NO_CAMPAIGN = (
  <div className={st.empty}>
    <p className={st.emptyTitle}>There is no campaign at the moment</p>
    <Button variant="primary" onPress={openCreate}>
      Add new campaign
    </Button>
  </div>
);
const NO_MATCH = (
  <div className={st.empty}>
    <p className={st.emptyTitle}>No campaign matches these filters</p>
    <Button onPress={clearFilters}>Clear filters</Button>
  </div>
);

const sortColumn = (sortBy: string) => Object.entries(SORT_KEYS).find(([, key]) => key === sortBy)?.[0] ?? 'updated';

export default function CampaignListScreen() {
  const [path] = useLocation();
  const search = useSearch();
  const { state, data, sites, expanded, loading, sidebarOpen, selected, modal } = useSnapshot(list);
  const filtered = hasFilters(state as typeof list.state);
  const idle = useIdleAfter(data !== null);
  useEffect(() => {
    if (idle) void loadFiltersDialog();
  }, [idle]);
  useEffect(() => {
    applyQuery(path, search);
  }, [path, search]);
  useEffect(() => {
    void loadSites();
  }, []);

  const pageIds = useMemo(() => (data?.models ?? []).map((c) => c.id), [data]);
  const rows = useMemo(() => {
    const models = (data?.models ?? []) as CampaignListRow[];
    return state.view === 'Report' && data?.report_totals && models.length
      ? [...models, totalsRow(data.report_totals, data.total_items)]
      : models;
  }, [data, state.view]);
  // The table renders its new rows, sort and columns at a lower priority than the click or key
  // that asked for them: the page answers at once, and the rows follow without blocking it.
  const table = useDeferredValue(
    useMemo(
      () => ({ rows, view: state.view, sortBy: state.sortBy, sortOrder: state.sortOrder }),
      [rows, state.view, state.sortBy, state.sortOrder],
    ),
  );

  // What the rows are ordered by stays in view, however narrow the window.
  const tableRef = useRef<HTMLDivElement>(null);
  useEffect(() => revealSortedColumn(tableRef.current), [table]);

  return (
    <>
      <header className={s.pageHeader}>
        <PageHeading className={s.heading}>Campaign</PageHeading>
        <Button variant="primary" onPress={openCreate} onHoverStart={prefetchModals} onFocus={prefetchModals}>
          New Campaign
        </Button>
      </header>
      <SaveWarningNotice />
      <div className={st.layout}>
        <MemoSidebarFilter
          sites={sites as typeof list.sites}
          state={state}
          isOpen={sidebarOpen}
          onToggle={toggleSidebar}
          onChange={patchList}
        />
        <div className={st.main}>
          <ListToolbar sites={sites as typeof list.sites} state={state as typeof list.state} idle={idle} />
          <ListChips sites={sites as typeof list.sites} state={state as typeof list.state} />
          {/* The matching campaigns' totals, and the table's column set (the spec's Information/Report toggle) at its end. */}
          <div className={st.tableBar}>
            <p className={st.totals} aria-live="polite">
              {data ? (
                <>
                  <span>{formatCount(data.total_items)} campaigns</span>
                  <span>{formatCount(data.total_impressions)} impressions</span>
                  <span>{formatCount(data.total_leads)} leads</span>
                </>
              ) : null}
            </p>
            <ColumnSetSwitch aria-label="Columns" sets={VIEWS} value={state.view} onChange={setView} />
          </div>
          <SelectionBar />
          <div className={tt.tableWrap} onPointerOver={prefetchModals} onFocus={prefetchModals}>
            <DataTable
              aria-label="Campaigns"
              className={tt.table}
              ref={tableRef}
              columns={COLUMNS}
              columnSets={COLUMN_SETS}
              columnSet={table.view}
              rows={table.rows}
              getRowId={rowId}
              rowProps={rowProps}
              sort={{
                column: sortColumn(table.sortBy),
                direction: table.sortOrder === 'asc' ? 'ascending' : 'descending',
              }}
              onSortChange={(sort) => {
                const key = SORT_KEYS[sort.column];
                if (key) updateList({ sortBy: key, sortOrder: sort.direction === 'ascending' ? 'asc' : 'desc' });
              }}
              selectionMode="multiple"
              selectedKeys={selected}
              onSelectionChange={select}
              disabledKeys={NOT_SELECTABLE}
              getChildRows={childRows}
              expandedKeys={expanded}
              onExpandedChange={toggleExpanded}
              expandLabel={expandLabel}
              expandInColumn="name"
              rowActions={rowActionItems}
              rowActionsLabel={rowActionsLabel}
              onRowAction={runAction}
              // Busy until the deferred rows have caught up: never the empty state for rows on their way.
              isLoading={!data || loading || table.rows !== rows}
              loadingText="Loading campaigns…"
              skeletonRows={state.perPage}
              emptyState={filtered ? NO_MATCH : NO_CAMPAIGN}
            />
          </div>
          {!data ? (
            <div className={st.paginationSpace} />
          ) : data.total_items > 0 ? (
            <MemoPagination
              page={state.page}
              pageSize={state.perPage}
              total={data.total_items}
              onPageChange={toPage}
              pageSizeOptions={PAGE_SIZES}
              onPageSizeChange={toPageSize}
              aria-label="Campaign pages"
            />
          ) : null}
          {state.view === 'Report' && data ? (
            <Suspense fallback={null}>
              <ReportBreakdown
                selected={selected}
                onPage={pageIds}
                from={state.performanceFrom}
                to={state.performanceTo}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
      <p className={st.note}>
        Campaigns created more than 6 months ago and not updated in the last 3 months are automatically deactivated.
      </p>
      {modal ? (
        <Suspense fallback={null}>
          <CampaignModals />
        </Suspense>
      ) : null}
    </>
  );
}
