export * from './DataTable.js';
export * from './Pagination.js';
export * from './ColumnSetSwitch.js';
