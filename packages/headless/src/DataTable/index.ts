export {
  DataTable,
  RowActionsMenu,
  type CellPart,
  type ColumnPart,
  type DataTableState,
  type RowPart,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSort,
  type RowAction,
  type SortDirection,
} from './DataTable.js';
export * from './Pagination.js';
export * from './ColumnSetSwitch.js';
export type { RowActionsMenuProps } from './RowActionsMenu.js';
