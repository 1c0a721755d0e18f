import {
  BLOCK_LABELS,
  GENDER_ANSWERS,
  LAYOUT_DISPLAY_TYPE,
  blockLabel,
  SSO_TAGS,
  THANK_YOU_LAYOUTS,
  newAnswer,
  type BlockName,
  type FormBlock,
  type Layout,
} from '@lead/contract';

/*
 * What a layout starts with (the defaults): the sample blocks loaded when a
 * layout is chosen, the thank-you defaults (Vietnamese for site 1), and the palette per layout.
 */
let seq = 0;
export const blockId = (): string => `b${Date.now().toString(36)}${(++seq).toString(36)}`;

/** A new block's field key: its SSO tag where it has one (Text→name, Email→email, …), else its own. */
const DEFAULT_KEYS: Partial<Record<BlockName, string>> = {
  ...SSO_TAGS,
  Location: 'location',
  Terms: 'terms',
  Tel: 'tel',
  Number: 'number',
  Checkbox: 'interests',
};
const DEFAULT_LABELS: Partial<Record<BlockName, string>> = {
  Title: 'Sample title',
  Subtitle: 'Sample description',
  Text: 'Full name',
  Email: 'Email',
  Phone: 'Phone',
  Tel: 'Tel',
  Number: 'Number',
  Date: 'Birthday',
  Location: 'Location',
  Dropdown: 'Gender',
  Radio: 'Gender',
  Checkbox: 'Interests',
  LinkButton: 'Join now',
  Submit: 'Submit',
  Terms: '',
  PhoneOTP: 'Phone',
  WhatsAppOTP: 'WhatsApp',
  ZaloOTP: 'Zalo',
  Image: 'Image',
  Video: 'Video',
};

/** A new block of `name` with its defaults; choice blocks start with two answers. */
export function newBlock(name: BlockName): FormBlock {
  const data: FormBlock['data'] = { placeholder: DEFAULT_LABELS[name] ?? name };
  const key = DEFAULT_KEYS[name];
  if (key) data.value = key;
  if (name === 'Title' || name === 'Subtitle') data.align = 'center';
  if (name === 'Dropdown' || name === 'Radio') data.listQuestion = GENDER_ANSWERS.map((a) => ({ ...a }));
  if (name === 'Checkbox') data.listQuestion = [newAnswer(1), newAnswer(2)];
  if (name === 'LinkButton') Object.assign(data, { url: '', newtab: true });
  // An Image block's picture (value) and where a click on it goes (url).
  if (name === 'Image') Object.assign(data, { value: '', url: '', newtab: true });
  if (name === 'Terms') Object.assign(data, { placeholder: '', valueHTML: '', required: true });
  if (name === 'Email' || name === 'Text' || name === 'Phone' || name.endsWith('OTP')) data.required = true;
  return { name, id: blockId(), data };
}

/** A block on the canvas: its kind and its text; a T&C block's text (asterisks dropped), never its URLs. */
export function canvasLabel(b: FormBlock): string {
  const text = b.name === 'Terms' ? (b.data.valueHTML ?? '').replace(/\*/g, '').trim() : blockLabel(b);
  return text ? `${BLOCK_LABELS[b.name]}: ${text}` : BLOCK_LABELS[b.name];
}

/** The sample a layout loads (LightBoxA takes only a link button). */
export function sampleForms(layout: Layout): FormBlock[] {
  if (layout === 'LightBoxA') return [newBlock('Title'), newBlock('Subtitle'), newBlock('LinkButton')];
  return [newBlock('Title'), newBlock('Subtitle'), newBlock('Email'), newBlock('Submit')];
}

/** The thank-you view's defaults: 'THANK YOU' and 'We appreciate your time!'; site 1 (Vietnam) gets them in Vietnamese (our translation: the spec names the variant, not its words). */
export function thankYouDefaults(siteId: number): FormBlock[] {
  const vi = siteId === 1;
  return [
    { name: 'Title', id: blockId(), data: { placeholder: vi ? 'CẢM ƠN BẠN' : 'THANK YOU', align: 'center' } },
    {
      name: 'Subtitle',
      id: blockId(),
      data: {
        placeholder: vi ? 'Chúng tôi trân trọng thời gian của bạn!' : 'We appreciate your time!',
        align: 'center',
      },
    },
  ];
}

/** The blocks the palette offers on `layout` (LightBoxA allows only LinkButton). */
export const PALETTE: readonly BlockName[] = [
  'Title',
  'Subtitle',
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
  'Image',
  'Video',
  'LinkButton',
  'Submit',
  'Signup',
  'Terms',
  'PhoneOTP',
  'WhatsAppOTP',
  'ZaloOTP',
];
export const paletteFor = (layout: Layout | null): readonly BlockName[] =>
  layout === 'LightBoxA' ? ['LinkButton'] : PALETTE;

/** Layouts shown on both devices preview on Mobile; Sidebar, Fullscreen and Slider are Desktop only. */
export const DESKTOP_ONLY: readonly Layout[] = ['Sidebar', 'Fullscreen', 'Slider'];
export const isThankYouLayout = (layout: Layout | null): boolean =>
  layout !== null && THANK_YOU_LAYOUTS.includes(layout);
export const displayTypeOf = (layout: Layout): number => LAYOUT_DISPLAY_TYPE[layout];

export const LAYOUT_NAMES: Record<Layout, string> = {
  Floating: 'Floating bar',
  Tab: 'Tab',
  SkinA: 'Skin A',
  SkinB: 'Skin B',
  CenterTab: 'Center Tab',
  LightBoxA: 'Lightbox A',
  LightBoxB: 'Lightbox B',
  InlineA: 'Inline A',
  InlineB: 'Inline B',
  Fullscreen: 'Fullscreen',
  Sidebar: 'Sidebar',
  Slider: 'Slider',
};

export const INLINE_POSITIONS = [
  ...Array.from({ length: 12 }, (_, i) => `${ordinal(i + 1)}`),
  'last-paragraph',
  ...Array.from({ length: 10 }, (_, i) => `h2-${ordinal(i + 1)}`),
  'last-h2',
  'end-of-article',
];
/**
 * An inline position in words: '6th' is after the 6th paragraph, 'h2-3rd' after the 3rd H2
 * heading, 'last-paragraph' and 'last-h2' after the last of them, 'end-of-article' at its end.
 */
export function inlinePositionLabel(position: string): string {
  if (position === 'last-paragraph') return 'After the last paragraph';
  if (position === 'last-h2') return 'After the last H2 heading';
  if (position === 'end-of-article') return 'At the end of the article';
  const h2 = /^h2-(\d+(?:st|nd|rd|th))$/.exec(position);
  if (h2) return `After the ${h2[1]} H2 heading`;
  return /^\d+(?:st|nd|rd|th)$/.test(position) ? `After the ${position} paragraph` : position;
}
function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

/** Recommended image sizes per layout (these three are named by the product). */
export const RECOMMENDED_IMAGE_SIZE: Partial<Record<Layout, string>> = {
  LightBoxA: '375x250',
  Fullscreen: '1980x1080',
  Tab: '75x75',
};
