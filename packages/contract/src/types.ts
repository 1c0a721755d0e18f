/** Shapes on the wire between the admin and the API (api.md). */

export type FieldErrors = Record<string, string[]>;

export interface Envelope<T> {
  _status: 1 | -1;
  _data: T;
  _messages: string[];
  message?: string;
  errors?: FieldErrors;
}

export interface Role {
  id: number;
  name: string;
  display_name: string;
  description: string;
}

export interface UserSite {
  id: number;
  hostname: string;
}

export interface User {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  avatar: string | null;
  status: number;
  roles: Role[];
  sites: UserSite[];
  client_ids: number[];
  created_at: string;
  hostname: string | null;
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

export interface ClientSite {
  id: number;
  name: string;
  label: string;
}

export interface Client {
  id: number;
  name: string;
  contact_name: string | null;
  phone_number: string | null;
  title: string | null;
  email: string | null;
  manager_id: number | null;
  manager_name: string | null;
  site_ids: number[];
  sites: ClientSite[];
  /** Months its leads' personal data is kept; null: the server's default (GET /config `retention_months`). */
  retention_months: number | null;
  created_at: string;
  updated_at: string;
}

export interface ClientPayload {
  name: string;
  contact_name?: string | null;
  phone_number?: string | null;
  title?: string | null;
  email?: string | null;
  manager_id: number | null;
  site_ids: number[];
  /** Months its leads' personal data is kept (null: the server's default; absent: unchanged). */
  retention_months?: number | null;
}

export interface SiteClient {
  id: number;
  name: string;
  /** Every site the client runs on (GET /sites); absent where only id and name are sent. */
  site_ids?: number[];
}

export interface Site {
  id: number;
  name: string;
  label: string;
  flag: string;
  description: string;
  country_id: string;
  clients: SiteClient[];
}

export interface Sponsor {
  id: number;
  name: string;
}

export interface LoginPayload {
  email: string;
  password: string;
  hostname?: string;
  remember?: boolean;
}

export interface LoginResponse {
  access_token: string;
  user: User;
}

export interface AccountPayload {
  first_name: string;
  last_name: string;
  avatar?: string | null;
}

export interface PasswordChangePayload {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export interface PasswordResetPayload {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
}

export interface HistoryEntry {
  id: number;
  icon: string;
  user: { first_name: string; last_name: string } | null;
  text: string;
  created_at: string;
}

export interface HistoryPage {
  history: HistoryEntry[];
  message: string;
  prev_page: number | null;
  next_page: number | null;
  total_pages: number;
}

export interface Upload {
  url: string;
  name: string;
  size: number;
}
