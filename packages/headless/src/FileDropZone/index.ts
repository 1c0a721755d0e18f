export * from './FileDropZone.js';
