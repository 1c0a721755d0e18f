import { makeDemoData } from './demo-data.js';

// `npm run e2e:demo -w @lead/admin`: the journeys' demo data, made ahead (e2e/demo-data.ts).
const ms = await makeDemoData();
console.warn(
  `e2e: the demo data made in ${(ms / 1000).toFixed(1)} s; the journeys' server starts on a copy for the next hour`,
);
