import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

/** Table types for Kysely, mirroring migrations/*.sql. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface RolesTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  description: Generated<string>;
}

export interface SitesTable {
  id: number;
  name: string;
  label: string;
  flag: string;
  description: Generated<string>;
  country_id: string;
  cms_base: string | null;
  /** Null: the country's main zone. */
  time_zone: string | null;
  /** The most OTP codes the site may send a day. */
  otp_daily_budget: Generated<number>;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: Generated<string>;
  email: string;
  avatar: string | null;
  status: Generated<number>;
  password_hash: string | null;
  role_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserSitesTable {
  user_id: number;
  site_id: number;
}

export interface UserClientsTable {
  user_id: number;
  client_id: number;
}

export interface ClientsTable {
  id: Generated<number>;
  name: string;
  contact_name: string | null;
  phone_number: string | null;
  title: string | null;
  email: string | null;
  manager_id: number | null;
  /** Whose earlier leads make a lead a duplicate: the same campaign's, or any of the client's campaigns'. */
  duplicate_scope: Generated<'campaign' | 'client'>;
  duplicate_window_days: Generated<number>;
  /** ISO 4217: the currency of the client's spend. */
  currency: Generated<string>;
  /** Whether lead delivery sends duplicates too. */
  deliver_duplicates: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Months a lead's personal data is kept (null: the server's RETENTION_MONTHS). */
  retention_months: number | null;
}

export interface ClientSitesTable {
  client_id: number;
  site_id: number;
}

export interface SponsorsTable {
  id: Generated<number>;
  site_id: number;
  name: string;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Timestamp;
}

export interface PasswordTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'reset' | 'invite';
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface ThrottleEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: Timestamp;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  name: string;
  path: string;
  mime: string;
  size: number;
  created_at: Timestamp;
}

export interface HistoryTable {
  id: Generated<number>;
  user_id: number | null;
  site_id: number | null;
  icon: string;
  text: string;
  created_at: Timestamp;
}

type Json = ColumnType<unknown, string, string>;
type Counter = Generated<number>;

export interface CampaignsTable {
  id: Generated<number>;
  code: string;
  name: string;
  site_id: number;
  client_id: number;
  creator_id: number | null;
  type: Generated<number>;
  parent_id: number | null;
  status: Generated<number>;
  is_testing_running: Generated<boolean>;
  is_schedule: Generated<boolean>;
  display_type: number;
  trigger_type: Generated<string>;
  device_types: ColumnType<number[], number[] | undefined, number[]>;
  rules: Json;
  forms: Json;
  extra_fields: Json;
  kpis: Json;
  price: ColumnType<number, number | undefined, number>;
  image: string | null;
  image_desktop: string | null;
  thank_you_image: string | null;
  image_background: string | null;
  image_overlay_desktop: string | null;
  image_overlay_mobile: string | null;
  is_target_import: Generated<boolean>;
  is_sponsor: Generated<boolean>;
  sponsor_ids: ColumnType<number[], number[] | undefined, number[]>;
  forever: Generated<boolean>;
  /** 'Stop when the goal is reached': the billable lead that reaches kpis.lead pauses the campaign. */
  stop_at_goal: Generated<boolean>;
  started_at: Date | null;
  ended_at: Date | null;
  total_impression: Counter;
  total_click: Counter;
  total_submit: Counter;
  total_bounce: Counter;
  total_visitor: Counter;
  total_habit_exit: Counter;
  total_intentional_exit: Counter;
  total_lead: Counter;
  /** Of total_lead, the duplicates. */
  total_duplicate: Counter;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
  /** Moved from another client: its leads with ids up to this one came for that client, and are never sent to this one's destinations (null: none). */
  client_since_lead_id: number | null;
}

export interface CampaignTargetsTable {
  id: Generated<number>;
  campaign_id: number;
  position: number;
  type: string;
  option: string;
  target: string;
  sub_target: Json;
  is_import: Generated<boolean>;
}

export interface CampaignDailyStatsTable {
  campaign_id: number;
  day: ColumnType<string, string, string>;
  impressions: Counter;
  clicks: Counter;
  submits: Counter;
  bounces: Counter;
  visitors: Counter;
  habit_exits: Counter;
  intentional_exits: Counter;
  /** Every lead, duplicates included. */
  leads: Counter;
  /** The day's leads that are duplicates (billable leads: leads − duplicates). */
  duplicates: Counter;
}

export interface LeadsTable {
  id: Generated<number>;
  campaign_id: number;
  name: string | null;
  email: string | null;
  /** As the visitor typed it. */
  phone: string | null;
  /** The same number in E.164, read in the site's country (null when there is none, or for a lead stored before #31 in a national form). */
  phone_e164: string | null;
  data: Json;
  page_url: string | null;
  /** Decided in the lead's own transaction: the same person gave a billable lead within the client's window. */
  duplicate: Generated<boolean>;
  created_at: Timestamp;
  /** The campaign revision the visitor saw (null for a lead stored before revisions were kept). */
  revision_id: number | null;
  /** The consent record built from that revision (`ConsentStored`), and its hash. */
  consent: Json | null;
  consent_hash: string | null;
  /** When its personal data was erased (retention or "Erase a person"); null while it is kept. */
  erased_at: Timestamp | null;
  /** Its personal data sealed under its key in `lead_keys` (lib/personal.ts); the plain columns above are null then. */
  sealed: string | null;
  /** Keyed hashes of its e-mail, number (E.164), and digits typed (without a number): what a person is found by. */
  email_hash: string | null;
  phone_hash: string | null;
  digits_hash: string | null;
}

/** A lead's own key (AES-256, base64url): deleted, and the table rewritten, when the lead is erased. */
export interface LeadKeysTable {
  lead_id: number;
  key: string;
}

/** A spam lead's own key. */
export interface SpamLeadKeysTable {
  spam_id: number;
  key: string;
}

/** A campaign's forms as one save stored them: what a lead's consent record points at. */
export interface CampaignRevisionsTable {
  id: Generated<number>;
  campaign_id: number;
  forms: Json;
  created_at: Generated<Timestamp>;
  created_by: number | null;
}

export interface SiteDailyStatsTable {
  site_id: number;
  client_id: number;
  day: ColumnType<string, string, string>;
  impressions: Counter;
  submits: Counter;
  leads: Counter;
}

export interface CampaignGroupTotalsTable {
  site_id: number;
  client_id: number;
  status: number;
  campaigns: Counter;
  impressions: Counter;
  submits: Counter;
  leads: Counter;
}

export interface CampaignDailyVisitorsTable {
  campaign_id: number;
  day: ColumnType<string, string, string>;
  visitor: ColumnType<number, number | bigint | string, never>;
}

export interface OtpCodesTable {
  id: Generated<number>;
  campaign_id: number;
  phone: string;
  code_hash: string;
  tries: Generated<number>;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  used_at: Timestamp | null;
}

export interface RuntimeSecretsTable {
  name: string;
  secret: string;
  created_at: Generated<Timestamp>;
}

/** What a page view counted per campaign: kind 1 impression, 2 click, 3 close, 4 bounce. */
/** A lead a person plausibly did not send (issue #44): kept with its reasons, not counted, billed nor delivered until released. */
export interface SpamLeadsTable {
  id: Generated<number>;
  campaign_id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  phone_e164: string | null;
  data: Json;
  page_url: string | null;
  /** 'One submission per phone number': the number (E.164) a release records. */
  single_phone: string | null;
  revision_id: number | null;
  consent: Json | null;
  consent_hash: string | null;
  /** 0–100, the sum of its reasons' weights (runtime/person.ts). */
  score: number;
  reasons: string[];
  created_at: Timestamp;
  released_at: Timestamp | null;
  released_by: number | null;
  /** The lead a release made. */
  lead_id: number | null;
  /** As in `leads`. */
  sealed: string | null;
  email_hash: string | null;
  phone_hash: string | null;
  digits_hash: string | null;
}

/** Proofs of work spent by a lead, until their challenge expires (a second use is a replay). */
export interface PowSpentTable {
  signature: string;
  expires_at: Timestamp;
}

export interface PageViewEventsTable {
  page_view: string;
  campaign_id: number;
  kind: number;
  created_at: Generated<Timestamp>;
}

export interface OtpPhoneDaysTable {
  phone: string;
  day: string;
  sent: Generated<number>;
}

export interface OtpSiteDaysTable {
  site_id: number;
  day: string;
  sent: Generated<number>;
}

export interface CampaignSubmittedPhonesTable {
  campaign_id: number;
  phone: string;
}

export interface CampaignPreviewsTable {
  token_hash: string;
  campaign_id: number;
  expires_at: Timestamp;
}

export interface EventMessagesAppliedTable {
  id: string;
  applied_at: Generated<Timestamp>;
}

/** A timestamp column that may be null. */
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A client's place leads go (issue #30, 0011_delivery.sql and 0012_webhooks.sql). */
export interface DestinationsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  enabled: Generated<boolean>;
  kind: 'webhook' | 'email';
  /** Null: every campaign of the client. */
  campaign_ids: number[] | null;
  url: string | null;
  format: 'csv' | 'xlsx' | null;
  schedule: 'hourly' | 'daily' | null;
  hour: number | null;
  recipients: string[] | null;
  state: Generated<'active' | 'paused' | 'disabled'>;
  last_success_at: MaybeTimestamp;
  last_failure_at: MaybeTimestamp;
  /** When its current run of failed attempts began; null after a success. */
  failing_since: MaybeTimestamp;
  consecutive_failures: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** An e-mail destination's newest lead already put in a file (null: none yet), and when its next file is due (null: not planned); 0013_email_files.sql. */
  file_after_lead_id: number | null;
  next_file_at: MaybeTimestamp;
}

/** The outbox: one row per lead and destination, written in the lead's own transaction. */
export interface DeliveriesTable {
  lead_id: number;
  destination_id: number;
  state: Generated<'pending' | 'delivered' | 'retrying' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: MaybeTimestamp;
  last_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DeliveryAttemptsTable {
  id: Generated<number>;
  destination_id: number;
  lead_id: number | null;
  at: Timestamp;
  status: number | null;
  error: string | null;
  duration_ms: Generated<number>;
  next_attempt_at: MaybeTimestamp;
}

/** A webhook's signing secrets: the current one (no expiry) and, for 24 h after a rotation, the previous. */
export interface DestinationSecretsTable {
  id: Generated<number>;
  destination_id: number;
  secret: string;
  created_at: Timestamp;
  expires_at: MaybeTimestamp;
}

/** A scheduled file of leads by e-mail (0013_email_files.sql): written before it is sent, an outbox of files. */
export interface EmailFilesTable {
  id: Generated<number>;
  destination_id: number;
  /** The leads the file holds, in order. */
  lead_ids: number[];
  state: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  /** A pending file's next try; while a process sends it, the end of that process's lease. */
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: MaybeTimestamp;
  created_at: Date;
}

export interface DB {
  destinations: DestinationsTable;
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  destination_secrets: DestinationSecretsTable;
  email_files: EmailFilesTable;
  event_messages_applied: EventMessagesAppliedTable;
  campaign_previews: CampaignPreviewsTable;
  campaign_daily_visitors: CampaignDailyVisitorsTable;
  otp_codes: OtpCodesTable;
  runtime_secrets: RuntimeSecretsTable;
  page_view_events: PageViewEventsTable;
  spam_leads: SpamLeadsTable;
  pow_spent: PowSpentTable;
  otp_phone_days: OtpPhoneDaysTable;
  otp_site_days: OtpSiteDaysTable;
  campaign_submitted_phones: CampaignSubmittedPhonesTable;
  site_daily_stats: SiteDailyStatsTable;
  campaign_group_totals: CampaignGroupTotalsTable;
  campaigns: CampaignsTable;
  campaign_targets: CampaignTargetsTable;
  campaign_daily_stats: CampaignDailyStatsTable;
  leads: LeadsTable;
  lead_keys: LeadKeysTable;
  spam_lead_keys: SpamLeadKeysTable;
  campaign_revisions: CampaignRevisionsTable;
  roles: RolesTable;
  sites: SitesTable;
  users: UsersTable;
  user_sites: UserSitesTable;
  user_clients: UserClientsTable;
  clients: ClientsTable;
  client_sites: ClientSitesTable;
  sponsors: SponsorsTable;
  access_tokens: AccessTokensTable;
  password_tokens: PasswordTokensTable;
  throttle_events: ThrottleEventsTable;
  uploads: UploadsTable;
  history: HistoryTable;
}

/** What a repository function runs its queries on: the database, or a transaction in progress. */
export type Executor = Kysely<DB> | Transaction<DB>;
