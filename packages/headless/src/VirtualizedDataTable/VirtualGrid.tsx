import { memo, useMemo } from 'react';
import { Button, Cell, Checkbox, Column, Row, Table, TableBody, TableHeader, type Key, type Selection, type SortDescriptor } from 'react-aria-components';
import { partProps } from '../internal/compose.js';
import { visuallyHidden } from '../internal/visuallyHidden.js';
import {
  ACTIONS_COLUMN,
  ColumnHeading,
  EmptyBody,
  EXPAND_COLUMN,
  flatten,
  rowMenuLabel,
  SELECT_COLUMN,
  shownColumns,
  type GridProps,
} from '../DataTable/parts.js';
import { RowActionsMenu } from '../DataTable/RowActionsMenu.js';

const renderEmptyBody = () => <EmptyBody />;

/**
 * VirtualizedDataTable's grid: react-aria's Table, whose Virtualizer renders only the rows in
 * view, with our columns, rows, selection, row menus and child rows. (DataTable's own grid is
 * TableGrid.tsx: plain table elements, cheaper per cell.) Memoised: a render of DataTable that
 * changes none of these (a loading flag, a new inline handler) leaves every row as it is.
 */
function GridImpl<T>(p: GridProps<T>) {
  const expanded = useMemo(() => new Set(p.expandedKeys ?? []), [p.expandedKeys]);
  const { columns, shownIds } = p;
  const shown = useMemo(() => shownColumns(columns, shownIds), [columns, shownIds]);
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
          <Column id={SELECT_COLUMN} width={40} data-select-column="">
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
            {({ sortDirection, allowsSorting }) => <ColumnHeading header={c.header} sortable={allowsSorting} direction={sortDirection} />}
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
                <RowActionsMenu actions={p.rowActions!(item.row)} label={rowMenuLabel(p, firstColumn, item)} onAction={(id) => p.onRowAction(item.row, id)} />
              </Cell>
            ) : null}
          </Row>
        )}
      </TableBody>
    </Table>
  );
  return p.wrapGrid ? p.wrapGrid(table) : table;
}
export const VirtualGrid = memo(GridImpl) as typeof GridImpl;

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
