/**
 * Where a visit came from (docs/runtime-audience.md, "Where leads come from"): the referring page's host
 * and the campaign tags of the address it landed on. The embed reads it when a visit starts
 * (`readSource`), sends it with the page view that shows a pop-up, and the server keeps it with
 * that page view and with its lead. Nothing here names a person: a host, never a full referrer
 * address, and the tags the partner's own links carry.
 */

/** The source's fields, in the order exports and the webhook write them. */
export const SOURCE_KEYS = [
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'ttclid',
] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];
/** A visit's source: only the fields it has. */
export type VisitSource = Partial<Record<SourceKey, string>>;

/** The longest value kept of a tag or click id (the embed cuts, the server refuses longer). */
export const MAX_SOURCE_LENGTH = 200;
/** The longest host name (RFC 1035). */
export const MAX_HOST_LENGTH = 253;

/** The query parameters that only say where a visitor came from: exact-link targets ignore them. */
export const TRACKING_PARAM = /^(utm_[a-z0-9_]*|gclid|fbclid|ttclid)$/i;

/** `url` without its tracking parameters (`utm_*`, `gclid`, `fbclid`, `ttclid`); the rest of its query as it was. */
export function withoutTracking(url: string): string {
  const hash = url.indexOf('#');
  const end = hash < 0 ? url.length : hash;
  const q = url.indexOf('?');
  if (q < 0 || q > end) return url;
  const kept = url
    .slice(q + 1, end)
    .split('&')
    .filter((p) => p && !TRACKING_PARAM.test(p.split('=')[0]!));
  return url.slice(0, q) + (kept.length ? `?${kept.join('&')}` : '') + url.slice(end);
}

/** A value as kept: control characters out, trimmed, cut to its length. */
const clean = (value: string, max: number): string =>
  [...value]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch !== '\u007f')
    .join('')
    .trim()
    .slice(0, max);

/**
 * The source of a visit that starts on `url`, reached from `referrer` (`document.referrer`):
 * the tags and click ids of the address, and the referrer's host when it is another site's.
 */
export function readSource(url: string, referrer: string): VisitSource {
  const out: VisitSource = {};
  let here: URL;
  try {
    here = new URL(url);
  } catch {
    return out;
  }
  for (const key of SOURCE_KEYS) {
    const value = key === 'referrer_host' ? null : here.searchParams.get(key);
    if (value) {
      const v = clean(value, MAX_SOURCE_LENGTH);
      if (v) out[key] = v;
    }
  }
  try {
    const from = new URL(referrer).hostname.toLowerCase();
    const site = (h: string) => h.replace(/^www\./, '');
    if (from && site(from) !== site(here.hostname.toLowerCase())) out.referrer_host = from.slice(0, MAX_HOST_LENGTH);
  } catch {
    // No referrer (typed, bookmarked, or a referrer policy of no-referrer).
  }
  return out;
}

/** Whether `source` carries any campaign tag or click id (a new campaign visit starts with one). */
export const tagged = (source: VisitSource): boolean => SOURCE_KEYS.some((k) => k !== 'referrer_host' && source[k]);
