import {
  memo,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { Key } from 'react-aria-components';
import { useStableCallback } from '../internal/useStableCallback.js';
import { visuallyHidden } from '../internal/visuallyHidden.js';
import { BlankRows, BodyRow, plainPart } from './BodyRow.js';
import type { DataTableColumn, SortDirection } from './DataTable.js';
import {
  domRows,
  elementAt,
  keepOneTabStop,
  positionOf,
  targetOfKey,
  type GridPlace,
  type GridRows,
  type TypeAhead,
} from './gridKeyboard.js';
import { ColumnHeading, EmptyBody, flatten, shownColumns, type FlatRow, type GridProps } from './parts.js';
import { rowsInView, useRowWindow, windowedRows } from './windowing.js';

/*
 * DataTable's grid: plain table elements with the WAI-ARIA grid's roles, states and keyboard
 * model (gridKeyboard.ts), kept by the table rather than by each cell. A page of 20 rows of 12
 * cells mounts in about a third of the time react-aria's Table takes, whose every cell runs its
 * own focus, press and selection hooks (measured in docs/performance.md). The controls in the
 * cells (the selection checkbox, the expand button, the row menu, the caller's links and buttons)
 * are the real ones; only the cells are plain. With `window` (VirtualizedDataTable) the body holds
 * only the rows in view (windowing.ts), each with its `aria-rowindex` under the grid's
 * `aria-rowcount`, and the same keyboard model reaches every row.
 */

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
  const flat = useMemo(
    () => flatten(p.rows, p.getRowId, p.getChildRows, expanded),
    [p.rows, p.getRowId, p.getChildRows, expanded],
  );
  const disabled = useMemo(() => new Set(p.disabledKeys ?? []), [p.disabledKeys]);
  const selected = useMemo(() => (p.selectedKeys === 'all' ? 'all' : new Set(p.selectedKeys ?? [])), [p.selectedKeys]);
  const isSelected = (key: Key) => (selected === 'all' ? !disabled.has(key) : selected.has(key));
  // Memoised: a windowed grid re-renders as it scrolls, over as many as 100,000 rows.
  const selectable = useMemo(() => flat.filter((f) => !disabled.has(f.id)), [flat, disabled]);
  const selectedCount = useMemo(
    () => (selected === 'all' ? selectable.length : selectable.filter((f) => selected.has(f.id)).length),
    [selectable, selected],
  );
  const firstColumn = shown[0];
  // The expand buttons' own column, unless they sit in a column's cells (expandInColumn).
  const expandable = Boolean(p.getChildRows) && !(p.expandInColumn && shown.some((c) => c.id === p.expandInColumn));
  const multiple = p.selectionMode === 'multiple';
  const [said, setSaid] = useState('');
  const win = p.window;
  // Windowed: where the scroll view is, and the row holding the tab stop.
  const view = useRowWindow(win, table);
  // The row (by key) holding the tab stop: it stays rendered out of view, and follows its item
  // when the rows are sorted or refreshed. None until focus comes into a body row.
  const [keptKey, setKeptKey] = useState<Key | null>(null);
  const keptIndex = useMemo(() => (keptKey === null ? -1 : flat.findIndex((f) => f.id === keptKey)), [flat, keptKey]);
  const rowHeader = shown.find((c) => c.isRowHeader);
  const rowsOf = (grid: HTMLTableElement): GridRows =>
    win ? windowedRows(grid, win, view.now(), flat, rowHeader) : domRows(grid);

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
    const direction: SortDirection =
      p.sortColumn === column.id && p.sortDirection === 'ascending' ? 'descending' : 'ascending';
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
    const rows = rowsOf(grid);
    const hasRows = rows.count > 1;
    // The grid itself is the stop only while it has no rows (loading, empty): rows take it back.
    if (!s.el || !grid.contains(s.el) || (s.el === grid && hasRows)) {
      // The same place, or the first row for a row of the header (a row is never in the header).
      const place = { row: s.col < 0 ? Math.max(s.row, 1) : s.row, col: s.col };
      // Focus was on the element that went (a deleted row) or on the empty grid: it goes to the
      // same place, never from elsewhere on the page.
      const active = document.activeElement;
      const wasFocused = (focusInside.current && (active === document.body || active === null)) || active === grid;
      // Windowed, a stop whose row is out of view (never focused, scrolled away) is the first row in view.
      const inView = win ? rows.at(Math.min(Math.ceil(view.now().top / win.rowHeight) + 1, rows.count - 1)) : undefined;
      s.el = (hasRows ? (elementAt(rows, place) ?? inView) : null) ?? grid;
      if (wasFocused) s.el.focus();
    }
    keepOneTabStop(grid, s.el);
  });
  /** Focuses a place; windowed, its row is scrolled whole into view (and so rendered) first. */
  const focusPlace = (grid: HTMLTableElement, place: GridPlace): boolean => {
    if (win && place.row > 0) view.reveal(place.row - 1);
    const el = elementAt(rowsOf(grid), place);
    el?.focus(win ? { preventScroll: true } : undefined);
    return el !== null;
  };
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
    const at = el === grid ? null : positionOf(grid, rowsOf(grid), el);
    if (el !== grid && !at) return;
    if (stop.current.el && stop.current.el !== el) stop.current.el.tabIndex = -1;
    el.tabIndex = 0;
    stop.current = { el, row: at?.row ?? 1, col: at?.col ?? -1 };
    // Windowed, the row holding the tab stop stays in the page when it scrolls out of view.
    if (win) setKeptKey(at && at.row > 0 ? (flat[at.row - 1]?.id ?? null) : null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const grid = e.currentTarget;
    const target = e.target as HTMLElement;
    // Keys from a row menu's popover come through React's tree, not the table's.
    if (!grid.contains(target)) return;
    const rows = rowsOf(grid);
    const next = targetOfKey(grid, rows, target, e, typed.current);
    if (next && focusPlace(grid, next)) {
      e.preventDefault();
      return;
    }
    if (e.key !== ' ' && e.key !== 'Enter') return;
    const cell = target.closest<HTMLTableCellElement>('th, td');
    const isControl = target !== cell && target.tagName !== 'TR';
    if (isControl) return;
    const at = positionOf(grid, rows, target);
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
  const bodyRow = (item: FlatRow<T>, index: number) => (
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
      expandIn={p.getChildRows ? p.expandInColumn : undefined}
      isExpanded={expanded.has(item.id)}
      rowActions={p.rowActions}
      rowActionsLabel={p.rowActionsLabel}
      rowProps={p.rowProps}
      expandLabel={p.expandLabel}
      onToggleSelected={onToggleSelected}
      onToggleExpanded={onToggleExpanded}
      onRowAction={onRowAction}
      rowIndex={win ? index + 2 : undefined}
      height={win?.rowHeight}
    />
  );
  let body: ReactNode;
  if (flat.length === 0) {
    body = (
      <tr role="row" aria-rowindex={win ? 2 : undefined}>
        <td role="gridcell" colSpan={columnCount}>
          <EmptyBody />
        </td>
      </tr>
    );
  } else if (!win) body = flat.map(bodyRow);
  else {
    // The rows in view, with blank rows of the height of those between them.
    const rows: ReactNode[] = [];
    let next = 0;
    const gap = (to: number) =>
      rows.push(<BlankRows key={`gap-${next}`} height={(to - next) * win.rowHeight} columnCount={columnCount} />);
    for (const index of rowsInView(view.rendered, win, flat.length, keptIndex)) {
      if (index > next) gap(index);
      rows.push(bodyRow(flat[index]!, index));
      next = index + 1;
    }
    if (next < flat.length) gap(flat.length);
    body = rows;
  }
  return (
    <>
      <table
        ref={table}
        role="grid"
        aria-label={p.label}
        aria-multiselectable={multiple || undefined}
        aria-rowcount={win ? Math.max(flat.length, 1) + 1 : undefined}
        aria-colcount={win ? columnCount : undefined}
        aria-describedby={sortedColumn && p.sortDirection ? describedBy : undefined}
        className="react-aria-Table"
        data-column-set={p.columnSet}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <thead className="react-aria-TableHeader">
          <tr role="row" aria-rowindex={win ? 1 : undefined}>
            {multiple ? (
              <th
                role="columnheader"
                tabIndex={-1}
                className="react-aria-Column"
                data-select-column=""
                style={{ width: 40 }}
              >
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
                  onChange={() =>
                    p.onSelectionChange(
                      selectable.length > 0 && selectedCount === selectable.length ? new Set() : 'all',
                    )
                  }
                />
              </th>
            ) : null}
            {expandable ? (
              <th
                role="columnheader"
                tabIndex={-1}
                className="react-aria-Column"
                data-expand-column=""
                style={{ width: 40 }}
              >
                <span style={visuallyHidden}>{p.expandHeader}</span>
              </th>
            ) : null}
            {shown.map((c, i) => {
              const direction = p.sortColumn === c.id ? p.sortDirection : undefined;
              const part = plainPart(c.headerProps, 'react-aria-Column', {
                sortDirection: direction,
                allowsSorting: c.sortable ?? false,
              });
              return (
                <th
                  {...part}
                  key={c.id}
                  role="columnheader"
                  tabIndex={-1}
                  aria-colindex={i + 1 + (multiple ? 1 : 0) + (expandable ? 1 : 0)}
                  aria-sort={c.sortable ? (direction ?? 'none') : undefined}
                  aria-describedby={c.sortable ? `${id}-sortable` : undefined}
                  data-column={c.id}
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
          {body}
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
