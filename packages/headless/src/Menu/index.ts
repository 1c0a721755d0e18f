export * from './MenuButton.js';
