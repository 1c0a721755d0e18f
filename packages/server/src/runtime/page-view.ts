/**
 * Signed page views (docs/decisions/0004-signed-page-views.md): the events route hands a page
 * view's first batch (its impression) a page-view id signed with the server's secret; the
 * page's later events carry it. An id cannot be made offline, names its site and visitor, and
 * lives an hour; each one counts at most one impression, click, close and bounce per campaign.
 *
 * Visitor hashes are salted with a salt of the day derived from the same secret: yesterday's
 * hashes cannot be matched with today's, and without the secret none can be recomputed.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a page view's events count after its impression. */
export const PAGE_VIEW_TTL_MS = 60 * 60 * 1000;

export interface PageViews {
  /** A new page view of `siteId` by `visitor`, signed. */
  mint(siteId: number, visitor: string, now: Date): string;
  /** The page view's own id (its nonce) when `token` is one this server signed for the site and visitor and it is still alive. */
  verify(token: string, siteId: number, visitor: string, now: Date): string | null;
  /** The visitor as stored for `day` (YYYY-MM-DD): 63 bits of an HMAC under the day's salt. */
  visitorHash(visitor: string, day: string): bigint;
}

export function pageViews(secret: string): PageViews {
  const sign = (text: string) =>
    createHmac('sha256', secret).update(text).digest().subarray(0, 16).toString('base64url');
  const salts = new Map<string, Buffer>();
  const salt = (day: string) => {
    let s = salts.get(day);
    if (!s) {
      if (salts.size > 4) salts.clear();
      s = createHmac('sha256', secret).update(`visitor-salt:${day}`).digest();
      salts.set(day, s);
    }
    return s;
  };
  return {
    mint(siteId, visitor, now) {
      const nonce = randomBytes(12).toString('base64url');
      const issued = Math.floor(now.getTime() / 1000).toString(36);
      return `${nonce}.${issued}.${sign(`${siteId}.${visitor}.${nonce}.${issued}`)}`;
    },
    verify(token, siteId, visitor, now) {
      const [nonce = '', issued = '', mac = ''] = token.split('.');
      const expected = Buffer.from(sign(`${siteId}.${visitor}.${nonce}.${issued}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const age = now.getTime() - parseInt(issued, 36) * 1000;
      return age >= -60_000 && age <= PAGE_VIEW_TTL_MS ? nonce : null;
    },
    visitorHash(visitor, day) {
      return createHmac('sha256', salt(day)).update(visitor).digest().readBigInt64BE(0) & 0x7fffffffffffffffn;
    },
  };
}
