export * from './Toast.js';
