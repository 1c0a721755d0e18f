import type { BlockName, FormBlock } from '../campaign.js';

/** Blocks that collect a visitor's answer under a field key (`data.value`). */
export const FIELD_BLOCKS: readonly BlockName[] = [
  'Text', 'Email', 'Phone', 'Tel', 'Number', 'Date', 'Location', 'Dropdown', 'Radio', 'Checkbox', 'Terms', 'PhoneOTP', 'WhatsAppOTP', 'ZaloOTP',
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

/** SSO tags of spec 5: which visitor profile field a block fills. */
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

export const LAYOUTS = [
  'Floating', 'Tab', 'SkinA', 'SkinB', 'CenterTab', 'LightBoxA', 'LightBoxB', 'InlineA', 'InlineB', 'Fullscreen', 'Sidebar', 'Slider',
] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Layouts that can show a thank-you view, and the blocks it may hold. */
export const THANK_YOU_LAYOUTS: readonly Layout[] = ['LightBoxB', 'Fullscreen', 'InlineA', 'InlineB', 'Sidebar', 'Slider'];
export const THANK_YOU_BLOCKS: readonly BlockName[] = ['Title', 'Subtitle', 'LinkButton'];

/** Display type codes of section 3 per layout. */
export const LAYOUT_DISPLAY_TYPE: Record<Layout, number> = {
  LightBoxA: 1, LightBoxB: 2, Floating: 3, Fullscreen: 4, InlineA: 5, InlineB: 6, Slider: 7, Sidebar: 8, Tab: 9, SkinA: 10, SkinB: 11, CenterTab: 12,
};

export const blockLabel = (block: FormBlock): string => block.data.placeholder?.trim() || BLOCK_LABELS[block.name] || block.name;

/**
 * Whether `name` may be added to `blocks` on `layout`; the refusal message when not
 * (spec 5, Blocks: one OTP block of any kind, one Location; LightBoxA offers only LinkButton).
 */
export function blockRefusal(blocks: readonly FormBlock[], name: BlockName, layout?: Layout): string | null {
  if (layout === 'LightBoxA' && name !== 'LinkButton') return `The ${layout} layout only takes a ${BLOCK_LABELS.LinkButton} block.`;
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

/** T&C: URLs one per line, each valid (spec 5). */
export function termsErrors(block: FormBlock): string | null {
  const lines = (block.data.placeholder ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return 'URLs of the T&C block are required. Please provide the information properly';
  if (!lines.every((l) => URL_LINE.test(l))) return 'URLs of the T&C block are invalid. Please try again!';
  return null;
}

/**
 * T&C text: the text between asterisks becomes links, in order, to the URLs
 * one per line: `I agree to *the terms* and *privacy*`.
 */
export function termsHtml(text: string, urls: string, escape: (s: string) => string): string {
  const list = urls.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  let i = 0;
  return text
    .split(/(\*[^*]+\*)/)
    .map((part) => {
      if (/^\*[^*]+\*$/.test(part) && i < list.length) {
        const url = list[i++]!;
        return `<a href="${escape(url)}" target="_blank" rel="noopener noreferrer">${escape(part.slice(1, -1))}</a>`;
      }
      return escape(part);
    })
    .join('');
}

/**
 * Every save-blocking block rule of spec 5, in block order, so that the first
 * message belongs to the first invalid block. Returns [blockIndex, message] pairs.
 */
export function blockErrors(blocks: readonly FormBlock[], layout?: Layout): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  const seenKeys = new Map<string, number>();
  const seen: FormBlock[] = [];
  blocks.forEach((block, i) => {
    const label = blockLabel(block);
    const refusal = block.name === 'Submit' ? null : blockRefusal(seen, block.name);
    if (refusal && (OTP_BLOCKS.includes(block.name) || block.name === 'Location')) out.push([i, refusal]);
    seen.push(block);
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
      else if (answers.some((a) => !a.value?.trim())) out.push([i, `The field ${label} has empty value. Please check again!`]);
    }
  });
  if (layout === 'LightBoxA' && !blocks.some((b) => b.name === 'LinkButton')) {
    out.push([blocks.length, `The ${layout} layout needs a ${BLOCK_LABELS.LinkButton} block.`]);
  }
  return out;
}
