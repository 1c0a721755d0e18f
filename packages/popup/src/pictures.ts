import { safeUrl, type PictureKey, type PictureLink, type PictureLinks } from '@lead/contract';
import { el } from './dom.js';

/** The pop-up's pictures, by key: each device's picture and overlay, the background, the thank-you view's. */
export type PopupImages = Partial<Record<PictureKey, string | null>>;

/*
 * Pictures are set through `img.src` and the CSSOM (`style.backgroundImage`), never a style
 * attribute or element, so that a page with a strict Content-Security-Policy shows them.
 */

/**
 * Where our uploads are served from: on a partner page the Lead server's origin (a picture stored
 * as /uploads/… is not on the partner's own host), in the builder's preview the page's own.
 */
let uploadsBase = '';
export const setUploadsBase = (base: string): void => void (uploadsBase = base);
export const located = (source: string) => (source.startsWith('/uploads/') ? uploadsBase + source : source);

/** A link's accessible name when its picture has no text: the address without its scheme. */
const linkName = (href: string) => href.replace(/^[a-z]+:(\/\/)?/i, '');

/** A link around `child` when `link` is a safe one, in a new tab when chosen; else `child` itself. */
export function linked(child: HTMLElement, link: Partial<PictureLink> | undefined, name?: string): HTMLElement {
  const href = safeUrl(link?.url, 'link');
  if (!href) return child;
  const newtab = link?.newtab !== false;
  return el(
    'a',
    {
      class: 'picture-link',
      href,
      target: newtab ? '_blank' : undefined,
      rel: newtab ? 'noopener noreferrer' : undefined,
      'aria-label': name ? undefined : linkName(href),
    },
    child,
  );
}

/** An uploaded or web picture (nothing for another scheme), linked when it has a link. */
export function picture(
  src: string | null | undefined,
  link: Partial<PictureLink> | undefined,
  cls: string,
  alt = '',
): HTMLElement | null {
  const source = safeUrl(src, 'media');
  return source ? linked(el('img', { class: cls, src: located(source), alt }), link, alt) : null;
}

/**
 * The pictures above the blocks: on the main view the device's picture with the device's overlay
 * laid over it (alone when there is no picture), on the thank-you view the thank-you picture.
 */
export function media(
  images: PopupImages,
  links: PictureLinks,
  device: 'desktop' | 'mobile',
  view: 'main' | 'thankyou',
): HTMLElement | null {
  const keys: PictureKey[] =
    view === 'thankyou'
      ? ['thankYou']
      : device === 'desktop'
        ? ['desktop', 'overlayDesktop']
        : ['mobile', 'overlayMobile'];
  const parts = keys.map((k, i) => {
    const p = picture(images[k], links[k], i ? 'overlay' : 'hero');
    p?.setAttribute('data-picture', k);
    return p;
  });
  const shown = parts.filter((p): p is HTMLElement => p !== null);
  return shown.length ? el('div', { class: 'media' }, ...shown) : null;
}

/** The background picture (through the CSSOM) and, when it links somewhere, a link under the blocks that covers the pop-up. */
export function background(
  popup: HTMLElement,
  src: string | null | undefined,
  link: Partial<PictureLink> | undefined,
): void {
  const source = safeUrl(src, 'media');
  if (!source) return;
  popup.style.backgroundImage = `url("${encodeURI(located(source))}")`;
  const a = linked(el('span'), link);
  if (a.tagName !== 'A') return;
  a.classList.add('bg-link');
  a.setAttribute('data-picture', 'background');
  popup.prepend(a);
}

export const PICTURE_STYLES = `
.media{position:relative}
.media img{display:block;width:100%;border-radius:6px}
.media>*+*{position:absolute;inset:0}
.media>*+*,.media>*+* img{height:100%;object-fit:contain}
.picture-link{display:block}
.bg-link{position:absolute;inset:0;z-index:0}
.bg-link~*:not(.close){position:relative;z-index:1}
`;
