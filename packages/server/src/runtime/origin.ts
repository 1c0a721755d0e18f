/** Whether a page's origin may use a site's campaigns: its host is the site's, with or without `www.`. */
export function originHost(origin: string | undefined): string | null {
  if (!origin || origin === 'null') return null;
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * `host` is the site's (`sites.name`) with or without `www.`, any scheme and port. With `demo`,
 * `<site>.localhost` is the site too: the demo partner pages `npm start` serves live there.
 */
export function isSiteHost(host: string | null, siteHost: string, demo: boolean): boolean {
  if (!host) return false;
  let h = host.replace(/^www\./, '');
  if (demo && h.endsWith('.localhost')) h = h.slice(0, -'.localhost'.length).replace(/^www\./, '');
  return h === siteHost.toLowerCase().replace(/^www\./, '');
}

/**
 * Whether a request comes from a page of the site, as a browser's does: its `Origin` is the
 * site's host (checked before: another host's is refused), or, without one, its `Referer` is a
 * page of the site. Events from nowhere (a script, a server) are answered and count nothing.
 */
export function fromSitePage(headers: { origin?: string; referer?: string }, siteHost: string, demo: boolean): boolean {
  if (headers.origin !== undefined) return isSiteHost(originHost(headers.origin), siteHost, demo);
  return isSiteHost(originHost(headers.referer), siteHost, demo);
}
