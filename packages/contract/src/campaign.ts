/** Campaign shapes on the wire. */
import type { CampaignStatus, CampaignType, DeviceType, DisplayType } from './constants.js';

export type Align = 'left' | 'center' | 'right';

export interface Answer {
  value: string;
  placeholder: string;
}

export interface FormBlockData {
  /** The field key the visitor's answer is stored under. */
  value?: string;
  /** The label shown to the visitor (for T&C: its URLs, one per line). */
  placeholder?: string;
  required?: boolean;
  singleSubmission?: boolean;
  newtab?: boolean;
  url?: string;
  align?: Align;
  listQuestion?: Answer[];
  valueHTML?: string;
}

export interface FormBlock {
  name: BlockName;
  id: string | number;
  data: FormBlockData;
}

export const BLOCK_NAMES = [
  'Title',
  'Subtitle',
  'Text',
  'Email',
  'Phone',
  'Tel',
  'Number',
  'Date',
  'Location',
  'Dropdown',
  'Radio',
  'Checkbox',
  'Image',
  'Video',
  'LinkButton',
  'Submit',
  'Signup',
  'Terms',
  'PhoneOTP',
  'WhatsAppOTP',
  'ZaloOTP',
] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];

export type TargetType = 'links' | 'tags';
export type MatchOption = 'start_with' | 'exact_match';

export interface SubTarget {
  option: MatchOption;
  value: string;
}

export interface CampaignTarget {
  type: TargetType;
  option: MatchOption;
  target: string;
  sub_target: SubTarget[];
  is_import?: boolean;
  error?: string;
}

export interface CampaignRule {
  rule: string;
  value: unknown;
}

export interface AppearanceTime {
  startTime: string;
  endTime: string;
}

export interface ExtraFields {
  popupVersion?: string;
  csvName?: string;
  targetLinkType?: 'links' | 'tags' | 'csv';
  popupShowThankYou?: 'show' | 'notshow';
  currentLayout?: string;
  actionBlocks?: string;
  listBlockAdded?: string;
  listBlockThankyou?: string;
  textBlocks?: string;
  imageBlocks?: string;
  popupInlinePosition?: string;
  // Before 2.1:
  title?: string;
  submit?: string;
  desc?: string;
  popupThankyouTitle?: string;
  popupThankyouDesc?: string;
  [key: string]: unknown;
}

export interface CampaignKpis {
  lead?: number | string;
  impression?: number | string;
}

/** The builder's save payload (POST and PUT /campaign). */
export interface CampaignPayload {
  name: string;
  display_type: DisplayType;
  device_types: DeviceType[];
  status?: CampaignStatus;
  rules: CampaignRule[];
  trigger_type: string;
  forms: FormBlock[];
  extra_fields: ExtraFields;
  is_target_import?: boolean;
  started_at?: string | null;
  ended_at?: string | null;
  forever?: boolean;
  targets: CampaignTarget[];
  site_id: number;
  client_id: number;
  kpis?: CampaignKpis;
  price?: number | string;
  image?: string | null;
  image_desktop?: string | null;
  thank_you_image?: string | null;
  image_background?: string | null;
  image_overlay_desktop?: string | null;
  image_overlay_mobile?: string | null;
  is_sponsor?: boolean;
  sponsor_ids?: number[];
}

export interface CampaignListRow {
  id: number;
  name: string;
  code: string;
  image: string | null;
  site: { id: number; name: string; label: string; flag: string; nation: string };
  client: { id: number; name: string };
  creator: { id: number; first_name: string; last_name: string } | null;
  status: CampaignStatus;
  formatted_status: string;
  type: CampaignType;
  parent_id: number | null;
  is_testing_running: boolean;
  is_schedule: boolean;
  device_types: Array<{ id: DeviceType; name: string; is_disabled: boolean }>;
  display_type: DisplayType;
  started_at: string | null;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
  rules: CampaignRule[];
  total_impression: number;
  total_lead: number;
  total_submit: number;
  total_click: number;
  total_bounce: number;
  total_visitor: number;
  total_habit_exit: number;
  total_intentional_exit: number;
  conversion_rate: number;
  variants?: CampaignListRow[];
}

export interface Pagination {
  items_per_page: number;
  current: number;
  total_items: number;
}

export interface CampaignList {
  models: CampaignListRow[];
  pagination: Pagination;
  total_items: number;
  total_impressions: number;
  total_leads: number;
  total_submits: number;
  /** Every report figure summed over all matching campaigns; only when the list asks (`report_totals=1`). */
  report_totals?: ReportFigures;
}

/**
 * The report fields, in the order the Report view shows them, with their daily-rollup
 * column (campaign_daily_stats) and their heading.
 */
export const REPORT_FIGURES = [
  { key: 'total_impression', daily: 'impressions', label: 'Impressions' },
  { key: 'total_lead', daily: 'leads', label: 'Leads' },
  { key: 'total_click', daily: 'clicks', label: 'Clicks' },
  { key: 'total_submit', daily: 'submits', label: 'Submits' },
  { key: 'total_bounce', daily: 'bounces', label: 'Bounces' },
  { key: 'total_visitor', daily: 'visitors', label: 'Visitors' },
  { key: 'total_habit_exit', daily: 'habit_exits', label: 'Habit exits' },
  { key: 'total_intentional_exit', daily: 'intentional_exits', label: 'Intentional exits' },
] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number]['key'];
export type ReportFigures = Record<ReportFigure, number>;

export interface CampaignDetail extends Omit<CampaignPayload, 'status'> {
  id: number;
  started_at: string | null;
  ended_at: string | null;
  forever: boolean;
  kpis: CampaignKpis;
  price: number;
  image: string | null;
  image_desktop: string | null;
  thank_you_image: string | null;
  image_background: string | null;
  image_overlay_desktop: string | null;
  image_overlay_mobile: string | null;
  is_sponsor: boolean;
  sponsor_ids: number[];
  code: string;
  status: CampaignStatus;
  type: CampaignType;
  is_testing_running: boolean;
  is_schedule: boolean;
  is_expired: boolean;
  is_target_import: boolean;
  site: { id: number; name: string };
  client: { id: number; name: string };
  total_impression: number;
  total_lead: number;
  total_click: number;
  total_submit: number;
  total_bounce: number;
  total_visitor: number;
  total_habit_exit: number;
  total_intentional_exit: number;
  created_at: string;
  updated_at: string;
}

export interface Lead {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  created_at: string;
}
