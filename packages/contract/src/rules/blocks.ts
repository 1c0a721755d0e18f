import { BLOCK_NAMES, type BlockName, type FormBlock } from '../campaign.js';

/** Blocks that collect a visitor's answer under a field key (`data.value`). */
export const FIELD_BLOCKS: readonly BlockName[] = [
  'Text',
  'Email',
  'Phone',
  'Tel',
  'Number',
  'Date',
  'Location',
  'Dropdown',
  'Radio',
  'Checkbox',
  'Terms',
  'PhoneOTP',
  'WhatsAppOTP',
  'ZaloOTP',
];
export const CHOICE_BLOCKS: readonly BlockName[] = ['Dropdown', 'Radio', 'Checkbox'];
export const OTP_BLOCKS: readonly BlockName[] = ['PhoneOTP', 'WhatsAppOTP', 'ZaloOTP'];

export const BLOCK_LABELS: Record<BlockName, string> = {
  Title: 'Title',
  Subtitle: 'Subtitle',
  Text: 'Text',
  Email: 'Email',
  Phone: 'Phone',
  Tel: 'Tel',
  Number: 'Number',
  Date: 'Date',
  Location: 'Location',
  Dropdown: 'Dropdown',
  Radio: 'Radio',
  Checkbox: 'Checkbox',
  Image: 'Image',
  Video: 'Video',
  LinkButton: 'Link button',
  Submit: 'Submit button',
  Signup: 'Signup buttons',
  Terms: 'T&C',
  PhoneOTP: 'Phone OTP',
  WhatsAppOTP: 'WhatsApp OTP',
  ZaloOTP: 'Zalo OTP',
};

/** SSO tags: which visitor profile field a block fills. */
export const SSO_TAGS: Partial<Record<BlockName, string>> = {
  Text: 'name',
  Email: 'email',
  Date: 'birthday',
  Phone: 'phone',
  PhoneOTP: 'phone',
  WhatsAppOTP: 'phone',
  ZaloOTP: 'phone',
  Radio: 'gender',
  Dropdown: 'gender',
};

/** The field keys staff pick from for a block (others may be typed); gender's answers are Male=1, Female=0. */
export const FIELD_PRESETS = ['name', 'phone', 'email', 'birthday', 'gender'] as const;
export type FieldPreset = (typeof FIELD_PRESETS)[number];
export const GENDER_ANSWERS: ReadonlyArray<{ value: string; placeholder: string }> = [
  { value: '1', placeholder: 'Male' },
  { value: '0', placeholder: 'Female' },
];
/** Blocks whose edit panel offers "one submission per number" (`data.singleSubmission`). */
export const SINGLE_SUBMISSION_BLOCKS: readonly BlockName[] = ['Phone', 'PhoneOTP', 'WhatsAppOTP', 'ZaloOTP'];

export const LAYOUTS = [
  'Floating',
  'Tab',
  'SkinA',
  'SkinB',
  'CenterTab',
  'LightBoxA',
  'LightBoxB',
  'InlineA',
  'InlineB',
  'Fullscreen',
  'Sidebar',
  'Slider',
] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Layouts that can show a thank-you view, and the blocks it may hold. */
export const THANK_YOU_LAYOUTS: readonly Layout[] = [
  'LightBoxB',
  'Fullscreen',
  'InlineA',
  'InlineB',
  'Sidebar',
  'Slider',
];
export const THANK_YOU_BLOCKS: readonly BlockName[] = ['Title', 'Subtitle', 'LinkButton'];

/** Display type codes of section 3 per layout. */
export const LAYOUT_DISPLAY_TYPE: Record<Layout, number> = {
  LightBoxA: 1,
  LightBoxB: 2,
  Floating: 3,
  Fullscreen: 4,
  InlineA: 5,
  InlineB: 6,
  Slider: 7,
  Sidebar: 8,
  Tab: 9,
  SkinA: 10,
  SkinB: 11,
  CenterTab: 12,
};

export const blockLabel = (block: FormBlock): string =>
  block.data.placeholder?.trim() || BLOCK_LABELS[block.name] || block.name;

/**
 * Whether `name` may be added to `blocks` on `layout`; the refusal message when not
 * (one OTP block of any kind, one Location; LightBoxA offers only LinkButton).
 */
export function blockRefusal(blocks: readonly FormBlock[], name: BlockName, layout?: Layout): string | null {
  if (layout === 'LightBoxA' && name !== 'LinkButton')
    return `The ${layout} layout only takes a ${BLOCK_LABELS.LinkButton} block.`;
  if (OTP_BLOCKS.includes(name)) {
    const existing = blocks.find((b) => OTP_BLOCKS.includes(b.name));
    if (existing) {
      return existing.name === name
        ? `The ${BLOCK_LABELS[name]} field already exist.`
        : `Please remove the ${BLOCK_LABELS[existing.name]} field before adding the ${BLOCK_LABELS[name]} field.`;
    }
  }
  if (name === 'Location' && blocks.some((b) => b.name === 'Location')) return 'The Location field already exist.';
  if (name === 'Submit' && blocks.some((b) => b.name === 'Submit')) return 'The Submit button already exist.';
  return null;
}

/** New answers of a choice block: value answerN, label 'Answer N'. */
export const newAnswer = (n: number) => ({ value: `answer${n}`, placeholder: `Answer ${n}` });

const URL_LINE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/**
 * Stored links are only web addresses (and, for a link button, mail and phone
 * links): a `javascript:` or `data:` link saved in a campaign would run on
 * every partner page that shows it.
 */
const WEB_LINK = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const CONTACT_LINK = /^(mailto:[^\s]+|tel:\+?[0-9()\s.-]{3,})$/i;
/** Uploaded media are served from our own /uploads/. */
const UPLOADED = /^\/uploads\/[A-Za-z0-9._/-]+$/;

export type LinkKind = 'link' | 'media' | 'web';

/** Whether `url` may be stored and rendered as a link of this kind. */
export function isSafeUrl(url: string, kind: LinkKind): boolean {
  const u = url.trim();
  if (WEB_LINK.test(u)) return true;
  if (kind === 'link') return CONTACT_LINK.test(u);
  if (kind === 'media') return UPLOADED.test(u);
  return false;
}

/** `url` when it is safe to put in an href or src, else null. */
export const safeUrl = (url: string | undefined | null, kind: LinkKind): string | null =>
  url && isSafeUrl(url, kind) ? url.trim() : null;

/** What a block's `data.url` is: a link button's or an image's target (where a click goes), or a video's source. */
const URL_KIND: Partial<Record<BlockName, LinkKind>> = { LinkButton: 'link', Image: 'link', Video: 'media' };

export const unsafeUrlMessage = (label: string, kind: LinkKind): string =>
  kind === 'link'
    ? `The link of block "${label}" must start with http://, https://, mailto: or tel:.`
    : `The source of block "${label}" must be an uploaded file or start with http:// or https://.`;

export const isBlockName = (name: unknown): name is BlockName =>
  typeof name === 'string' && (BLOCK_NAMES as readonly string[]).includes(name);
export const unknownBlockMessage = (name: unknown): string =>
  `The block "${String(name).slice(0, 50)}" is not a block the pop-up knows (${BLOCK_NAMES.join(', ')}).`;

/**
 * An Image block's two parts: its picture (`data.value`, an upload or a web address) and where a
 * click on it goes (`data.url`, opened in a new tab with `data.newtab`). An Image block saved
 * before the two were apart has no `value`: its `url` is its picture and it links nowhere.
 */
export function imageParts(block: FormBlock): { src: string; href: string } {
  const d = block.data;
  return typeof d.value === 'string' ? { src: d.value, href: d.url ?? '' } : { src: d.url ?? '', href: '' };
}

/** A block's name and every address it holds (link, picture, source), each by the one rule `isSafeUrl`. */
export function blockUrlErrors(block: FormBlock): string[] {
  if (!isBlockName(block.name)) return [unknownBlockMessage(block.name)];
  const label = blockLabel(block);
  const out: string[] = [];
  if (block.name === 'Image') {
    const { src, href } = imageParts(block);
    if (src.trim() && !isSafeUrl(src, 'media')) out.push(unsafeUrlMessage(label, 'media'));
    if (href.trim() && !isSafeUrl(href, 'link')) out.push(unsafeUrlMessage(label, 'link'));
    return out;
  }
  const urlKind = URL_KIND[block.name];
  if (urlKind && block.data.url?.trim() && !isSafeUrl(block.data.url, urlKind))
    out.push(unsafeUrlMessage(label, urlKind));
  return out;
}

/** T&C: URLs one per line, each valid. */
export function termsErrors(block: FormBlock): string | null {
  const lines = termsUrls(block.data.placeholder ?? '');
  if (lines.length === 0) return 'URLs of the T&C block are required. Please provide the information properly';
  if (!lines.every((l) => URL_LINE.test(l) && isSafeUrl(l, 'web')))
    return 'URLs of the T&C block are invalid. Please try again!';
  return null;
}

/** What a T&C block says when its text was left empty. */
export const TERMS_DEFAULT_TEXT = 'I agree to *the terms*';

/** A piece of a T&C block's text as shown: plain words, or words that link to `url`. */
export interface TermsPart {
  text: string;
  url?: string;
}

/**
 * T&C text as shown: the text between asterisks becomes links, in order, to the URLs one per
 * line (`I agree to *the terms* and *privacy*`). Whatever was stored, only a web address becomes
 * a link; starred words past the last URL stay as typed. The pop-up draws these parts and the
 * server's consent record keeps them: one rule for both.
 */
export function termsParts(text: string, urls: string): TermsPart[] {
  const list = termsUrls(urls);
  let i = 0;
  return text
    .split(/(\*[^*]+\*)/)
    .filter((part) => part !== '')
    .map((part) => {
      if (/^\*[^*]+\*$/.test(part) && i < list.length) {
        const url = safeUrl(list[i++], 'web');
        return url ? { text: part.slice(1, -1), url } : { text: part.slice(1, -1) };
      }
      return { text: part };
    });
}

/** A T&C block's URLs: its placeholder, one per line, blank lines left out. */
export function termsUrls(urls: string): string[] {
  return urls
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The parts a T&C block shows: its text (the default when empty) with its links. */
export const termsShown = (block: FormBlock): TermsPart[] =>
  termsParts(block.data.valueHTML || TERMS_DEFAULT_TEXT, block.data.placeholder ?? '');

/** T&C text as HTML: every piece of text and URL escaped (`escape`), links opening in a new tab. */
export function termsHtml(text: string, urls: string, escape: (s: string) => string): string {
  return termsParts(text, urls)
    .map((p) =>
      p.url
        ? `<a href="${escape(p.url)}" target="_blank" rel="noopener noreferrer">${escape(p.text)}</a>`
        : escape(p.text),
    )
    .join('');
}

/**
 * Every save-blocking block rule, in block order, so that the first
 * message belongs to the first invalid block. Returns [blockIndex, message] pairs.
 */
export function blockErrors(blocks: readonly FormBlock[], layout?: Layout): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  const seenKeys = new Map<string, number>();
  const seen: FormBlock[] = [];
  blocks.forEach((block, i) => {
    const label = blockLabel(block);
    // A name the pop-up does not know would be drawn as a text box: refused, and nothing else said of it.
    if (!isBlockName(block.name)) return void out.push([i, unknownBlockMessage(block.name)]);
    const refusal = block.name === 'Submit' ? null : blockRefusal(seen, block.name);
    if (refusal && (OTP_BLOCKS.includes(block.name) || block.name === 'Location')) out.push([i, refusal]);
    seen.push(block);
    for (const message of blockUrlErrors(block)) out.push([i, message]);
    if (block.name === 'Terms') {
      const terms = termsErrors(block);
      if (terms) out.push([i, terms]);
      if (!block.data.value?.trim()) out.push([i, `The field ${label} has empty value. Please check again!`]);
      return;
    }
    if (!FIELD_BLOCKS.includes(block.name)) return;
    const key = block.data.value?.trim() ?? '';
    if (!key) {
      out.push([i, `The field ${label} has empty value. Please check again!`]);
    } else if (seenKeys.has(key)) {
      out.push([i, `The key of block "${label}" is duplicated. Please select that field and type another value!`]);
    } else {
      seenKeys.set(key, i);
    }
    if (CHOICE_BLOCKS.includes(block.name)) {
      const answers = block.data.listQuestion ?? [];
      if (answers.length < 2) out.push([i, `The field ${label} needs at least 2 answers.`]);
      else if (answers.some((a) => !a.value?.trim()))
        out.push([i, `The field ${label} has empty value. Please check again!`]);
    }
  });
  if (layout === 'LightBoxA' && !blocks.some((b) => b.name === 'LinkButton')) {
    out.push([blocks.length, `The ${layout} layout needs a ${BLOCK_LABELS.LinkButton} block.`]);
  }
  return out;
}
