/**
 * The wire's one home: every request and answer of the APIs as a TypeBox schema, its type derived
 * with `Static<>`, and the route tables (method, URL, schemas). Imported as `@lead/contract/api`:
 * the server takes the values; the admin and the pop-up take types only (`import type`), so their
 * bundles carry no schema.
 */
export * from './route.js';
export * from './admin-call.js';
export * from './common.js';
export * from './accounts.js';
export * from './auth.js';
export * from './clients.js';
export * from './sites.js';
export * from './history.js';
export * from './uploads.js';
export * from './config.js';
export * from './campaigns.js';
export * from './campaign-leads.js';
export * from './campaign-actions.js';
export * from './campaign-targets.js';
export * from './public.js';
export * from './consent.js';
export * from './erasure.js';
export * from './deliveries.js';
export * from './webhook.js';
export * from './winner.js';
export * from './leads.js';
export * from './spam-bin.js';
export * from './verdicts.js';
export * from './breakdowns.js';
export * from './form-fields.js';
