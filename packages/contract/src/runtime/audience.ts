/**
 * Targeting by source and visitor (docs/runtime-audience.md, "Audience"): a campaign's optional audience
 * (`extra_fields.audience`, version 1) and the site's cap on pop-ups per visitor. Both are read by
 * the runtime's one choice function (`choose.ts`): the embed on partner pages and the admin's
 * "which campaign wins this page" run the same rules. A campaign without an audience is chosen
 * exactly as before; a site without a cap shows as many as its campaigns' own rules allow.
 */
import { fnv1a32 } from './public.js';
import type { VisitSource } from './source.js';
import type { Visit } from './visit.js';

/** What a source condition may read: the campaign tags and the referring host. */
export const AUDIENCE_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer_host',
] as const;
export type AudienceField = (typeof AUDIENCE_FIELDS)[number];
export const AUDIENCE_OPS = ['equals', 'contains'] as const;
export type AudienceOp = (typeof AUDIENCE_OPS)[number];
export const AUDIENCE_VISITORS = ['any', 'new', 'returning'] as const;
export type AudienceVisitor = (typeof AUDIENCE_VISITORS)[number];

export interface SourceCondition {
  field: AudienceField;
  op: AudienceOp;
  /** Compared without case and surrounding spaces. */
  value: string;
}

/** `extra_fields.audience`: who sees the campaign, beyond its page, device and times. */
export interface Audience {
  v: 1;
  /** Every condition must hold (none: any source). */
  sources: SourceCondition[];
  visitor: AudienceVisitor;
  /** Pages read in this visit, this one included, at least (1: any). */
  minPages: number;
  /** The share of eligible visitors shown it, 1–100 (decided once per visitor and campaign). */
  percent: number;
}

/** The site's cap on pop-ups per visitor across its campaigns (absent: none). */
export interface SiteCap {
  visit?: number;
  day?: number;
}

export const MAX_AUDIENCE_SOURCES = 10;
export const MAX_AUDIENCE_VALUE = 200;
export const MAX_MIN_PAGES = 100;
export const MAX_SITE_CAP = 100;

/** An audience that lets every visitor through: what a campaign without one behaves as. */
export const ANY_AUDIENCE: Audience = { v: 1, sources: [], visitor: 'any', minPages: 1, percent: 100 };

const norm = (s: string | undefined) => (s ?? '').trim().toLowerCase();

/** Whether a visit's source meets one condition. */
export function sourceMatches(condition: SourceCondition, source: VisitSource): boolean {
  const have = norm(source[condition.field]);
  const want = norm(condition.value);
  if (!have) return false;
  return condition.op === 'equals' ? have === want : have.includes(want);
}

/**
 * Whether visitor `visitorId` is among the `percent` % shown campaign `code`: a hash of both
 * (GrowthBook's v2, as the A/B split, with its own seed), so the answer is the same on every page
 * view and visit, and independent of the A/B arm.
 */
export function inShare(code: string, visitorId: string, percent: number): boolean {
  if (percent >= 100) return true;
  return fnv1a32(String(fnv1a32(`share:${code}:${visitorId}`))) % 100 < percent;
}

/** Why an audience refuses the visitor (the first rule that does), or null. */
export type AudienceRefusal = 'source' | 'visitor' | 'pages' | 'percent';

export function audienceRefusal(
  audience: Audience | undefined,
  code: string,
  visitorId: string,
  visit: Visit | undefined,
): AudienceRefusal | null {
  if (!audience) return null;
  const source = visit?.r ?? {};
  if (!audience.sources.every((c) => sourceMatches(c, source))) return 'source';
  const returning = Boolean(visit?.b);
  if ((audience.visitor === 'new' && returning) || (audience.visitor === 'returning' && !returning)) return 'visitor';
  if ((visit?.n ?? 1) < audience.minPages) return 'pages';
  if (!inShare(code, visitorId, audience.percent)) return 'percent';
  return null;
}

/**
 * Whether the site's cap is reached for the visitor: pop-ups shown (`shown`, epoch ms) since the
 * visit began, and since the site's midnight (from `clock`, 'HH:mm' now in the site's zone; the
 * last 24 hours when the zone is unknown).
 */
export function capReached(
  cap: SiteCap | undefined,
  shown: readonly number[] | undefined,
  visit: Visit | undefined,
  now: number,
  clock: string,
): 'cap_visit' | 'cap_day' | null {
  if (!cap || !shown?.length) return null;
  const [h, m] = clock.split(':').map(Number);
  const midnight = clock ? now - (now % 60_000) - ((h ?? 0) * 60 + (m ?? 0)) * 60_000 : now - 864e5;
  const since = (from: number) => shown.filter((t) => t >= from).length;
  if (cap.visit && visit && since(visit.a) >= cap.visit) return 'cap_visit';
  if (cap.day && since(midnight) >= cap.day) return 'cap_day';
  return null;
}

/**
 * What is wrong with an `extra_fields.audience` as saved (null: nothing), in staff's words: the
 * server answers 422 with it, and the builder shows it under the Audience tab.
 */
export function audienceError(a: unknown): string | null {
  if (a === undefined || a === null) return null;
  if (typeof a !== 'object' || Array.isArray(a)) return 'The audience must be an object.';
  const x = a as Record<string, unknown>;
  const known = new Set(['v', 'sources', 'visitor', 'minPages', 'percent']);
  const unknown = Object.keys(x).find((k) => !known.has(k));
  if (unknown) return `The audience has no setting ${unknown}.`;
  if (x.v !== 1) return 'The audience must be version 1 (v: 1).';
  if (!Array.isArray(x.sources)) return 'The audience sources must be a list.';
  if (x.sources.length > MAX_AUDIENCE_SOURCES)
    return `An audience has at most ${MAX_AUDIENCE_SOURCES} source conditions.`;
  for (const [i, c] of (x.sources as unknown[]).entries()) {
    const s = c as Partial<Record<keyof SourceCondition, unknown>>;
    const n = i + 1;
    if (typeof c !== 'object' || c === null) return `Source condition ${n} must be an object.`;
    if (!AUDIENCE_FIELDS.includes(s.field as AudienceField))
      return `Source condition ${n}: the field must be one of ${AUDIENCE_FIELDS.join(', ')}.`;
    if (!AUDIENCE_OPS.includes(s.op as AudienceOp)) return `Source condition ${n}: compare with equals or contains.`;
    if (typeof s.value !== 'string' || !s.value.trim()) return `Source condition ${n}: enter a value.`;
    if (s.value.length > MAX_AUDIENCE_VALUE)
      return `Source condition ${n}: the value is at most ${MAX_AUDIENCE_VALUE} characters.`;
  }
  if (!AUDIENCE_VISITORS.includes(x.visitor as AudienceVisitor)) return 'The visitor must be any, new or returning.';
  if (!Number.isInteger(x.minPages) || (x.minPages as number) < 1 || (x.minPages as number) > MAX_MIN_PAGES)
    return `Pages read in this visit must be a whole number from 1 to ${MAX_MIN_PAGES}.`;
  if (!Number.isInteger(x.percent) || (x.percent as number) < 1 || (x.percent as number) > 100)
    return 'The share of visitors must be a whole number from 1 to 100.';
  return null;
}
