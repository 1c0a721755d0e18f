import { TableLayout, Virtualizer } from 'react-aria-components';
import { useDataTableGrid, type DataTableProps } from '../DataTable/DataTable.js';
import { VirtualGrid } from './VirtualGrid.js';

export interface VirtualizedDataTableProps<T> extends DataTableProps<T> {
  /** The table's height: its body scrolls under the header. */
  height: number | string;
  /** Every row's height in pixels (rows of one fixed height are what makes it virtual). */
  rowHeight: number;
  /** The header row's height; the row height by default. */
  headingHeight?: number;
}

/**
 * A DataTable that renders only the rows in view (react-aria's Virtualizer with a TableLayout):
 * for tens of thousands of rows of one fixed height. Same props, keyboard and screen-reader
 * behaviour as DataTable; the grid still reports every row in `aria-rowcount`.
 */
export function VirtualizedDataTable<T>({ rowHeight, headingHeight, ...props }: VirtualizedDataTableProps<T>) {
  return useDataTableGrid(props, {
    Grid: VirtualGrid,
    wrap: (grid) => (
      <Virtualizer layout={TableLayout} layoutOptions={{ rowHeight, headingHeight: headingHeight ?? rowHeight }}>
        {grid}
      </Virtualizer>
    ),
  });
}
