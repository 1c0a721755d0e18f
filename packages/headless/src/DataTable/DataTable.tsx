import { useMemo, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { useStableCallback } from '../internal/useStableCallback.js';
import { visuallyHidden } from '../internal/visuallyHidden.js';
import { EmptyBodyContext, Grid, SkeletonRows } from './Grid.js';

export { RowActionsMenu } from './RowActionsMenu.js';

export interface DataTableColumn<T> {
  id: string;
  /** The header's text; also the column's accessible name. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Adds sorting on this column: the header becomes a button and carries `aria-sort`. */
  sortable?: boolean;
  /** The cell that names the row for screen readers (one column should be). */
  isRowHeader?: boolean;
  width?: number | string;
  /** Shown in the column's `data-align`, for right-aligned figures. */
  align?: 'start' | 'end';
}

export interface RowAction {
  id: string;
  label: string;
  isDisabled?: boolean;
}

export type SortDirection = 'ascending' | 'descending';
export interface DataTableSort {
  column: string;
  direction: SortDirection;
}

export interface DataTableProps<T> {
  'aria-label': string;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => Key;
  /** The names of the column sets (e.g. Information and Report) and the column ids each shows. */
  columnSets?: Record<string, readonly string[]>;
  columnSet?: string;
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort) => void;
  selectionMode?: 'none' | 'single' | 'multiple';
  selectedKeys?: 'all' | Iterable<Key>;
  /** Rows that cannot be selected (a totals row, say); their checkbox is disabled. */
  disabledKeys?: Iterable<Key>;
  onSelectionChange?: (keys: 'all' | Set<Key>) => void;
  /** The actions of a row's menu, in order; none hides the menu button. */
  rowActions?: (row: T) => RowAction[];
  onRowAction?: (row: T, actionId: string) => void;
  /** The menu button's accessible name; defaults to "Actions for {first cell}". */
  rowActionsLabel?: (row: T) => string;
  rowActionsHeader?: string;
  /** Child rows shown under their parent when it is expanded (A/B variants under their test). */
  getChildRows?: (row: T) => readonly T[] | undefined;
  expandedKeys?: Iterable<Key>;
  onExpandedChange?: (keys: Set<Key>) => void;
  expandLabel?: (row: T) => string;
  /** The expand column's header, read by screen readers only ("Expand"). */
  expandHeader?: string;
  /**
   * A request is in flight. With no rows the body shows `loadingState` (or skeleton rows); with
   * rows they stay as they are until the new ones come, the table is `aria-busy` and its status
   * region says `loadingText`.
   */
  isLoading?: boolean;
  loadingState?: ReactNode;
  /** What the table's status region says while loading (screen readers hear it); "Loading…". */
  loadingText?: string;
  /** Reserves the space of this many rows while loading with none (skeleton rows, `data-skeleton-row`), so nothing moves when they come. */
  skeletonRows?: number;
  emptyState?: ReactNode;
  /** A fixed height: the body scrolls under a sticky header (the theme makes it sticky). */
  height?: number | string;
  className?: string;
}

/**
 * How VirtualizedDataTable wraps the grid (in its own module, so that a table that is not
 * virtualised does not load react-aria's Virtualizer and layouts).
 * @internal
 */
export type WrapGrid = (grid: ReactNode) => ReactNode;

/**
 * A data grid on react-aria's Table (the WAI-ARIA grid pattern): arrow keys move between cells,
 * sortable headers are buttons with `aria-sort`, rows can be selected with checkboxes, each row
 * may have an actions menu and child rows that expand under it. Everything is unstyled:
 * the state shows as `data-*` attributes (see docs/components/DataTable.md).
 *
 * Pass stable values (module-level functions, memoised rows): the table keeps its rendered rows
 * while rows, columns, sort, selection and expansion stay the same objects.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  return useDataTableGrid(props);
}

/**
 * PageDown and PageUp in a table of fixed height move focus by the rows that fit in it. React
 * Aria measures the table itself for a page, and here the table is as high as all its rows (the
 * container scrolls), so it would jump to the last row and PageUp would not move at all.
 */
function movePageOfRows(e: KeyboardEvent<HTMLDivElement>): void {
  if (e.key !== 'PageDown' && e.key !== 'PageUp') return;
  const container = e.currentTarget;
  const target = e.target as HTMLElement;
  const row = target.closest<HTMLElement>('[role=row][data-key]');
  const header = container.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const page = container.clientHeight - header;
  if (!row || !container.contains(row) || page <= 0) return;
  const rows = [...container.querySelectorAll<HTMLElement>('[role=row][data-key]')];
  const from = rows.indexOf(row);
  const box = row.getBoundingClientRect();
  let to = from;
  if (e.key === 'PageDown') {
    while (to < rows.length - 1 && rows[to + 1]!.getBoundingClientRect().bottom - box.top <= page) to++;
    if (to === from && to < rows.length - 1) to++;
  } else {
    while (to > 0 && box.bottom - rows[to - 1]!.getBoundingClientRect().top <= page) to--;
    if (to === from && to > 0) to--;
  }
  e.preventDefault();
  e.stopPropagation();
  // Keep to a cell in the same column when a cell has focus.
  const cells = (r: HTMLElement) => [...r.querySelectorAll<HTMLElement>('[role=gridcell], [role=rowheader]')];
  const column = target === row ? -1 : cells(row).indexOf(target.closest<HTMLElement>('[role=gridcell], [role=rowheader]')!);
  const next = column >= 0 ? (cells(rows[to]!)[column] ?? rows[to]!) : rows[to]!;
  next.focus();
  next.scrollIntoView({ block: 'nearest' });
}

/**
 * @internal DataTable's body, optionally virtualised by `wrapGrid` (VirtualizedDataTable): the
 * container and its status region around the memoised grid (Grid.tsx). Loading, the empty state
 * and new inline handlers re-render the container only; rows re-render when rows, columns, sort,
 * selection or expansion change.
 */
export function useDataTableGrid<T>(props: DataTableProps<T>, wrapGrid?: WrapGrid) {
  const { isLoading = false, loadingText = 'Loading…', skeletonRows = 0, emptyState = 'No data', height, sort } = props;
  const loadingState = props.loadingState ?? (skeletonRows > 0 ? <SkeletonRows count={skeletonRows} /> : loadingText);
  const content = isLoading ? loadingState : emptyState;
  const empty = useMemo(() => ({ isLoading, content }), [isLoading, content]);
  const onSortChange = useStableCallback((column: string, direction: DataTableSort['direction']) => props.onSortChange?.({ column, direction }));
  const onSelectionChange = useStableCallback(props.onSelectionChange);
  const onRowAction = useStableCallback(props.onRowAction);
  const onExpandedChange = useStableCallback(props.onExpandedChange);
  const virtualized = wrapGrid !== undefined;
  const gridStyle = useMemo<CSSProperties | undefined>(
    () => (virtualized && height !== undefined ? { height, overflow: 'auto', display: 'block' } : undefined),
    [virtualized, height],
  );
  const style: CSSProperties | undefined = height !== undefined && !virtualized ? { height, overflow: 'auto' } : undefined;
  return (
    <div
      data-lead=""
      data-table-container=""
      data-fixed-height={height !== undefined || undefined}
      data-loading={isLoading || undefined}
      aria-busy={isLoading || undefined}
      style={style}
      onKeyDownCapture={style ? movePageOfRows : undefined}
    >
      {/* Always present, so that what it says is announced when it changes. */}
      <span role="status" style={visuallyHidden}>
        {isLoading ? loadingText : ''}
      </span>
      <EmptyBodyContext.Provider value={empty}>
        <Grid
          label={props['aria-label']}
          columns={props.columns}
          shownIds={props.columnSet ? props.columnSets?.[props.columnSet] : undefined}
          columnSet={props.columnSet}
          rows={props.rows}
          getRowId={props.getRowId}
          sortColumn={sort?.column}
          sortDirection={sort?.direction}
          onSortChange={onSortChange}
          selectionMode={props.selectionMode ?? 'none'}
          selectedKeys={props.selectedKeys}
          disabledKeys={props.disabledKeys}
          onSelectionChange={onSelectionChange}
          rowActions={props.rowActions}
          onRowAction={onRowAction}
          rowActionsLabel={props.rowActionsLabel}
          rowActionsHeader={props.rowActionsHeader ?? 'Actions'}
          getChildRows={props.getChildRows}
          expandedKeys={props.expandedKeys}
          onExpandedChange={onExpandedChange}
          expandLabel={props.expandLabel}
          expandHeader={props.expandHeader ?? 'Expand'}
          className={props.className}
          style={gridStyle}
          wrapGrid={wrapGrid}
        />
      </EmptyBodyContext.Provider>
    </div>
  );
}
