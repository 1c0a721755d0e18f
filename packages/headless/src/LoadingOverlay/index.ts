export * from './LoadingOverlay.js';
