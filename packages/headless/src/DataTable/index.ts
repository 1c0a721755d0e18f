export { DataTable, RowActionsMenu, type DataTableColumn, type DataTableProps, type DataTableSort, type RowAction, type SortDirection } from './DataTable.js';
export * from './Pagination.js';
export * from './ColumnSetSwitch.js';
