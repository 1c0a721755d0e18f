export * from './Dialog.js';
