import { inlineAnchor } from '@lead/popup';
import type { SitePage } from './sitePage.js';

/** The page a preview stands for: a laptop's, and a phone's (as the renderer's own sketch). */
export const PAGE_SIZE = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

/** The snapshot's root in its own shadow root: the page's look, and nothing of it outside. */
const hosts = new WeakMap<SitePage, HTMLElement>();
function pageHost(site: SitePage): HTMLElement {
  let host = hosts.get(site);
  if (!host) {
    host = document.createElement('div');
    host.dataset.sitePage = '';
    const root = host.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    // A constructed sheet: it needs no inline style in the admin's CSP.
    sheet.replaceSync(`:host{display:block}[data-body]{min-height:100%}\n${site.css}`);
    root.adoptedStyleSheets = [sheet];
    root.append(site.body);
    hosts.set(site, host);
  }
  return host;
}

/**
 * The canvas's page: `site`'s, the pop-up's `host` placed on it as on the partner page (over the
 * page, or for an inline layout in its article at `inlinePosition`, scrolled into view), in a box
 * of the device's page size; or, without a site page, `host` alone (the renderer draws its sketch).
 * Everything of the page but what holds the pop-up is hidden from assistive technology.
 */
export function placeOnPage(
  canvas: HTMLElement,
  host: HTMLElement,
  site: SitePage | null,
  to: { inline: boolean; device: 'desktop' | 'mobile'; inlinePosition: string },
): void {
  if (!site) {
    if (canvas.firstChild !== host || canvas.childNodes.length !== 1) canvas.replaceChildren(host);
    return;
  }
  const { width, height } = PAGE_SIZE[to.device];
  let box = canvas.firstElementChild as HTMLElement | null;
  if (!box?.hasAttribute('data-page-box')) {
    box = document.createElement('div');
    box.dataset.pageBox = '';
    canvas.replaceChildren(box);
  }
  Object.assign(box.style, { position: 'relative', overflow: 'hidden', width: `${width}px`, height: `${height}px` });
  const page = pageHost(site);
  if (page.parentNode !== box) box.replaceChildren(page);
  const article = site.body.querySelector('[data-article]') ?? site.body;
  if (to.inline) {
    host.style.position = '';
    const { node, after } = inlineAnchor(article, to.inlinePosition);
    if (after) node.after(host);
    else node.append(host);
  } else {
    Object.assign(host.style, { position: 'absolute', top: '0', left: '0' });
    box.append(host);
    box.scrollTop = 0;
  }
  for (const el of site.body.querySelectorAll('*'))
    if (el.contains(host)) el.removeAttribute('aria-hidden');
    else el.setAttribute('aria-hidden', 'true');
}

/** An inline pop-up's page scrolled as a visitor would to it: its top a fifth down the page. */
export function scrollToPopup(canvas: HTMLElement, host: HTMLElement, site: SitePage | null, scale: number): void {
  const box = canvas.firstElementChild;
  if (!site || !(box instanceof HTMLElement) || !site.body.contains(host)) return;
  const top = (host.getBoundingClientRect().top - box.getBoundingClientRect().top) / scale + box.scrollTop;
  box.scrollTop = Math.max(0, top - box.clientHeight / 5);
}

/** The path of the page a campaign's canvas shows: its first target link's, else the demo's own. */
export function pagePath(targets: ReadonlyArray<{ type: string; target: string }>): string | undefined {
  const link = targets.find((t) => t.type === 'links')?.target;
  if (!link) return undefined;
  try {
    const path = new URL(/^https?:\/\//i.test(link) ? link : `https://${link}`).pathname;
    return path.length <= 300 ? path : undefined;
  } catch {
    return undefined;
  }
}
