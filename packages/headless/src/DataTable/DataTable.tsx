import { useMemo, type CSSProperties, type ReactNode } from 'react';
import type { CellProps, ColumnProps, Key, RowProps } from 'react-aria-components';
import { rootStyling, useControlled, type RootProps } from '../internal/compose.js';
import { useStableCallback } from '../internal/useStableCallback.js';
import { visuallyHidden } from '../internal/visuallyHidden.js';
import { EmptyBodyContext, SkeletonRows } from './parts.js';
import { TableGrid } from './TableGrid.js';

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
  /** Props of the header cell: `className` and `style` (or functions of `{ sortDirection, allowsSorting }`), `data-*`, `aria-*`, DOM handlers. */
  headerProps?: ColumnPart;
  /** Props of each of the column's cells, by row: `className`, `style`, `data-*`, `aria-*`, DOM handlers. */
  cellProps?: (row: T) => CellPart;
}

/** What a consumer may set on a header cell, a cell or a row (the table's parts). */
export type ColumnPart = Omit<ColumnProps, 'children' | 'id' | 'isRowHeader' | 'allowsSorting' | 'width'>;
export type CellPart = Omit<CellProps, 'children' | 'id'>;
export type RowPart = Omit<RowProps<object>, 'children' | 'id' | 'columns' | 'value' | 'dependencies'>;

/** The table's state, for a `className` or `style` function. */
export interface DataTableState {
  isLoading: boolean;
  isEmpty: boolean;
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

export interface DataTableProps<T> extends RootProps<HTMLDivElement, DataTableState> {
  /** The grid's accessible name. */
  'aria-label': string;
  /** The columns, in order: `{ id, header, cell(row), sortable?, isRowHeader?, width?, align?, headerProps?, cellProps? }`. */
  columns: DataTableColumn<T>[];
  /** The rows shown, in the order given (the caller sorts and pages them). */
  rows: readonly T[];
  /** A stable key for each row. */
  getRowId: (row: T) => Key;
  /** The names of the column sets (e.g. Information and Report) and the column ids each shows. */
  columnSets?: Record<string, readonly string[]>;
  /** The column set shown (a key of `columnSets`). */
  columnSet?: string;
  /**
   * The sorted column and direction, controlled: the header shows it, and the caller sorts the
   * rows (the table never sorts or pages them itself).
   */
  sort?: DataTableSort | null;
  /** The first sort shown, uncontrolled. */
  defaultSort?: DataTableSort | null;
  /** Called with the column and direction the user asked for. */
  onSortChange?: (sort: DataTableSort) => void;
  /** 'none', 'single' or 'multiple' (adds a checkbox column with Select All). */
  selectionMode?: 'none' | 'single' | 'multiple';
  /** The selected rows, controlled; 'all' is every row given (the current page). */
  selectedKeys?: 'all' | Iterable<Key>;
  /** The first selected rows, uncontrolled. */
  defaultSelectedKeys?: 'all' | Iterable<Key>;
  /** Rows that cannot be selected (a totals row, say); their checkbox is disabled. */
  disabledKeys?: Iterable<Key>;
  /** Called with the selected keys (or 'all'). */
  onSelectionChange?: (keys: 'all' | Set<Key>) => void;
  /** The actions of a row's menu, in order; none hides the menu button. */
  rowActions?: (row: T) => RowAction[];
  /** Called with the row and the chosen action's id. */
  onRowAction?: (row: T, actionId: string) => void;
  /** The menu button's accessible name; defaults to "Actions for {first cell}". */
  rowActionsLabel?: (row: T) => string;
  /** The actions column's header ("Actions"). */
  rowActionsHeader?: string;
  /** Child rows shown under their parent when it is expanded (A/B variants under their test). */
  getChildRows?: (row: T) => readonly T[] | undefined;
  /** The expanded rows, controlled. */
  expandedKeys?: Iterable<Key>;
  /** The first expanded rows, uncontrolled. */
  defaultExpandedKeys?: Iterable<Key>;
  /** Called with the expanded rows' keys. */
  onExpandedChange?: (keys: Set<Key>) => void;
  /** Props of each row (`className` and `style`, or functions of `{ isSelected, isDisabled }`; `data-*`, `aria-*`, DOM handlers). */
  rowProps?: (row: T) => RowPart;
  /** The expand button's accessible name for a row ("Show child rows"). */
  expandLabel?: (row: T) => string;
  /** The expand column's header, read by screen readers only ("Expand"). */
  expandHeader?: string;
  /**
   * The column (its id) whose cells hold the expand button, before their content, instead of a
   * column of its own (the A/B expander inside the name cell). Child rows' cells there start
   * under their parent's content (`data-expand-indent`).
   */
  expandInColumn?: string;
  /**
   * A request is in flight. With no rows the body shows `loadingState` (or skeleton rows); with
   * rows they stay as they are until the new ones come, the table is `aria-busy` and its status
   * region says `loadingText`.
   */
  isLoading?: boolean;
  /** What the body shows with no rows while loading (skeleton rows or `loadingText` by default). */
  loadingState?: ReactNode;
  /** What the table's status region says while loading (screen readers hear it); "Loading…". */
  loadingText?: string;
  /** Reserves the space of this many rows while loading with none (skeleton rows, `data-skeleton-row`), so nothing moves when they come. */
  skeletonRows?: number;
  /** What the body shows with no rows and no request in flight. */
  emptyState?: ReactNode;
  /** A fixed height: the body scrolls under a sticky header (the theme makes it sticky). */
  height?: number | string;
}

/**
 * VirtualizedDataTable's rows: all of one height, only those in the scroll view rendered.
 * @internal
 */
export interface RowWindow {
  rowHeight: number;
  headingHeight: number;
}

/**
 * A data grid (the WAI-ARIA grid pattern, on plain table elements: TableGrid.tsx): one tab stop,
 * arrow keys move between rows and cells, Home/End, PageUp/PageDown and type-ahead, sortable
 * headers carry `aria-sort` and sort on click, Enter or Space, rows can be selected with
 * checkboxes or Space, each row
 * may have an actions menu and child rows that expand under it. Everything is unstyled:
 * the state shows as `data-*` attributes (see docs/components/DataTable.md).
 *
 * Pass stable values (module-level functions, memoised rows): the table keeps its rendered rows
 * while rows, columns, sort, selection and expansion stay the same objects.
 *
 * The root is the container `<div>` around the grid: DOM props, `ref`, `className` and `style`
 * are its. Header cells, cells and rows take props through `headerProps`, `cellProps` and
 * `rowProps`.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  return useDataTableGrid(props);
}

/**
 * @internal DataTable's body, or VirtualizedDataTable's with its rows windowed: the container and its
 * status region around the memoised grid (TableGrid.tsx). Loading, the empty state
 * and new inline handlers re-render the container only; rows re-render when rows, columns, sort,
 * selection or expansion change.
 */
export function useDataTableGrid<T>(props: DataTableProps<T>, rowWindow?: RowWindow) {
  const {
    'aria-label': label,
    columns,
    rows,
    getRowId,
    columnSets,
    columnSet,
    sort: sortProp,
    defaultSort = null,
    onSortChange: reportSort,
    selectionMode = 'none',
    selectedKeys,
    defaultSelectedKeys = new Set<Key>(),
    disabledKeys,
    onSelectionChange: reportSelection,
    rowActions,
    onRowAction: reportRowAction,
    rowActionsLabel,
    rowActionsHeader = 'Actions',
    getChildRows,
    expandedKeys,
    defaultExpandedKeys = new Set<Key>(),
    onExpandedChange: reportExpanded,
    rowProps,
    expandLabel,
    expandHeader = 'Expand',
    expandInColumn,
    isLoading = false,
    loadingState: loadingStateProp,
    loadingText = 'Loading…',
    skeletonRows = 0,
    emptyState = 'No data',
    height,
    className,
    style: styleProp,
    ...dom
  } = props;
  const loadingState = loadingStateProp ?? (skeletonRows > 0 ? <SkeletonRows count={skeletonRows} /> : loadingText);
  const content = isLoading ? loadingState : emptyState;
  const empty = useMemo(() => ({ isLoading, content }), [isLoading, content]);
  const [sort, setSort] = useControlled(
    sortProp,
    defaultSort,
    reportSort && ((s: DataTableSort | null) => s && reportSort(s)),
  );
  const [selected, setSelected] = useControlled<'all' | Iterable<Key>>(
    selectedKeys,
    defaultSelectedKeys,
    reportSelection as ((keys: 'all' | Iterable<Key>) => void) | undefined,
  );
  const [expanded, setExpanded] = useControlled<Iterable<Key>>(
    expandedKeys,
    defaultExpandedKeys,
    reportExpanded as ((keys: Iterable<Key>) => void) | undefined,
  );
  // The setters of useControlled keep their identity; these wrappers do too, so the memoised grid stays put.
  const onSortChange = useStableCallback((column: string, direction: DataTableSort['direction']) =>
    setSort({ column, direction }),
  );
  const onRowAction = useStableCallback(reportRowAction);
  // Windowed, the grid renders the rows in its frame's scroll view (the fixed height).
  const rowHeight = rowWindow?.rowHeight;
  const headingHeight = rowWindow?.headingHeight;
  const gridWindow = useMemo(
    () =>
      rowHeight !== undefined && headingHeight !== undefined
        ? { rowHeight, headingHeight, height: height ?? 600 }
        : undefined,
    [rowHeight, headingHeight, height],
  );
  // The frame is the containing block of what its cells place absolutely (a visually hidden label, a
  // menu's anchor): without it those are placed against the page and stretch it by the rows' full height.
  const fixed: CSSProperties | undefined =
    height !== undefined ? { height, overflow: 'auto', position: 'relative' } : undefined;
  return (
    <div
      {...dom}
      {...rootStyling({ isLoading, isEmpty: rows.length === 0 }, className, styleProp, fixed)}
      data-lead=""
      data-table-container=""
      data-fixed-height={height !== undefined || undefined}
      data-loading={isLoading || undefined}
      aria-busy={isLoading || undefined}
    >
      {/* Always present, so that what it says is announced when it changes. */}
      <span role="status" style={visuallyHidden}>
        {isLoading ? loadingText : ''}
      </span>
      <EmptyBodyContext.Provider value={empty}>
        <TableGrid
          label={label}
          columns={columns}
          shownIds={columnSet ? columnSets?.[columnSet] : undefined}
          columnSet={columnSet}
          rows={rows}
          getRowId={getRowId}
          sortColumn={sort?.column}
          sortDirection={sort?.direction}
          onSortChange={onSortChange}
          selectionMode={selectionMode}
          selectedKeys={selected}
          disabledKeys={disabledKeys}
          onSelectionChange={setSelected}
          rowActions={rowActions}
          onRowAction={onRowAction}
          rowActionsLabel={rowActionsLabel}
          rowActionsHeader={rowActionsHeader}
          getChildRows={getChildRows}
          expandedKeys={expanded}
          onExpandedChange={setExpanded}
          rowProps={rowProps}
          expandLabel={expandLabel}
          expandHeader={expandHeader}
          expandInColumn={expandInColumn}
          window={gridWindow}
        />
      </EmptyBodyContext.Provider>
    </div>
  );
}
