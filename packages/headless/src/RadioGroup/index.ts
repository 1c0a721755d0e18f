export * from './RadioGroup.js';
