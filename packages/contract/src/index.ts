export * from './constants.js';
export * from './messages.js';
export * from './types.js';
export * from './rules/errors.js';
export * from './rules/auth.js';
export * from './rules/accounts.js';
export * from './rules/uploads.js';
export * from './campaign.js';
export * from './style.js';
export * from './rules/blocks.js';
export * from './rules/pictures.js';
export * from './rules/targets.js';
export * from './rules/campaign.js';
export * from './rules/lifecycle.js';
export * from './rules/billing.js';
export * from './rules/verdicts.js';
export * from './rules/breakdowns.js';
export * from './rules/erasure.js';
export * from './stats/ab.js';
export * from './reports/export.js';
export * from './list-query.js';
export * from './runtime/index.js';
// The public bodies' types; their schemas and the route tables are `@lead/contract/api`.
export type { PublicEvent, PublicEventBatch, PublicLead, PublicOtp } from './api/public.js';
// The campaign answers' types, derived from their schemas (`@lead/contract/api`).
export type { CampaignDetail, CampaignList, CampaignListRow, CampaignPayload, Pagination } from './api/campaigns.js';
// A lead as staff read it and a day of figures, derived from their schemas (`@lead/contract/api`).
export type { DayFigures, Lead } from './api/campaign-leads.js';
export * from './rules/destinations.js';
// Lead delivery's types (issue #30), derived from their schemas (`@lead/contract/api`).
export type { Attempt, Destination, DestinationInput, LeadDelivery, ReplayInput } from './api/deliveries.js';
