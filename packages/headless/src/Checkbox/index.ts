export * from './Checkbox.js';
