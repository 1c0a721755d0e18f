import { createContext, isValidElement, useContext, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import type { DataTableColumn, RowAction, RowPart, SortDirection } from './DataTable.js';
import type { GridWindow } from './windowing.js';

/**
 * What DataTable's grid (TableGrid.tsx) needs from DataTable and VirtualizedDataTable, each prop stable while it means the same (DataTable makes the handlers so).
 */
export interface GridProps<T> {
  label: string;
  columns: DataTableColumn<T>[];
  shownIds: readonly string[] | undefined;
  columnSet: string | undefined;
  rows: readonly T[];
  getRowId: (row: T) => Key;
  sortColumn: string | undefined;
  sortDirection: SortDirection | undefined;
  onSortChange: (column: string, direction: SortDirection) => void;
  selectionMode: 'none' | 'single' | 'multiple';
  selectedKeys: 'all' | Iterable<Key> | undefined;
  disabledKeys: Iterable<Key> | undefined;
  onSelectionChange: (keys: 'all' | Set<Key>) => void;
  rowActions: ((row: T) => RowAction[]) | undefined;
  onRowAction: (row: T, actionId: string) => void;
  rowActionsLabel: ((row: T) => string) | undefined;
  rowActionsHeader: string;
  getChildRows: ((row: T) => readonly T[] | undefined) | undefined;
  expandedKeys: Iterable<Key> | undefined;
  onExpandedChange: (keys: Set<Key>) => void;
  rowProps: ((row: T) => RowPart) | undefined;
  expandLabel: ((row: T) => string) | undefined;
  expandHeader: string;
  /** The column whose cells hold the expand button (no expand column then). */
  expandInColumn?: string | undefined;
  /** VirtualizedDataTable: only the rows in the scroll view are rendered (windowing.ts). */
  window: GridWindow | undefined;
}

export interface FlatRow<T> {
  row: T;
  id: Key;
  depth: 0 | 1;
  parentId?: Key;
  hasChildren: boolean;
}

/** The rows in the order shown: each row, then its child rows when it is expanded. */
export function flatten<T>(
  rows: readonly T[],
  getRowId: (row: T) => Key,
  getChildRows: GridProps<T>['getChildRows'],
  expanded: Set<Key>,
): FlatRow<T>[] {
  const out: FlatRow<T>[] = [];
  for (const row of rows) {
    const id = getRowId(row);
    const children = getChildRows?.(row) ?? [];
    out.push({ row, id, depth: 0, hasChildren: children.length > 0 });
    if (children.length > 0 && expanded.has(id)) {
      for (const child of children)
        out.push({ row: child, id: getRowId(child), depth: 1, parentId: id, hasChildren: false });
    }
  }
  return out;
}

/** The columns shown: the column set's, in the columns' order. */
export const shownColumns = <T,>(columns: DataTableColumn<T>[], shownIds: readonly string[] | undefined) =>
  shownIds ? columns.filter((c) => shownIds.includes(c.id)) : columns;

/** The body's content with no rows, from DataTable; only this part re-renders when loading starts or ends. */
export const EmptyBodyContext = createContext<{ isLoading: boolean; content: ReactNode }>({
  isLoading: false,
  content: null,
});
export function EmptyBody() {
  const { isLoading, content } = useContext(EmptyBodyContext);
  return (
    <div data-table-empty={isLoading ? undefined : ''} data-table-loading={isLoading ? '' : undefined}>
      {content}
    </div>
  );
}

/** Blank rows of the final height, for the theme to draw as placeholders; hidden from screen readers (the status region speaks). */
export function SkeletonRows({ count }: { count: number }) {
  return (
    <div data-table-skeleton="" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} data-skeleton-row="" />
      ))}
    </div>
  );
}

/** A column header's content: its text and, when sortable, the direction drawn (hidden: `aria-sort` says it). */
export function ColumnHeading({
  header,
  sortable,
  direction,
}: {
  header: string;
  sortable: boolean;
  direction: SortDirection | undefined;
}) {
  return (
    <span data-column-header="">
      {header}
      {sortable ? (
        <span aria-hidden="true" data-sort-indicator={direction ?? 'none'}>
          {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ↕'}
        </span>
      ) : null}
    </span>
  );
}

/** The row menu's name: the caller's, or "Actions for {first cell's text}" (the row's id when the cell draws no text). */
export function rowMenuLabel<T>(
  p: Pick<GridProps<T>, 'rowActionsLabel'>,
  firstColumn: DataTableColumn<T> | undefined,
  item: FlatRow<T>,
): string {
  if (p.rowActionsLabel) return p.rowActionsLabel(item.row);
  return `Actions for ${textOf(firstColumn?.cell(item.row)).replace(/\s+/g, ' ').trim() || `row ${item.id}`}`;
}

/** The text a cell's content reads as: its strings and numbers, through elements' children; '' when a component draws it. */
export function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node) && typeof node.type === 'string')
    return textOf(node.props.children);
  return '';
}

export const ACTIONS_COLUMN = '__actions__';
export const EXPAND_COLUMN = '__expand__';
export const SELECT_COLUMN = '__select__';
