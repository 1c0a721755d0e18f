export * from './Timeline.js';
