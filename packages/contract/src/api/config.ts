/** GET /config (public): what the admin needs to know of the server before anyone signs in. */
import { Type, type Static } from 'typebox';
import { responses } from './common.js';
import type { RouteSpec } from './route.js';

/** `retention_months`: how long leads' personal data is kept for a client that sets no period (RETENTION_MONTHS). */
export const ServerConfigSchema = Type.Object({ time_zone: Type.String(), retention_months: Type.Integer() });
export type ServerConfig = Static<typeof ServerConfigSchema>;

export const configApi = {
  get: { method: 'GET', url: '/api/admin/config', response: responses(ServerConfigSchema) },
} as const satisfies Record<string, RouteSpec>;
export type ConfigApi = typeof configApi;
