import { memo, type CSSProperties } from 'react';
import { Button, type Key } from 'react-aria-components';
import type { DataTableColumn, RowAction, RowPart } from './DataTable.js';
import { rowMenuLabel, type FlatRow, type GridProps } from './parts.js';
import { RowActionsMenu } from './RowActionsMenu.js';

/* TableGrid's body rows: plain table rows and cells with the grid's roles, memoised one by one. */

/** A consumer's part props (className and style may be functions of the state) on a plain element, with its default class. */
export function plainPart(
  part: object | undefined,
  defaultClassName: string,
  state: object,
): { className: string; style?: CSSProperties } & Record<string, unknown> {
  if (!part) return { className: defaultClassName };
  const { className, style, ...rest } = part as { className?: unknown; style?: unknown } & Record<string, unknown>;
  const withState = { ...state, defaultClassName };
  const own =
    typeof className === 'function'
      ? (className as (s: object) => string)(withState)
      : (className as string | undefined);
  const dom = Object.fromEntries(
    Object.entries(rest).filter(
      ([k]) =>
        /^(data-|aria-)|^(id|title|lang|dir|hidden)$|^on[A-Z]/.test(k) &&
        !/^on(Action|Press|Hover|FocusChange)/.test(k),
    ),
  );
  const css =
    typeof style === 'function'
      ? (style as (s: object) => CSSProperties | undefined)(withState)
      : (style as CSSProperties | undefined);
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
  /** The column whose cells hold the expand button (instead of the expand column). */
  expandIn: string | undefined;
  isExpanded: boolean;
  rowActions: ((row: T) => RowAction[]) | undefined;
  rowActionsLabel: ((row: T) => string) | undefined;
  rowProps: ((row: T) => RowPart) | undefined;
  expandLabel: ((row: T) => string) | undefined;
  /** The grid's handlers, each the same function for the grid's life (useStableCallback), so that rows stay memoised. */
  onToggleSelected: (id: Key) => void;
  onToggleExpanded: (id: Key) => void;
  onRowAction: (row: T, actionId: string) => void;
  /** Windowed: the row's place among every row (the header row is 1) and its fixed height. */
  rowIndex?: number | undefined;
  height?: number | undefined;
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
  const expander = item.hasChildren ? (
    <Button
      slot={null}
      aria-expanded={p.isExpanded}
      aria-label={p.expandLabel ? p.expandLabel(item.row) : 'Show child rows'}
      onPress={() => p.onToggleExpanded(item.id)}
      data-expand-button=""
    >
      <span aria-hidden="true">{p.isExpanded ? '▾' : '▸'}</span>
    </Button>
  ) : null;
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
      aria-rowindex={p.rowIndex}
      style={p.height === undefined ? part.style : { ...part.style, height: p.height }}
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
          {expander}
        </td>
      ) : null}
      {columns.map((c, i) => {
        const isHeader = c.isRowHeader || (i === 0 && !columns.some((x) => x.isRowHeader));
        // The expand button in this cell: the row is named by the content beside it, not by the button.
        const holdsExpander = c.id === p.expandIn;
        return (
          <td
            {...plainPart(c.cellProps?.(item.row), 'react-aria-Cell', { id: item.id, isSelected: p.isSelected })}
            key={c.id}
            role={c.isRowHeader ? 'rowheader' : 'gridcell'}
            tabIndex={-1}
            id={isHeader && !holdsExpander ? headerId : undefined}
            aria-labelledby={isHeader && holdsExpander ? headerId : undefined}
            data-align={c.align ?? 'start'}
            data-column={c.id}
            data-first-column={c === p.firstColumn || undefined}
          >
            {holdsExpander ? (
              <span data-expand-in-cell="" data-expand-indent={item.depth > 0 || undefined}>
                {expander}
                <span id={isHeader ? headerId : undefined} data-expand-content="">
                  {c.cell(item.row)}
                </span>
              </span>
            ) : (
              c.cell(item.row)
            )}
          </td>
        );
      })}
      {p.rowActions ? (
        <td role="gridcell" tabIndex={-1} className="react-aria-Cell" data-actions-cell="">
          <RowActionsMenu
            actions={p.rowActions(item.row)}
            label={rowMenuLabel(p, p.firstColumn, item)}
            onAction={(id) => p.onRowAction(item.row, id)}
          />
        </td>
      ) : null}
    </tr>
  );
}
export const BodyRow = memo(BodyRowImpl) as typeof BodyRowImpl;

/** Where windowed rows are not rendered: one blank row of their height, hidden from screen readers. */
export function BlankRows({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" data-blank-rows="">
      <td colSpan={columnCount} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
