export * from './VirtualizedDataTable.js';
