export * from './DateRangePicker.js';
export * from './interop.js';
export * from './presets.js';
// The date type of value and onChange, so that a consumer needs no temporal-polyfill of their own.
export { Temporal } from 'temporal-polyfill';
