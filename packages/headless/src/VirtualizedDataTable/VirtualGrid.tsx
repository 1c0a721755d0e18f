import { createContext, isValidElement, memo, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Button, Cell, Checkbox, Column, Row, Table, TableBody, TableHeader, type Key, type Selection, type SortDescriptor } from 'react-aria-components';
import { partProps } from '../internal/compose.js';
import { visuallyHidden } from '../internal/visuallyHidden.js';
import type { DataTableColumn, RowAction, RowPart, SortDirection } from './DataTable.js';
import { RowActionsMenu } from './RowActionsMenu.js';

/** What the grid needs, each prop stable while it means the same (DataTable makes the handlers so). */
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
  /** Virtualised, the grid itself is the scroll view that the Virtualizer measures. */
  style: CSSProperties | undefined;
  wrapGrid: ((grid: ReactNode) => ReactNode) | undefined;
}

interface FlatRow<T> {
  row: T;
  id: Key;
  depth: 0 | 1;
  parentId?: Key;
  hasChildren: boolean;
}

function flatten<T>(rows: readonly T[], getRowId: (row: T) => Key, getChildRows: GridProps<T>['getChildRows'], expanded: Set<Key>): FlatRow<T>[] {
  const out: FlatRow<T>[] = [];
  for (const row of rows) {
    const id = getRowId(row);
    const children = getChildRows?.(row) ?? [];
    out.push({ row, id, depth: 0, hasChildren: children.length > 0 });
    if (children.length > 0 && expanded.has(id)) {
      for (const child of children) out.push({ row: child, id: getRowId(child), depth: 1, parentId: id, hasChildren: false });
    }
  }
  return out;
}

/** The body's content with no rows, from DataTable; only this part re-renders when loading starts or ends. */
export const EmptyBodyContext = createContext<{ isLoading: boolean; content: ReactNode }>({ isLoading: false, content: null });
function EmptyBody() {
  const { isLoading, content } = useContext(EmptyBodyContext);
  return (
    <div data-table-empty={isLoading ? undefined : ''} data-table-loading={isLoading ? '' : undefined}>
      {content}
    </div>
  );
}
const renderEmptyBody = () => <EmptyBody />;

const ACTIONS_COLUMN = '__actions__';
const EXPAND_COLUMN = '__expand__';

/**
 * react-aria's Table with our columns, rows, selection, row menus and child rows. Memoised: a
 * render of DataTable that changes none of these (a loading flag, a new inline handler) leaves
 * every row as it is, since a row re-renders whenever the table's state does.
 */
function GridImpl<T>(p: GridProps<T>) {
  const expanded = useMemo(() => new Set(p.expandedKeys ?? []), [p.expandedKeys]);
  const { columns, shownIds } = p;
  const shown = useMemo(() => (shownIds ? columns.filter((c) => shownIds.includes(c.id)) : columns), [columns, shownIds]);
  // The same rows and functions give the same items, so react-aria keeps every rendered row.
  const flat = useMemo(() => flatten(p.rows, p.getRowId, p.getChildRows, expanded), [p.rows, p.getRowId, p.getChildRows, expanded]);
  const hasActions = Boolean(p.rowActions);
  // Expand buttons get a column of their own, so that they stay out of the row header's name.
  const expandable = Boolean(p.getChildRows);
  const firstColumn = shown[0];
  const toggle = (id: Key) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    p.onExpandedChange(next);
  };
  const table = (
    <Table
      aria-label={p.label}
      selectionMode={p.selectionMode}
      {...(p.selectedKeys !== undefined ? { selectedKeys: p.selectedKeys } : {})}
      {...(p.disabledKeys !== undefined ? { disabledKeys: p.disabledKeys, disabledBehavior: 'selection' as const } : {})}
      onSelectionChange={(keys: Selection) => p.onSelectionChange(keys === 'all' ? 'all' : new Set(keys))}
      {...(p.sortColumn && p.sortDirection ? { sortDescriptor: { column: p.sortColumn, direction: p.sortDirection } } : {})}
      onSortChange={(d: SortDescriptor) => p.onSortChange(String(d.column), d.direction)}
      data-column-set={p.columnSet}
      style={p.style}
    >
      <TableHeader>
        {p.selectionMode === 'multiple' ? (
          <Column id="__select__" width={40} data-select-column="">
            {/* react-aria gives the select-all checkbox its name */}
            <SelectAll />
          </Column>
        ) : null}
        {expandable ? (
          <Column id={EXPAND_COLUMN} width={40} data-expand-column="">
            <span style={visuallyHidden}>{p.expandHeader}</span>
          </Column>
        ) : null}
        {shown.map((c) => (
          <Column
            {...partProps(c.headerProps)}
            key={c.id}
            id={c.id}
            isRowHeader={c.isRowHeader ?? false}
            allowsSorting={c.sortable ?? false}
            {...(c.width !== undefined ? { width: c.width as number } : {})}
            data-align={c.align ?? 'start'}
          >
            {({ sortDirection, allowsSorting }) => (
              <span data-column-header="">
                {c.header}
                {allowsSorting ? (
                  <span aria-hidden="true" data-sort-indicator={sortDirection ?? 'none'}>
                    {sortDirection === 'ascending' ? ' ▲' : sortDirection === 'descending' ? ' ▼' : ' ↕'}
                  </span>
                ) : null}
              </span>
            )}
          </Column>
        ))}
        {hasActions ? (
          <Column id={ACTIONS_COLUMN} data-actions-column="">
            {p.rowActionsHeader}
          </Column>
        ) : null}
      </TableHeader>
      <TableBody items={flat} dependencies={[shown, expanded, p.rowActions, p.rowActionsLabel, p.expandLabel, p.rowProps]} renderEmptyState={renderEmptyBody}>
        {(item) => (
          <Row
            {...partProps(p.rowProps?.(item.row))}
            id={item.id}
            data-depth={item.depth}
            data-expanded={item.hasChildren ? expanded.has(item.id) : undefined}
            data-parent-id={item.parentId}
          >
            {p.selectionMode === 'multiple' ? (
              <Cell data-select-cell="">
                <SelectRow />
              </Cell>
            ) : null}
            {expandable ? (
              <Cell data-expand-cell="">
                {item.hasChildren ? (
                  <Button
                    slot={null}
                    aria-expanded={expanded.has(item.id)}
                    aria-label={p.expandLabel ? p.expandLabel(item.row) : 'Show child rows'}
                    onPress={() => toggle(item.id)}
                    data-expand-button=""
                  >
                    <span aria-hidden="true">{expanded.has(item.id) ? '▾' : '▸'}</span>
                  </Button>
                ) : null}
              </Cell>
            ) : null}
            {shown.map((c) => (
              <Cell
                {...partProps(c.cellProps?.(item.row))}
                key={c.id}
                data-align={c.align ?? 'start'}
                data-column={c.id}
                data-first-column={c.id === firstColumn?.id || undefined}
              >
                {c.cell(item.row)}
              </Cell>
            ))}
            {hasActions ? (
              <Cell data-actions-cell="">
                <RowActionsMenu
                  actions={p.rowActions!(item.row)}
                  label={
                    p.rowActionsLabel
                      ? p.rowActionsLabel(item.row)
                      : `Actions for ${textOf(firstColumn?.cell(item.row)).replace(/\s+/g, ' ').trim() || `row ${item.id}`}`
                  }
                  onAction={(id) => p.onRowAction(item.row, id)}
                />
              </Cell>
            ) : null}
          </Row>
        )}
      </TableBody>
    </Table>
  );
  return p.wrapGrid ? p.wrapGrid(table) : table;
}
export const Grid = memo(GridImpl) as typeof GridImpl;

/** The text a cell's content reads as: its strings and numbers, through elements' children; '' when a component draws it. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node) && typeof node.type === 'string') return textOf(node.props.children);
  return '';
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

function SelectAll() {
  return (
    <Checkbox slot="selection" data-select-all="">
      {({ isIndeterminate, isSelected }) => (
        <span aria-hidden="true" data-checkbox-box="">
          {isIndeterminate ? '–' : isSelected ? '✓' : ''}
        </span>
      )}
    </Checkbox>
  );
}
function SelectRow() {
  return (
    <Checkbox slot="selection" data-select-row="">
      {({ isSelected }) => (
        <span aria-hidden="true" data-checkbox-box="">
          {isSelected ? '✓' : ''}
        </span>
      )}
    </Checkbox>
  );
}
