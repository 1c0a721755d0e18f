import type { CSSProperties, ReactNode } from 'react';
import {
  Button,
  Cell,
  Checkbox,
  Column,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Row,
  Table,
  TableBody,
  TableHeader,
  TableLayout,
  Virtualizer,
  type Key,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components';
import { visuallyHidden } from '../internal/visuallyHidden.js';

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
  isLoading?: boolean;
  loadingState?: ReactNode;
  emptyState?: ReactNode;
  /** A fixed height: the body scrolls under a sticky header (the theme makes it sticky). */
  height?: number | string;
  /** Renders only the rows in view: for tens of thousands of rows of one fixed height. */
  virtualized?: { rowHeight: number; headingHeight?: number };
  className?: string;
}

interface FlatRow<T> {
  row: T;
  id: Key;
  depth: 0 | 1;
  parentId?: Key;
  hasChildren: boolean;
}

function flatten<T>(rows: readonly T[], getRowId: (row: T) => Key, getChildRows: DataTableProps<T>['getChildRows'], expanded: Set<Key>): FlatRow<T>[] {
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

const ACTIONS_COLUMN = '__actions__';
const EXPAND_COLUMN = '__expand__';

/**
 * A data grid on react-aria's Table (the WAI-ARIA grid pattern): arrow keys move between cells,
 * sortable headers are buttons with `aria-sort`, rows can be selected with checkboxes, each row
 * may have an actions menu and child rows that expand under it. Everything is unstyled:
 * the state shows as `data-*` attributes (see docs/components/DataTable.md).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    rows,
    getRowId,
    columnSets,
    columnSet,
    sort,
    onSortChange,
    selectionMode = 'none',
    selectedKeys,
    disabledKeys,
    onSelectionChange,
    rowActions,
    onRowAction,
    rowActionsLabel,
    rowActionsHeader = 'Actions',
    getChildRows,
    onExpandedChange,
    expandLabel,
    expandHeader = 'Expand',
    isLoading = false,
    loadingState = 'Loading…',
    emptyState = 'No data',
    height,
    virtualized,
    className,
  } = props;
  const expanded = new Set(props.expandedKeys ?? []);
  const shown = columnSet && columnSets?.[columnSet] ? columns.filter((c) => columnSets[columnSet]!.includes(c.id)) : columns;
  const hasActions = Boolean(rowActions);
  const flat = flatten(rows, getRowId, getChildRows, expanded);
  // Expand buttons get a column of their own, so that they stay out of the row header's name.
  const expandable = Boolean(getChildRows);
  const firstColumn = shown[0];
  const toggle = (id: Key) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onExpandedChange?.(next);
  };
  const onSort = (d: SortDescriptor) => onSortChange?.({ column: String(d.column), direction: d.direction });

  const table = (
    <Table
      aria-label={props['aria-label']}
      selectionMode={selectionMode}
      {...(selectedKeys !== undefined ? { selectedKeys } : {})}
      {...(disabledKeys !== undefined ? { disabledKeys, disabledBehavior: 'selection' as const } : {})}
      onSelectionChange={(keys: Selection) => onSelectionChange?.(keys === 'all' ? 'all' : new Set(keys))}
      {...(sort ? { sortDescriptor: { column: sort.column, direction: sort.direction } } : {})}
      onSortChange={onSort}
      data-loading={isLoading || undefined}
      data-column-set={columnSet}
      className={className}
      // Virtualised, the grid itself is the scroll view that the Virtualizer measures.
      {...(virtualized && height !== undefined ? { style: { height, overflow: 'auto', display: 'block' } } : {})}
    >
      <TableHeader>
        {selectionMode === 'multiple' ? (
          <Column id="__select__" width={40} data-select-column="">
            {/* react-aria gives the select-all checkbox its name */}
            <SelectAll />
          </Column>
        ) : null}
        {expandable ? (
          <Column id={EXPAND_COLUMN} width={40} data-expand-column="">
            <span style={visuallyHidden}>{expandHeader}</span>
          </Column>
        ) : null}
        {shown.map((c) => (
          <Column
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
            {rowActionsHeader}
          </Column>
        ) : null}
      </TableHeader>
      <TableBody
        items={flat}
        dependencies={[shown, columnSet, props.expandedKeys, rowActions, isLoading]}
        renderEmptyState={() => (
          <div data-table-empty={isLoading ? undefined : ''} data-table-loading={isLoading ? '' : undefined}>
            {isLoading ? loadingState : emptyState}
          </div>
        )}
      >
        {(item) => (
          <Row
            id={item.id}
            data-depth={item.depth}
            data-expanded={item.hasChildren ? expanded.has(item.id) : undefined}
            data-parent-id={item.parentId}
          >
            {selectionMode === 'multiple' ? (
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
                    aria-label={expandLabel ? expandLabel(item.row) : 'Show child rows'}
                    onPress={() => toggle(item.id)}
                    data-expand-button=""
                  >
                    <span aria-hidden="true">{expanded.has(item.id) ? '▾' : '▸'}</span>
                  </Button>
                ) : null}
              </Cell>
            ) : null}
            {shown.map((c) => (
              <Cell key={c.id} data-align={c.align ?? 'start'} data-column={c.id} data-first-column={c.id === firstColumn?.id || undefined}>
                {c.cell(item.row)}
              </Cell>
            ))}
            {hasActions ? (
              <Cell data-actions-cell="">
                <RowActionsMenu
                  actions={rowActions!(item.row)}
                  label={rowActionsLabel ? rowActionsLabel(item.row) : `Actions for ${textOf(firstColumn?.cell(item.row))}`}
                  onAction={(id) => onRowAction?.(item.row, id)}
                />
              </Cell>
            ) : null}
          </Row>
        )}
      </TableBody>
    </Table>
  );

  const style: CSSProperties | undefined = height !== undefined && !virtualized ? { height, overflow: 'auto' } : undefined;
  return (
    <div data-table-container="" data-fixed-height={height !== undefined || undefined} aria-busy={isLoading || undefined} style={style}>
      {virtualized ? (
        <Virtualizer layout={TableLayout} layoutOptions={{ rowHeight: virtualized.rowHeight, headingHeight: virtualized.headingHeight ?? virtualized.rowHeight }}>
          {table}
        </Virtualizer>
      ) : (
        table
      )}
    </div>
  );
}

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  return 'row';
}

function SelectAll() {
  return <Checkbox slot="selection" data-select-all="">{({ isIndeterminate, isSelected }) => <span aria-hidden="true" data-checkbox-box="">{isIndeterminate ? '–' : isSelected ? '✓' : ''}</span>}</Checkbox>;
}
function SelectRow() {
  return <Checkbox slot="selection" data-select-row="">{({ isSelected }) => <span aria-hidden="true" data-checkbox-box="">{isSelected ? '✓' : ''}</span>}</Checkbox>;
}

interface RowActionsMenuProps {
  actions: RowAction[];
  label: string;
  onAction: (id: string) => void;
}

/** The "more" button of a row and its menu (the WAI-ARIA menu button pattern). */
export function RowActionsMenu({ actions, label, onAction }: RowActionsMenuProps) {
  if (actions.length === 0) return null;
  return (
    <MenuTrigger>
      <Button aria-label={label} data-row-actions-button="">
        <span aria-hidden="true">⋯</span>
      </Button>
      <Popover data-row-actions-popover="" placement="bottom end">
        <Menu aria-label={label} onAction={(key) => onAction(String(key))} disabledKeys={actions.filter((a) => a.isDisabled).map((a) => a.id)}>
          {actions.map((a) => (
            <MenuItem key={a.id} id={a.id} textValue={a.label}>
              {a.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
