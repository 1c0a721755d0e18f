import type { CampaignPayload } from '../api/campaigns.js';
import type { CampaignRule } from '../campaign.js';
import { Messages } from '../messages.js';
import type { FieldErrors } from '../types.js';
import { LAYOUTS, blockErrors, type Layout } from './blocks.js';
import { ErrorBag } from './errors.js';
import { designErrors } from './pictures.js';
import { Target, targetError } from './targets.js';
import { popupStyleErrors } from '../style.js';
import { audienceError } from '../runtime/audience.js';

export const CampaignMessages = {
  frequency: 'Frequency must be a number',
  leads: 'Leads must be a number',
  price: 'Price per lead must be a number',
  priceRange: 'Price per lead must be from 0 to 9999999999.99',
  startDate: 'Start Date must be less than End Date',
  startHour: 'Start Hour must be less than End Hour',
  appearance: 'The appearance end time must be after its start time.',
  timeOnPage: 'Time on page must be between 3 and 100 seconds.',
  scroll: 'Scroll percent must be 25, 50, 75 or 100.',
} as const;

/** A price per lead is stored with 2 decimals in 12 digits. */
/**
 * Moving a campaign to another client (issue #44) takes its figures, and its future leads, from
 * one client to the other: only someone who holds every site of both may (a system user does).
 */
export const CAMPAIGN_MOVE_FORBIDDEN =
  'Only someone who holds every site of both clients can move a campaign to another client.';
/** A variant's client is its A/B test's: the test moves, with its variants. */
export const VARIANT_MOVE_REFUSED = "A variant belongs to its A/B test's client: move the A/B test instead.";

export const MAX_PRICE = 10_000_000_000;

export const SCROLL_CHOICES = [25, 50, 75, 100] as const;
export const TIME_ON_PAGE = { min: 3, max: 100, default: 3 } as const;

/** A new campaign's defaults (docs/product-rules.md, the builder). */
export const CAMPAIGN_DEFAULTS = {
  name: 'Campaign ',
  frequency: 7,
  leads: 500,
  pricePerLead: 2.5,
  scroll: 25,
  timeOnPage: 3,
  fixedRules: { campaign_popup_exit: 7, site_popup_exit: 7, show_again_after_submit: 0, show_again_after_exit: 0 },
} as const;

export const isNumeric = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isFinite(v)) ||
  (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));

const ruleValue = (rules: CampaignRule[], name: string) => rules.find((r) => r.rule === name)?.value;

/** Time-on-page: absolute value, 3 to 100 seconds. */
export const clampTimeOnPage = (v: number): number =>
  Math.min(TIME_ON_PAGE.max, Math.max(TIME_ON_PAGE.min, Math.abs(Math.round(v)) || TIME_ON_PAGE.default));

/** An hour of the day as the builder writes it, HH:mm (seconds allowed). */
const HOUR = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const WIRE = /^(\d{4}-\d{2}-\d{2}) (\d{2}):\d{2}(:\d{2})?$/;

/** A timeframe: the start date before the end date; on one day, the start hour before the end hour. */
export function timeframeError(
  startedAt: string | null | undefined,
  endedAt: string | null | undefined,
): string | null {
  const s = WIRE.exec(startedAt ?? '');
  const e = WIRE.exec(endedAt ?? '');
  if (!s || !e) return 'The start and end of the timeframe must be dates as YYYY-MM-DD HH:mm:ss.';
  if (s[1]! > e[1]!) return CampaignMessages.startDate;
  if (s[1] === e[1] && s[2]! >= e[2]!) return CampaignMessages.startHour;
  return null;
}

export interface SaveContext {
  /** The site's hostname: links must be on it. */
  siteHost: string;
  mode: 'create' | 'edit';
  /** In edit mode, whether the stored campaign already has imported targets. */
  hasImport?: boolean;
}

/**
 * Every save-blocking rule for the builder's payload, in the order
 * the admin shows them: blocks first (so the first message is the first
 * invalid block), then the thank-you blocks, pictures and links of extra_fields, then name,
 * devices, targets, settings.
 */
export function campaignSaveErrors(p: CampaignPayload, ctx: SaveContext): FieldErrors | undefined {
  const bag = new ErrorBag();
  const layout = (LAYOUTS as readonly string[]).includes(p.extra_fields?.currentLayout ?? '')
    ? (p.extra_fields.currentLayout as Layout)
    : undefined;
  const formErrors = blockErrors(p.forms ?? [], layout);
  for (const [i, message] of formErrors) bag.add(`forms.${i}`, message);
  for (const [field, message] of designErrors(p, new Set(formErrors.map(([, m]) => m)))) bag.add(field, message);
  if (p.extra_fields?.popupStyle !== undefined)
    for (const [field, message] of popupStyleErrors(p.extra_fields.popupStyle))
      bag.add(field ? `extra_fields.popupStyle.${field}` : 'extra_fields.popupStyle', message);
  if (!p.name?.trim()) bag.add('name', Messages.campaignNameRequired);
  if (!p.device_types?.length) bag.add('device_types', Messages.deviceTypesRequired);

  const csv = p.extra_fields?.targetLinkType === 'csv';
  if (csv) {
    const hasFile = Boolean(p.extra_fields.csvName?.trim());
    if (!hasFile && !(ctx.mode === 'edit' && ctx.hasImport)) bag.add('targets', Target.csvRequired);
  } else {
    const targets = p.targets ?? [];
    if (targets.length === 0) bag.add('targets', Target.atLeastOne);
    targets.forEach((t, i) => {
      const e = targetError(t, ctx.siteHost);
      if (e) bag.add(`targets.${i}`, e);
    });
  }

  const audience = audienceError(p.extra_fields?.audience);
  if (audience) bag.add('extra_fields.audience', audience);

  const rules = p.rules ?? [];
  const frequency = ruleValue(rules, 'days_to_show_again');
  if (frequency !== undefined && !isNumeric(frequency)) bag.add('rules.days_to_show_again', CampaignMessages.frequency);
  if (p.kpis?.lead !== undefined && !isNumeric(p.kpis.lead)) bag.add('kpis.lead', CampaignMessages.leads);
  if (p.price !== undefined && !isNumeric(p.price)) bag.add('price', CampaignMessages.price);
  else if (p.price !== undefined && !(Number(p.price) >= 0 && Number(p.price) < MAX_PRICE))
    bag.add('price', CampaignMessages.priceRange);
  const time = ruleValue(rules, 'time_on_page');
  if (
    time !== undefined &&
    (!isNumeric(time) || Math.abs(Number(time)) < TIME_ON_PAGE.min || Math.abs(Number(time)) > TIME_ON_PAGE.max)
  ) {
    bag.add('rules.time_on_page', CampaignMessages.timeOnPage);
  }
  const scroll = ruleValue(rules, 'scroll_percent');
  if (scroll !== undefined && !(SCROLL_CHOICES as readonly number[]).includes(Number(scroll)))
    bag.add('rules.scroll_percent', CampaignMessages.scroll);
  // Showing only at certain hours needs both hours, the end after the start (an end cleared
  // because the start moved past it is no end: the campaign would show at any hour).
  const appearance = ruleValue(rules, 'appearance_time') as
    { startTime?: unknown; endTime?: unknown } | null | undefined;
  if (appearance !== undefined) {
    const { startTime, endTime } = appearance ?? {};
    if (
      typeof startTime !== 'string' ||
      typeof endTime !== 'string' ||
      !HOUR.test(startTime) ||
      !HOUR.test(endTime) ||
      endTime <= startTime
    ) {
      bag.add('rules.appearance_time', CampaignMessages.appearance);
    }
  }
  if (p.forever === false) {
    const e = timeframeError(p.started_at, p.ended_at);
    if (e) bag.add('started_at', e);
  }
  return bag.result();
}
