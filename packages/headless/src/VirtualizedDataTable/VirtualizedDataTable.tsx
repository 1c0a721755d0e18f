import { useMemo } from 'react';
import { useDataTableGrid, type DataTableProps } from '../DataTable/DataTable.js';

export interface VirtualizedDataTableProps<T> extends DataTableProps<T> {
  /** The table's height: its body scrolls under the header. */
  height: number | string;
  /** Every row's height in pixels (rows of one fixed height are what makes it virtual). */
  rowHeight: number;
  /** The header row's height; the row height by default. */
  headingHeight?: number;
}

/**
 * A DataTable that renders only the rows in view: for tens of thousands of rows of one fixed
 * height. The same grid, keyboard and screen-reader behaviour as DataTable (its grid and keyboard
 * model, with the rows windowed: DataTable/windowing.ts); the grid reports every row in
 * `aria-rowcount` and each rendered row's place in `aria-rowindex`, and the keyboard reaches rows
 * not yet rendered by scrolling them into view.
 */
export function VirtualizedDataTable<T>({ rowHeight, headingHeight, ...props }: VirtualizedDataTableProps<T>) {
  const rowWindow = useMemo(
    () => ({ rowHeight, headingHeight: headingHeight ?? rowHeight }),
    [rowHeight, headingHeight],
  );
  return useDataTableGrid(props, rowWindow);
}
