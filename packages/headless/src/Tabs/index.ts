export * from './Tabs.js';
