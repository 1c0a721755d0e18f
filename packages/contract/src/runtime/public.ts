/**
 * The runtime's wire (docs/api/public.md, docs/runtime.md): what the loader on a partner page receives from
 * `GET /api/public/sites/{id}/campaigns` and sends to the events and leads routes.
 */
import type { FormBlock, MatchOption } from '../campaign.js';
import type { TriggerType } from '../constants.js';
import type { Layout } from '../rules/blocks.js';
import type { PictureLinks } from '../rules/pictures.js';
import type { PopupStyle } from '../style.js';
import type { Audience, SiteCap } from './audience.js';
import { withoutTracking } from './source.js';

export const EVENT_TYPES = ['impression', 'click', 'close', 'bounce', 'start', 'leave'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/**
 * The events that name a form field (`field`: the block's index in the form, never what was typed):
 * `start`, the visitor's first focus or input in a field; `leave`, the pop-up left unsent (closed,
 * or the page left), with the last field reached (docs/decisions/0009).
 */
export const FIELD_EVENT_TYPES: readonly EventType[] = ['start', 'leave'];
/** The most blocks a form field index may name (a form has far fewer). */
export const MAX_FIELD_INDEX = 99;

/** A pop-up closed sooner than this after it was shown is a habit exit; later, an intentional one. */
export const HABIT_EXIT_MS = 3000;
/** The most events one request may carry. */
export const MAX_EVENTS_PER_BATCH = 100;
/** A viewport narrower than this is Mobile. */
export const MOBILE_MAX_WIDTH = 768;
/**
 * Exit intent on a phone, where no pointer leaves the window (runtime.md, "Triggers"): the visitor
 * scrolls back up by EXIT_SCROLL_UP_PX or more within EXIT_SCROLL_UP_MS (a flick towards the
 * address bar and the browser's back button; reading, even upwards, is slower).
 */
export const EXIT_SCROLL_UP_PX = 200;
export const EXIT_SCROLL_UP_MS = 400;
/** The one `localStorage` key of the visitor's state. */
export const VISITOR_STATE_KEY = 'lead:v1';

export interface PublicLinkTarget {
  option: MatchOption;
  /** Stored lowercased and URI-encoded (normalizeLink). */
  target: string;
  /** Excluded sub-targets: a page matching one of them never shows the campaign. */
  exclude: Array<{ option: MatchOption; value: string }>;
}

/** What the loader needs to choose and render one campaign (or one arm of a running A/B test). */
export interface PublicCampaign {
  code: string;
  /** The campaign revision these forms are (its newest save): the pop-up sends it back with a lead. */
  revision?: number;
  /** The running A/B test's code, when this campaign is one of its arms (the test itself or a variant). */
  test?: string;
  layout: Layout;
  devices: Array<'mobile' | 'desktop'>;
  trigger: { type: TriggerType; seconds?: number; percent?: number };
  links: PublicLinkTarget[];
  tags: string[];
  /** The timeframe in epoch milliseconds; absent when forever. */
  from?: number;
  to?: number;
  /** Daily appearance hours in the site's time zone, 'HH:mm' each. */
  hours?: { start: string; end: string };
  frequency: {
    /** Not again for this many days after an impression (0: every page view). */
    days: number;
    /** After a close: this campaign not for this many days... */
    campaignExit: number;
    /** ...and no campaign of the site for this many. */
    siteExit: number;
    againAfterSubmit: boolean;
    againAfterExit: boolean;
  };
  forms: FormBlock[];
  thankYou: FormBlock[];
  showThankYou: boolean;
  /** The pop-up's pictures: each device's picture and overlay, the background, the thank-you view's picture. */
  images: {
    mobile: string | null;
    desktop: string | null;
    background: string | null;
    overlayMobile?: string | null;
    overlayDesktop?: string | null;
    thankYou?: string | null;
  };
  /** Where each picture goes when clicked (only safe links are served), and whether in a new tab. */
  imageLinks?: PictureLinks;
  /** Inline layouts: where in the article ('6th' paragraph, 'h2-2nd', 'last-h2', 'end-of-article'...). */
  inlinePosition: string;
  /** The campaign's style, its defaults filled in; absent for a campaign without one (it looks as before styles). */
  style?: PopupStyle;
  /** Who sees it beyond page, device and times (`extra_fields.audience`); absent: every visitor. */
  audience?: Audience;
}

export interface PublicSite {
  id: number;
  /** The pop-up's language (the message catalogue's key). */
  lang: RuntimeLang;
  timeZone: string;
  /** The site's cap on pop-ups per visitor across its campaigns; absent: none. */
  cap?: SiteCap;
}

export interface PublicCampaigns {
  site: PublicSite;
  campaigns: PublicCampaign[];
}

export const RUNTIME_LANGS = ['en', 'vi', 'id', 'th', 'ms', 'zh-TW', 'km', 'my'] as const;
export type RuntimeLang = (typeof RUNTIME_LANGS)[number];

/** Each country's pop-up language and main time zone (spec section 3's countries). */
export const COUNTRY_RUNTIME: Record<string, { lang: RuntimeLang; timeZone: string }> = {
  VN: { lang: 'vi', timeZone: 'Asia/Ho_Chi_Minh' },
  ID: { lang: 'id', timeZone: 'Asia/Jakarta' },
  TH: { lang: 'th', timeZone: 'Asia/Bangkok' },
  MY: { lang: 'ms', timeZone: 'Asia/Kuala_Lumpur' },
  TW: { lang: 'zh-TW', timeZone: 'Asia/Taipei' },
  KH: { lang: 'km', timeZone: 'Asia/Phnom_Penh' },
  MM: { lang: 'my', timeZone: 'Asia/Yangon' },
  IN: { lang: 'en', timeZone: 'Asia/Kolkata' },
  PH: { lang: 'en', timeZone: 'Asia/Manila' },
  HHG: { lang: 'en', timeZone: 'Asia/Singapore' },
};

/** 32-bit FNV-1a of a string, as GrowthBook hashes. */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The arm (0..arms-1) a visitor sees in an A/B test: GrowthBook's hash v2
 * (`fnv1a32(fnv1a32(seed + id))`, in 10,000 buckets), so the same visitor always gets the same arm.
 */
export function abArm(test: string, visitorId: string, arms: number): number {
  const n = (fnv1a32(String(fnv1a32(test + visitorId))) % 10000) / 10000;
  return Math.min(arms - 1, Math.floor(n * arms));
}

/**
 * A link as targets compare it: lowercased, URI-encoded once, without scheme, port, `www.`,
 * fragment, tracking parameters (`utm_*`, `gclid`, `fbclid`, `ttclid`: where the visitor came
 * from, not which page it is) and trailing slash. A host under `.localhost` is the host itself: the demo partner
 * pages live at `<site>.localhost` (no real partner host ends so).
 */
export function comparableLink(raw: string): string {
  let s = raw.trim().toLowerCase();
  try {
    s = decodeURI(s);
  } catch {
    // Keep it as it is.
  }
  s = withoutTracking(encodeURI(s).replace(/#.*$/, ''))
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/^([^/?]*):\d+/, '$1')
    .replace(/^([^/?]*)\.localhost(?=[/?]|$)/, '$1');
  return s.replace(/\/+(\?|$)/, '$1');
}

const linkMatches = (option: MatchOption, target: string, page: string): boolean => {
  const t = comparableLink(target);
  return option === 'exact_match' ? page === t : page.startsWith(t);
};

/** Whether a page (its URL and `lead:tags`) is one of the campaign's targets, exclusions winning. */
export function pageMatches(
  c: Pick<PublicCampaign, 'links' | 'tags'>,
  pageUrl: string,
  pageTags: readonly string[],
): boolean {
  const page = comparableLink(pageUrl);
  const byLink = c.links.some(
    (l) => linkMatches(l.option, l.target, page) && !l.exclude.some((x) => linkMatches(x.option, x.value, page)),
  );
  const tag = (t: string) => t.trim().toLowerCase();
  return byLink || c.tags.some((t) => pageTags.some((p) => tag(p) === tag(t)));
}
