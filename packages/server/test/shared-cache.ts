/**
 * A shared HTTP cache (a CDN) in front of the server, modelled on RFC 9111 as far as the public
 * campaigns answer needs: what it stores, which stored answer it may hand to a request, and how it
 * revalidates. Used by test/public-cache.test.ts to show that no origin is served another's answer.
 */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Where it came from: the server ('origin') or this cache ('hit', 'revalidated'). */
  via: 'origin' | 'hit' | 'revalidated';
}
export type Request = { url: string; headers: Record<string, string> };
export type Upstream = (request: Request) => Promise<Omit<CachedResponse, 'via'>>;

interface Entry {
  /** The request headers the stored answer's Vary names, as the request that fetched it had them. */
  selecting: Record<string, string | undefined>;
  vary: string[];
  response: Omit<CachedResponse, 'via'>;
  stale: boolean;
}

/** RFC 9111 4.1: header values compared after trimming and joining repeated fields; case-insensitive names. */
const value = (headers: Record<string, string>, name: string) => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key]!.trim().replace(/\s*,\s*/g, ', ');
};

export class SharedCache {
  private entries = new Map<string, Entry[]>();

  constructor(private readonly upstream: Upstream) {}

  /** Every stored answer is past its max-age: the next request for it revalidates. */
  expire(): void {
    for (const list of this.entries.values()) for (const e of list) e.stale = true;
  }

  async fetch(request: Request): Promise<CachedResponse> {
    const stored = this.entries.get(request.url) ?? [];
    // 4.1: a stored answer may serve a request only when every header its Vary names matches ("*" never does).
    const usable = stored.find(
      (e) => !e.vary.includes('*') && e.vary.every((h) => value(request.headers, h) === e.selecting[h]),
    );
    if (usable && !usable.stale) return { ...usable.response, via: 'hit' };
    // 4.3.1: a cache revalidating may send the validators of every answer it holds for the URL,
    // and (4.3.3/4.3.4) use whichever stored answer a 304's ETag names.
    const etags = stored.map((e) => e.response.headers.etag).filter((x): x is string => Boolean(x));
    const forwarded = { ...request.headers, ...(etags.length ? { 'if-none-match': etags.join(', ') } : {}) };
    const answer = await this.upstream({ url: request.url, headers: forwarded });
    if (answer.status === 304) {
      const selected = stored.find((e) => e.response.headers.etag === answer.headers.etag);
      if (selected) {
        selected.stale = false;
        selected.response = {
          ...selected.response,
          headers: {
            ...selected.response.headers,
            ...answer.headers,
            'content-length': selected.response.headers['content-length'] ?? '',
          },
        };
        return { ...selected.response, via: 'revalidated' };
      }
    }
    // 3: a 200 that says public (or has a max-age and no private/no-store) is stored under its Vary.
    const cc = answer.headers['cache-control'] ?? '';
    if (answer.status === 200 && /\b(public|max-age=\d+)/.test(cc) && !/\b(private|no-store)\b/.test(cc)) {
      const vary = (answer.headers.vary ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      const entry: Entry = {
        selecting: Object.fromEntries(vary.map((h) => [h, value(request.headers, h)])),
        vary,
        response: answer,
        stale: false,
      };
      // A new answer for the same selecting headers replaces the old one.
      const rest = stored.filter(
        (e) => !(e.vary.join() === vary.join() && vary.every((h) => e.selecting[h] === entry.selecting[h])),
      );
      this.entries.set(request.url, [...rest, entry]);
    }
    return { ...answer, via: 'origin' };
  }
}
