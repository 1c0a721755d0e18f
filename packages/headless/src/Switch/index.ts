export * from './Switch.js';
