/**
 * Fixed-window counters in this process's memory, for the public routes: a partner page's
 * traffic is too much to count each request in the database (the admin's sign-in limits are
 * there, plugins/throttle.ts). Several processes each keep their own counts.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key`: the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      if (this.windows.size > 100_000) this.sweep(t);
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count > this.max ? Math.max(1, Math.ceil((w.start + this.windowMs - t) / 1000)) : 0;
  }

  private sweep(t: number) {
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}

/** Crawlers and monitors: they get the campaigns but count nothing (no impression, no lead). */
export const BOT_AGENT =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor|curl\/|wget|python-requests|go-http-client|headless|lighthouse|pingdom/i;

export const isBot = (userAgent: string | undefined): boolean => !userAgent || BOT_AGENT.test(userAgent);

/**
 * The key of a per-address limit: an IPv4 address (also when written as IPv6-mapped), or an IPv6
 * address's /64 (one subscriber's network: a host there chooses among 2^64 addresses).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
