export * from './DateRangePicker/index.js';
export * from './Filters/index.js';
export * from './LoadingOverlay/index.js';
export * from './Stepper/index.js';
export * from './Timeline/index.js';
export * from './Toast/index.js';
