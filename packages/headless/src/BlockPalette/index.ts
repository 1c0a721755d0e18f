export * from './BlockPalette.js';
