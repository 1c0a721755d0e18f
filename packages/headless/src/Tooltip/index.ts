export * from './Tooltip.js';
