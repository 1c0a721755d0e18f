import { el } from './dom.js';
import { PICTURE_STYLES } from './pictures.js';
import { STYLES } from './styles.js';

/**
 * The pop-up's styles on its shadow root as a constructable stylesheet (`adoptedStyleSheets`): no
 * `<style>` element and no `style` attribute, so a page whose CSP allows no inline styles lays it
 * out as any other page does. A browser without them (Safari before 16.4) gets a `<style>`
 * element carrying the page's nonce: the one returned here, to put in the root.
 */
const styled = new WeakSet<ShadowRoot>();
export function attachStyles(root: ShadowRoot, nonce: string | undefined): HTMLStyleElement[] {
  if (!('adoptedStyleSheets' in root) || !('replaceSync' in CSSStyleSheet.prototype))
    return [el('style', { nonce }, STYLES + PICTURE_STYLES)];
  if (!styled.has(root)) {
    // The root's own window's constructor: a sheet can only be adopted in the document that made it.
    const sheet = new (root.ownerDocument.defaultView ?? window).CSSStyleSheet();
    sheet.replaceSync(STYLES + PICTURE_STYLES);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    styled.add(root);
  }
  return [];
}
