export * from './Button.js';
