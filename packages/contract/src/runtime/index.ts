export * from './public.js';
export * from './messages.js';
export * from './values.js';
export * from './consent.js';
export * from './choose.js';
export * from './winner.js';
export * from './pow.js';
