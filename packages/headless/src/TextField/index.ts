export * from './TextField.js';
