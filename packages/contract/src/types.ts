/**
 * Shapes on the wire between the admin and the API (api.md). The answers' and most bodies' types
 * are derived from their schemas (`@lead/contract/api`, `Static<>`) and re-exported here; the
 * interfaces below are what the rules take (a body after the server filled in its defaults).
 */
export type { PasswordChangePayload, Role, User, UserSite } from './api/accounts.js';
export type { LoginPayload, LoginResponse, PasswordResetPayload } from './api/auth.js';
export type { Client, ClientPayload, ClientSite } from './api/clients.js';
export type { Site, Sponsor } from './api/sites.js';
export type { HistoryEntry, HistoryPage } from './api/history.js';
export type { Upload } from './api/uploads.js';
export type { ServerConfig } from './api/config.js';

export type FieldErrors = Record<string, string[]>;

export interface Envelope<T> {
  _status: 1 | -1;
  _data: T;
  _messages: string[];
  message?: string;
  errors?: FieldErrors;
}

export interface UserPayload {
  first_name: string;
  last_name: string;
  email: string;
  avatar?: string | null;
  status: number;
  role_ids: number[];
  site_ids: number[];
  client_ids: number[];
}

export interface SiteClient {
  id: number;
  name: string;
  /** Every site the client runs on (GET /sites); absent where only id and name are sent. */
  site_ids?: number[];
}

export interface AccountPayload {
  first_name: string;
  last_name: string;
  avatar?: string | null;
}
