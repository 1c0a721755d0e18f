import { call } from '../../api/client.js';

/**
 * The campaign site's own article page, for the Design step's canvas to draw the pop-up on: the
 * HTML the demo partner site serves (GET /sites/{id}/page), rebuilt here as a snapshot that can do
 * nothing but look like the page. The HTML is parsed inertly (DOMParser runs no script and loads
 * nothing); from it only the elements below are copied, each made afresh with its class and
 * nothing else (no `on…`, no `href`, no `src`, no `style`), and only the page's style rules, read
 * through the CSSOM without `@import`, `@font-face` or any `url(…)`. The canvas shows the snapshot
 * in a shadow root of its own, so that the page's rules and the admin's never meet.
 */
export interface SitePage {
  /** The page's style rules, `html` and `body` read as the snapshot's root `[data-body]`. */
  css: string;
  /** The page's body as a `[data-body]` element; its article (where an inline pop-up goes) is marked `data-article`. */
  body: HTMLElement;
}

/** The elements copied: text and the boxes that hold it. Any other element is left out with all it holds. */
const KEEP = new Set(
  'header footer main article section nav aside div span p h1 h2 h3 h4 h5 h6 ul ol li a small strong em b i blockquote figure figcaption br hr'.split(
    ' ',
  ),
);

/** A copy of `from`'s children into `to`: kept elements (with their class), and text. */
function copy(from: Node, to: Element): void {
  for (const node of from.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) to.append(node.textContent ?? '');
    if (!(node instanceof Element) || !KEEP.has(node.localName)) continue;
    const made = document.createElement(node.localName);
    const cls = node.getAttribute('class');
    if (cls) made.className = cls;
    if (node.hasAttribute('data-lead-article')) made.dataset.article = '';
    copy(node, made);
    to.append(made);
  }
}

/** `html`, `:root` and `body` in a selector: the snapshot's root. */
const ROOT = /(^|[\s>+~,(])(?:html|:root|body)(?![\w-])/gi;

/** The rules of `rules` that only style: selectors onto the snapshot, no `url(…)` (nothing fetched). */
function rulesOf(rules: CSSRuleList): string {
  let css = '';
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule) {
      const style = rule.style;
      for (const name of [...style]) if (/url\(/i.test(style.getPropertyValue(name))) style.removeProperty(name);
      css += `${rule.selectorText.replace(ROOT, '$1[data-body]')}{${style.cssText}}\n`;
    } else if (rule instanceof CSSMediaRule) {
      css += `@media ${rule.media.mediaText}{${rulesOf(rule.cssRules)}}\n`;
    }
  }
  return css;
}

/** The snapshot of `html` (a whole page). */
export function snapshot(html: string): SitePage {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const sheet = new CSSStyleSheet();
  // replaceSync takes no @import; the page's <style> elements only (a <link>ed sheet is not fetched).
  sheet.replaceSync([...doc.querySelectorAll('style')].map((s) => s.textContent).join('\n'));
  const body = document.createElement('div');
  body.dataset.body = '';
  copy(doc.body, body);
  if (!body.querySelector('[data-article]'))
    (body.querySelector('article, main') ?? body).setAttribute('data-article', '');
  return { css: rulesOf(sheet.cssRules), body };
}

const fetched = new Map<string, Promise<SitePage | null>>();

/** The snapshot of site `siteId`'s page at `path`, fetched once; null where the demo serves none (or it could not be had). */
export function sitePage(siteId: number, path: string | undefined): Promise<SitePage | null> {
  const key = `${siteId} ${path ?? ''}`;
  let page = fetched.get(key);
  if (!page) {
    page = call('GET /api/admin/sites/:id/page', {
      params: { id: siteId },
      query: { path },
      hideLoading: true,
      hideError: true,
    }).then(
      (res) => (res._data.html ? snapshot(res._data.html) : null),
      () => {
        // Asked again next time (the canvas meanwhile shows the sketch).
        fetched.delete(key);
        return null;
      },
    );
    fetched.set(key, page);
  }
  return page;
}
