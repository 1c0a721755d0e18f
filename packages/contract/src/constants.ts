/** Business constants and the code tables of the wire (statuses, devices, display types). */

export const STATUS_SUCCESS = 1;
export const STATUS_ERROR = -1;

export const CampaignStatus = {
  Inactive: -1,
  Active: 1,
  Paused: 2,
  Draft: -2,
  Schedule: 0,
  Expired: 3,
  AbTest: 4,
} as const;
export type CampaignStatus = (typeof CampaignStatus)[keyof typeof CampaignStatus];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  [-1]: 'Inactive',
  1: 'Active',
  2: 'Paused',
  [-2]: 'Draft',
  0: 'Schedule',
  3: 'Expired',
  4: 'AB Test',
};

/**
 * Each status's badge (`<span data-status-badge data-status="paused">`): its colours in
 * @lead/styles, the same on every surface (the list, the detail page, System History's entries).
 */
export const CAMPAIGN_STATUS_KEYS: Record<CampaignStatus, string> = {
  [-1]: 'inactive',
  1: 'active',
  2: 'paused',
  [-2]: 'draft',
  0: 'schedule',
  3: 'expired',
  4: 'ab-test',
};

/** The list's status filter offers only these. */
export const STATUS_FILTER_OPTIONS: readonly CampaignStatus[] = [1, -1, 3, 0, 4];

export const CampaignType = { Normal: 0, AbTest: 1, Variant: 2 } as const;
/** A user's account: active (1) or not (0); in account views anything but 1 is inactive. */
export const AccountStatus = { Active: 1, Inactive: 0 } as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];
export type CampaignType = (typeof CampaignType)[keyof typeof CampaignType];

export const DISPLAY_TYPES = {
  1: 'Lightbox A',
  2: 'Lightbox B',
  3: 'Floating bar',
  4: 'Fullscreen',
  5: 'Inline A',
  6: 'Inline B',
  7: 'Slider',
  8: 'Sidebar',
  9: 'Tab',
  10: 'Skin A',
  11: 'Skin B',
  12: 'Center Tab',
} as const;
export type DisplayType = keyof typeof DISPLAY_TYPES;

export const DeviceType = { Mobile: 1, Desktop: 2 } as const;
export type DeviceType = (typeof DeviceType)[keyof typeof DeviceType];
export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = { 1: 'Mobile', 2: 'Desktop' };
/** Every device type, in the order the admin offers them. */
export const DEVICE_TYPES: readonly DeviceType[] = [DeviceType.Mobile, DeviceType.Desktop];

export const TRIGGER_TYPES = ['on_landing', 'on_scroll', 'exit_intent', 'on_click', 'hover', 'custom', 'idle'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const ADMIN_ROLES = ['campaign-leader', 'system'] as const;
/** The one role that sees and changes every user, client and history entry, and the only one that may grant itself. */
export const SYSTEM_ROLE = 'system';
export const isAdminRole = (name: string): boolean => (ADMIN_ROLES as readonly string[]).includes(name);

export const COUNTRIES = ['VN', 'ID', 'TH', 'MY', 'TW', 'KH', 'MM', 'IN', 'PH', 'HHG'] as const;
export type Country = (typeof COUNTRIES)[number];
/** The sites' countries by name, as lists and messages show them; a group-wide site's numbers are read as Singapore's (`@lead/contract/phone`). */
export const COUNTRY_NAMES: Record<Country, string> = {
  VN: 'Vietnam',
  ID: 'Indonesia',
  TH: 'Thailand',
  MY: 'Malaysia',
  TW: 'Taiwan',
  KH: 'Cambodia',
  MM: 'Myanmar',
  IN: 'India',
  PH: 'Philippines',
  HHG: 'Group-wide (Singapore)',
};

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;
/** At most this many campaigns in one lead file (a page of the list at its largest). */
export const EXPORT_MAX_CAMPAIGNS = 200;
export const TABLE_PAGE_SIZE = 200;
export const TABLE_PAGE_SIZE_OPTIONS = [25, 50, 100, 200] as const;
export const HISTORY_PAGE_SIZE = 20;
export const REQUEST_TIMEOUT_MS = 60_000;
export const SEARCH_DEBOUNCE_MS = 300;
export const SITE_COUNT = 12;

/** Wire date format, in the server's time zone. */
export const WIRE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const KB = 1024;
const MB = 1024 * KB;

/** Upload kinds of POST /uploads, with their byte limits and accepted content. */
export const UPLOAD_LIMITS = {
  avatar: { maxBytes: 520_000, accepts: ['image'] },
  image: { maxBytes: 1 * MB, accepts: ['image'] },
  overlay: { maxBytes: 500 * KB, accepts: ['image'] },
  video: { maxBytes: 5 * MB, accepts: ['video'] },
  csv: { maxBytes: 10 * MB, accepts: ['csv'] },
} as const;
export type UploadKind = keyof typeof UPLOAD_LIMITS;
export const UPLOAD_KINDS = Object.keys(UPLOAD_LIMITS) as UploadKind[];

/** Access tokens: 12 hours, or 30 days with remember. Reset tokens: 60 minutes. */
export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 8;
