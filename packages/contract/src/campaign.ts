/** Campaign shapes on the wire (the answers' and the payload's are schemas: `api/campaigns.ts`). */
import type { PopupStyle } from './style.js';
import type { Audience } from './runtime/audience.js';

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
  /** Targeting by source and visitor (`runtime/audience.ts`); absent: every visitor, as before. */
  audience?: Audience;
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
  /** The pop-up's style (style.ts); without it the pop-up looks as `DEFAULT_POPUP_STYLE`. */
  popupStyle?: PopupStyle;
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
  // Of the leads, those that are duplicates (not billable).
  { key: 'total_duplicate', daily: 'duplicates', label: 'Duplicates' },
  // The client's verdicts on the leads (rules/verdicts.ts): credited rejections are not billable.
  { key: 'total_accepted', daily: 'accepted', label: 'Accepted' },
  { key: 'total_rejected', daily: 'rejected', label: 'Rejected' },
  { key: 'total_credited', daily: 'credited', label: 'Credited' },
] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number]['key'];
export type ReportFigures = Record<ReportFigure, number>;
