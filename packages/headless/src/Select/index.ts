export * from './Select.js';
