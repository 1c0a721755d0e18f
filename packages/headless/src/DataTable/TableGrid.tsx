import { memo, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent } from 'react';
import { Button, type Key } from 'react-aria-components';
import { useStableCallback } from '../internal/useStableCallback.js';
import { visuallyHidden } from '../internal/visuallyHidden.js';
import type { DataTableColumn, RowAction, RowPart, SortDirection } from './DataTable.js';
import { focusTargetOf, keepOneTabStop, navigableRows, positionOf, targetOfKey, type TypeAhead } from './gridKeyboard.js';
import { ColumnHeading, EmptyBody, flatten, rowMenuLabel, shownColumns, type FlatRow, type GridProps } from './parts.js';
import { RowActionsMenu } from './RowActionsMenu.js';

/*
 * DataTable's grid: plain table elements with the WAI-ARIA grid's roles, states and keyboard
 * model (gridKeyboard.ts), kept by the table rather than by each cell. A page of 20 rows of 12
 * cells mounts in about a third of the time react-aria's Table takes, whose every cell runs its
 * own focus, press and selection hooks (measured in docs/performance.md). The controls in the
 * cells (the selection checkbox, the expand button, the row menu, the caller's links and buttons)
 * are the real ones; only the cells are plain.
 */

/** A consumer's part props (className and style may be functions of the state) on a plain element, with its default class. */
function plainPart(part: object | undefined, defaultClassName: string, state: object): { className: string; style?: CSSProperties } & Record<string, unknown> {
  if (!part) return { className: defaultClassName };
  const { className, style, ...rest } = part as { className?: unknown; style?: unknown } & Record<string, unknown>;
  const withState = { ...state, defaultClassName };
  const own = typeof className === 'function' ? (className as (s: object) => string)(withState) : (className as string | undefined);
  const dom = Object.fromEntries(
    Object.entries(rest).filter(([k]) => /^(data-|aria-)|^(id|title|lang|dir|hidden)$|^on[A-Z]/.test(k) && !/^on(Action|Press|Hover|FocusChange)/.test(k)),
  );
  const css = typeof style === 'function' ? (style as (s: object) => CSSProperties | undefined)(withState) : (style as CSSProperties | undefined);
  return { ...dom, className: own ? `${defaultClassName} ${own}` : defaultClassName, ...(css ? { style: css } : {}) };
}

interface BodyRowProps<T> {
  item: FlatRow<T>;
  domId: string;
  selectLabelId: string;
  columns: DataTableColumn<T>[];
  firstColumn: DataTableColumn<T> | undefined;
  selectionMode: GridProps<T>['selectionMode'];
  isSelected: boolean;
  isDisabled: boolean;
  expandable: boolean;
  isExpanded: boolean;
  rowActions: ((row: T) => RowAction[]) | undefined;
  rowActionsLabel: ((row: T) => string) | undefined;
  rowProps: ((row: T) => RowPart) | undefined;
  expandLabel: ((row: T) => string) | undefined;
  /** The grid's handlers, each the same function for the grid's life (useStableCallback), so that rows stay memoised. */
  onToggleSelected: (id: Key) => void;
  onToggleExpanded: (id: Key) => void;
  onRowAction: (row: T, actionId: string) => void;
}

/** One body row. Memoised: a change of selection or expansion re-renders the rows it changes, not the page. */
function BodyRowImpl<T>(p: BodyRowProps<T>) {
  const { item, columns } = p;
  const selectable = p.selectionMode !== 'none';
  const part = plainPart(p.rowProps?.(item.row), 'react-aria-Row', {
    id: item.id,
    isSelected: p.isSelected,
    isDisabled: p.isDisabled,
    selectionMode: p.selectionMode,
  });
  const headerId = `${p.domId}-h`;
  return (
    <tr
      {...part}
      role="row"
      tabIndex={-1}
      aria-labelledby={headerId}
      data-key={String(item.id)}
      aria-selected={selectable ? p.isSelected : undefined}
      data-selected={p.isSelected || undefined}
      data-disabled={p.isDisabled || undefined}
      data-depth={item.depth}
      data-expanded={item.hasChildren ? p.isExpanded : undefined}
      data-parent-id={item.parentId}
    >
      {p.selectionMode === 'multiple' ? (
        <td role="gridcell" tabIndex={-1} className="react-aria-Cell" data-select-cell="">
          <input
            type="checkbox"
            tabIndex={-1}
            data-select-row=""
            checked={p.isSelected}
            disabled={p.isDisabled}
            aria-labelledby={`${p.selectLabelId} ${headerId}`}
            onChange={() => p.onToggleSelected(item.id)}
          />
        </td>
      ) : null}
      {p.expandable ? (
        <td role="gridcell" tabIndex={-1} className="react-aria-Cell" data-expand-cell="">
          {item.hasChildren ? (
            <Button
              slot={null}
              aria-expanded={p.isExpanded}
              aria-label={p.expandLabel ? p.expandLabel(item.row) : 'Show child rows'}
              onPress={() => p.onToggleExpanded(item.id)}
              data-expand-button=""
            >
              <span aria-hidden="true">{p.isExpanded ? '▾' : '▸'}</span>
            </Button>
          ) : null}
        </td>
      ) : null}
      {columns.map((c, i) => (
        <td
          {...plainPart(c.cellProps?.(item.row), 'react-aria-Cell', { id: item.id, isSelected: p.isSelected })}
          key={c.id}
          role={c.isRowHeader ? 'rowheader' : 'gridcell'}
          tabIndex={-1}
          id={c.isRowHeader || (i === 0 && !columns.some((x) => x.isRowHeader)) ? headerId : undefined}
          data-align={c.align ?? 'start'}
          data-column={c.id}
          data-first-column={c === p.firstColumn || undefined}
        >
          {c.cell(item.row)}
        </td>
      ))}
      {p.rowActions ? (
        <td role="gridcell" tabIndex={-1} className="react-aria-Cell" data-actions-cell="">
          <RowActionsMenu actions={p.rowActions(item.row)} label={rowMenuLabel(p, p.firstColumn, item)} onAction={(id) => p.onRowAction(item.row, id)} />
        </td>
      ) : null}
    </tr>
  );
}
const BodyRow = memo(BodyRowImpl) as typeof BodyRowImpl;

/** What the grid says of its sort: in its description, and announced when the user sorts. */
const sortedBy = (header: string, direction: SortDirection) => `sorted by ${header} in ${direction} order`;

/** Where the tab stop was, to put it back in the same place when its element goes (a new page). */
interface Stop {
  el: HTMLElement | null;
  row: number;
  col: number;
}

function TableGridImpl<T>(p: GridProps<T>) {
  const id = useId();
  const table = useRef<HTMLTableElement>(null);
  const expanded = useMemo(() => new Set(p.expandedKeys ?? []), [p.expandedKeys]);
  const shown = useMemo(() => shownColumns(p.columns, p.shownIds), [p.columns, p.shownIds]);
  const flat = useMemo(() => flatten(p.rows, p.getRowId, p.getChildRows, expanded), [p.rows, p.getRowId, p.getChildRows, expanded]);
  const disabled = useMemo(() => new Set(p.disabledKeys ?? []), [p.disabledKeys]);
  const selected = useMemo(() => (p.selectedKeys === 'all' ? 'all' : new Set(p.selectedKeys ?? [])), [p.selectedKeys]);
  const isSelected = (key: Key) => (selected === 'all' ? !disabled.has(key) : selected.has(key));
  const selectable = flat.filter((f) => !disabled.has(f.id));
  const selectedCount = selectable.filter((f) => isSelected(f.id)).length;
  const firstColumn = shown[0];
  const expandable = Boolean(p.getChildRows);
  const multiple = p.selectionMode === 'multiple';
  const [said, setSaid] = useState('');

  const toggleSelected = (key: Key) => {
    if (disabled.has(key) || p.selectionMode === 'none') return;
    if (p.selectionMode === 'single') return p.onSelectionChange(new Set(isSelected(key) ? [] : [key]));
    const next = new Set<Key>(selected === 'all' ? selectable.map((f) => f.id) : selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    p.onSelectionChange(next);
  };
  const onToggleSelected = useStableCallback(toggleSelected);
  const onToggleExpanded = useStableCallback((key: Key) => {
    const next = new Set(expanded);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    p.onExpandedChange(next);
  });
  const onRowAction = useStableCallback(p.onRowAction);
  const sort = (column: DataTableColumn<T>) => {
    const direction: SortDirection = p.sortColumn === column.id && p.sortDirection === 'ascending' ? 'descending' : 'ascending';
    p.onSortChange(column.id, direction);
    setSaid(sortedBy(column.header, direction));
  };

  // One tab stop: the element last focused in the grid, or the same place when it has gone, else the first row.
  const stop = useRef<Stop>({ el: null, row: 1, col: -1 });
  const typed = useRef<TypeAhead>({ text: '', at: 0 });
  // Whether focus is in the grid, or was on an element of it that was removed (no blur then).
  const focusInside = useRef(false);
  useLayoutEffect(() => {
    const grid = table.current!;
    const s = stop.current;
    const rows = navigableRows(grid);
    const hasRows = rows.length > 1;
    // The grid itself is the stop only while it has no rows (loading, empty): rows take it back.
    if (!s.el || !grid.contains(s.el) || (s.el === grid && hasRows)) {
      const row = rows[Math.min(s.row, rows.length - 1)];
      const cell = s.col >= 0 ? row?.cells[Math.min(s.col, row.cells.length - 1)] : undefined;
      // Focus was on the element that went (a deleted row) or on the empty grid: it goes to the
      // same place, never from elsewhere on the page.
      const active = document.activeElement;
      const wasFocused = (focusInside.current && (active === document.body || active === null)) || active === grid;
      s.el = hasRows ? (cell ? focusTargetOf(cell) : s.row === 0 ? rows[1]! : row!) : grid;
      if (wasFocused) s.el.focus();
    }
    keepOneTabStop(grid, s.el);
  });
  const onBlur = (e: FocusEvent<HTMLTableElement>) => {
    const grid = e.currentTarget;
    const left = e.target as HTMLElement;
    if (e.relatedTarget instanceof Node && grid.contains(e.relatedTarget)) return;
    // Focus went somewhere else, or nowhere (a click on the page): a removed element keeps it "inside".
    queueMicrotask(() => {
      if (left.isConnected) focusInside.current = grid.contains(document.activeElement);
    });
  };
  const onFocus = (e: FocusEvent<HTMLTableElement>) => {
    const grid = e.currentTarget;
    if (grid.contains(e.target as Node)) focusInside.current = true;
    const el = e.target as HTMLElement;
    if (!grid.contains(el) || el === stop.current.el) return;
    const at = el === grid ? null : positionOf(grid, el);
    if (el !== grid && !at) return;
    if (stop.current.el && stop.current.el !== el) stop.current.el.tabIndex = -1;
    el.tabIndex = 0;
    stop.current = { el, row: at?.row ?? 1, col: at?.col ?? -1 };
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const grid = e.currentTarget;
    const target = e.target as HTMLElement;
    // Keys from a row menu's popover come through React's tree, not the table's.
    if (!grid.contains(target)) return;
    const next = targetOfKey(grid, target, e, typed.current);
    if (next) {
      e.preventDefault();
      next.focus();
      return;
    }
    if (e.key !== ' ' && e.key !== 'Enter') return;
    const cell = target.closest<HTMLTableCellElement>('th, td');
    const isControl = target !== cell && target.tagName !== 'TR';
    if (isControl) return;
    const at = positionOf(grid, target);
    if (!at) return;
    if (at.row === 0 && cell) {
      const column = shown[cell.cellIndex - (multiple ? 1 : 0) - (expandable ? 1 : 0)];
      if (column?.sortable) {
        e.preventDefault();
        sort(column);
      }
    } else if (at.row > 0 && e.key === ' ' && p.selectionMode !== 'none') {
      e.preventDefault();
      toggleSelected(flat[at.row - 1]!.id);
    }
  };

  const sortedColumn = shown.find((c) => c.id === p.sortColumn);
  const describedBy = `${id}-sort`;
  const columnCount = shown.length + (multiple ? 1 : 0) + (expandable ? 1 : 0) + (p.rowActions ? 1 : 0);
  return (
    <>
      <table
        ref={table}
        role="grid"
        aria-label={p.label}
        aria-multiselectable={multiple || undefined}
        aria-describedby={sortedColumn && p.sortDirection ? describedBy : undefined}
        className="react-aria-Table"
        data-column-set={p.columnSet}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <thead className="react-aria-TableHeader">
          <tr role="row">
            {multiple ? (
              <th role="columnheader" tabIndex={-1} className="react-aria-Column" data-select-column="" style={{ width: 40 }}>
                <input
                  type="checkbox"
                  tabIndex={-1}
                  aria-label="Select All"
                  data-select-all=""
                  checked={selectable.length > 0 && selectedCount === selectable.length}
                  ref={(el) => {
                    if (el) el.indeterminate = selectedCount > 0 && selectedCount < selectable.length;
                  }}
                  disabled={selectable.length === 0}
                  onChange={() => p.onSelectionChange(selectable.length > 0 && selectedCount === selectable.length ? new Set() : 'all')}
                />
              </th>
            ) : null}
            {expandable ? (
              <th role="columnheader" tabIndex={-1} className="react-aria-Column" data-expand-column="" style={{ width: 40 }}>
                <span style={visuallyHidden}>{p.expandHeader}</span>
              </th>
            ) : null}
            {shown.map((c, i) => {
              const direction = p.sortColumn === c.id ? p.sortDirection : undefined;
              const part = plainPart(c.headerProps, 'react-aria-Column', { sortDirection: direction, allowsSorting: c.sortable ?? false });
              return (
                <th
                  {...part}
                  key={c.id}
                  role="columnheader"
                  tabIndex={-1}
                  aria-colindex={i + 1 + (multiple ? 1 : 0) + (expandable ? 1 : 0)}
                  aria-sort={c.sortable ? (direction ?? 'none') : undefined}
                  aria-describedby={c.sortable ? `${id}-sortable` : undefined}
                  data-allows-sorting={c.sortable || undefined}
                  data-sort-direction={direction}
                  data-align={c.align ?? 'start'}
                  style={c.width !== undefined ? { ...part.style, width: c.width } : part.style}
                  onClick={c.sortable ? () => sort(c) : undefined}
                >
                  <ColumnHeading header={c.header} sortable={c.sortable ?? false} direction={direction} />
                </th>
              );
            })}
            {p.rowActions ? (
              <th role="columnheader" tabIndex={-1} className="react-aria-Column" data-actions-column="">
                {p.rowActionsHeader}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="react-aria-TableBody" data-empty={flat.length === 0 || undefined}>
          {flat.length === 0 ? (
            <tr role="row">
              <td role="gridcell" colSpan={columnCount}>
                <EmptyBody />
              </td>
            </tr>
          ) : (
            flat.map((item) => (
              <BodyRow
                key={String(item.id)}
                item={item}
                domId={`${id}-${String(item.id).replace(/[^\w-]/g, '_')}`}
                selectLabelId={`${id}-select`}
                columns={shown}
                firstColumn={firstColumn}
                selectionMode={p.selectionMode}
                isSelected={isSelected(item.id)}
                isDisabled={disabled.has(item.id)}
                expandable={expandable}
                isExpanded={expanded.has(item.id)}
                rowActions={p.rowActions}
                rowActionsLabel={p.rowActionsLabel}
                rowProps={p.rowProps}
                expandLabel={p.expandLabel}
                onToggleSelected={onToggleSelected}
                onToggleExpanded={onToggleExpanded}
                onRowAction={onRowAction}
              />
            ))
          )}
        </tbody>
      </table>
      <span id={`${id}-select`} hidden>
        Select
      </span>
      <span id={`${id}-sortable`} hidden>
        sortable column
      </span>
      <span id={describedBy} hidden>
        {sortedColumn && p.sortDirection ? sortedBy(sortedColumn.header, p.sortDirection) : ''}
      </span>
      <span aria-live="polite" style={visuallyHidden}>
        {said}
      </span>
    </>
  );
}

/**
 * Memoised: a render of DataTable that changes none of its props (a loading flag, a new inline
 * handler) leaves the grid as it is.
 */
export const TableGrid = memo(TableGridImpl) as typeof TableGridImpl;
