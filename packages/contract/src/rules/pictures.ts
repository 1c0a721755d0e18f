import type { CampaignPayload } from '../api/campaigns.js';
import type { FormBlock } from '../campaign.js';
import { THANK_YOU_BLOCKS, blockUrlErrors, isBlockName, isSafeUrl } from './blocks.js';

/*
 * The pop-up's pictures and the parts of a campaign's extra_fields that hold blocks or links: every
 * address in them is checked by the one rule `isSafeUrl`, as the forms' are, on the server and in
 * the builder alike.
 */

/** The pop-up's pictures, and the campaign column each one is stored in. */
export const PICTURE_COLUMNS = {
  mobile: 'image',
  desktop: 'image_desktop',
  background: 'image_background',
  overlayDesktop: 'image_overlay_desktop',
  overlayMobile: 'image_overlay_mobile',
  thankYou: 'thank_you_image',
} as const satisfies Record<string, keyof CampaignPayload>;
export type PictureKey = keyof typeof PICTURE_COLUMNS;
export const PICTURE_KEYS = Object.keys(PICTURE_COLUMNS) as PictureKey[];

export const PICTURE_LABELS: Record<PictureKey, string> = {
  mobile: 'Mobile image',
  desktop: 'Desktop image',
  background: 'Background image',
  overlayDesktop: 'Desktop overlay image',
  overlayMobile: 'Mobile overlay image',
  thankYou: 'Thank-you image',
};

/** Where a picture goes when clicked, and whether in a new tab (extra_fields.imageBlocks, one per picture). */
export interface PictureLink {
  url: string;
  newtab: boolean;
}
export type PictureLinks = Partial<Record<PictureKey, PictureLink>>;

export const unsafePictureMessage = (key: PictureKey): string =>
  `The ${PICTURE_LABELS[key]} must be an uploaded file or start with http:// or https://.`;
export const unsafePictureLinkMessage = (key: PictureKey): string =>
  `The link of the ${PICTURE_LABELS[key]} must start with http://, https://, mailto: or tel:.`;
export const THANK_YOU_ONLY = 'The thank-you view only takes Title, Subtitle and Link button blocks.';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parse(json: unknown): { value?: unknown; bad: boolean } {
  if (json === undefined || json === null || json === '') return { bad: false };
  if (typeof json !== 'string') return { bad: true };
  try {
    return { value: JSON.parse(json) as unknown, bad: false };
  } catch {
    return { bad: true };
  }
}

/** extra_fields.imageBlocks read: each picture's link (unknown keys and malformed entries left out); null when it is not an object. */
export function pictureLinks(json: unknown): PictureLinks | null {
  const { value, bad } = parse(json);
  if (bad || (value !== undefined && !isObject(value))) return null;
  const out: PictureLinks = {};
  for (const key of PICTURE_KEYS) {
    const entry = isObject(value) ? value[key] : undefined;
    if (isObject(entry) && typeof entry.url === 'string') out[key] = { url: entry.url, newtab: entry.newtab !== false };
  }
  return out;
}

/** The block data that is text, when present (JSON in extra_fields is not checked by the route's schema). */
const TEXT_DATA = ['value', 'placeholder', 'url', 'valueHTML', 'align'];
const isBlock = (v: unknown): v is FormBlock =>
  isObject(v) &&
  typeof v.name === 'string' &&
  (typeof v.id === 'string' || typeof v.id === 'number') &&
  isObject(v.data) &&
  TEXT_DATA.every(
    (k) =>
      (v.data as Record<string, unknown>)[k] === undefined ||
      typeof (v.data as Record<string, unknown>)[k] === 'string',
  );

/** A JSON list of blocks in extra_fields, or null when it is not one. */
export function storedBlocks(json: unknown): FormBlock[] | null {
  const { value, bad } = parse(json);
  if (bad || (value !== undefined && !(Array.isArray(value) && value.every(isBlock)))) return null;
  return (value as FormBlock[] | undefined) ?? [];
}

/** The extra_fields keys that hold copies of the form's blocks (the forms themselves are checked as blocks). */
const BLOCK_COPIES = ['listBlockAdded', 'textBlocks', 'actionBlocks'] as const;

/**
 * Every picture and link outside `forms`, as [field, message] pairs in the order the builder shows
 * them: the thank-you blocks (their names, their links), the pictures and their links, then the
 * copies of the form's blocks in extra_fields (a message the forms already gave is not repeated).
 */
export function designErrors(p: CampaignPayload, already: ReadonlySet<string> = new Set()): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const ef = p.extra_fields ?? {};
  const thankYou = storedBlocks(ef.listBlockThankyou);
  if (!thankYou) out.push(['extra_fields.listBlockThankyou', 'The thank-you blocks must be a JSON list of blocks.']);
  thankYou?.forEach((block, i) => {
    const key = `extra_fields.listBlockThankyou.${i}`;
    if (isBlockName(block.name) && !THANK_YOU_BLOCKS.includes(block.name)) out.push([key, THANK_YOU_ONLY]);
    else for (const m of blockUrlErrors(block)) out.push([key, m]);
  });
  for (const key of PICTURE_KEYS) {
    const src = p[PICTURE_COLUMNS[key]];
    if (typeof src === 'string' && src.trim() && !isSafeUrl(src, 'media'))
      out.push([PICTURE_COLUMNS[key], unsafePictureMessage(key)]);
  }
  const links = pictureLinks(ef.imageBlocks);
  if (!links)
    out.push(['extra_fields.imageBlocks', 'The picture links must be a JSON object of {url, newtab} per picture.']);
  for (const key of PICTURE_KEYS) {
    const url = links?.[key]?.url.trim();
    if (url && !isSafeUrl(url, 'link')) out.push([`extra_fields.imageBlocks.${key}`, unsafePictureLinkMessage(key)]);
  }
  const seen = new Set(already);
  for (const field of BLOCK_COPIES) {
    const blocks = storedBlocks(ef[field]);
    if (!blocks) out.push([`extra_fields.${field}`, `The ${field} must be a JSON list of blocks.`]);
    blocks?.forEach((block, i) => {
      for (const m of blockUrlErrors(block)) {
        if (seen.has(m)) continue;
        out.push([`extra_fields.${field}.${i}`, m]);
        seen.add(m);
      }
    });
  }
  return out;
}

/** The error keys fixed on the DESIGN step: the blocks, the name, the pictures and their links. */
export const isDesignErrorKey = (key: string): boolean =>
  key === 'name' ||
  key.startsWith('forms') ||
  key.startsWith('extra_fields.') ||
  (Object.values(PICTURE_COLUMNS) as string[]).includes(key);
