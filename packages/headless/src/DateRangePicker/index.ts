export * from './DateRangePicker.js';
export * from './interop.js';
export * from './presets.js';
