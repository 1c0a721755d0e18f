import {
  BLOCK_LABELS,
  CHOICE_BLOCKS,
  OTP_BLOCKS,
  GENDER_ANSWERS,
  Messages,
  blockRefusal,
  type FieldPreset,
  clampTimeOnPage,
  newAnswer,
  type BlockName,
  type FormBlock,
  type Layout,
} from '@lead/contract';
import { uploadFile } from '../../api/uploads.js';
import { notify } from '../../stores/ui.js';
import { DESKTOP_ONLY, isThankYouLayout, newBlock, sampleForms, thankYouDefaults } from './samples.js';
import { builder, touch, type ImageKey } from './state.js';

/* The TEMPLATE, TRIGGER and DESIGN steps: the layout, what shows the pop-up, and its blocks and pictures. */

/**
 * Choosing a layout resets the builder's design, loads the layout's sample, sets the
 * display type and preview device (Sidebar, Fullscreen and Slider are Desktop only), puts the
 * inline position at 6th, and jumps to TRIGGER.
 */
export function chooseLayout(layout: Layout): void {
  builder.layout = layout;
  builder.forms = sampleForms(layout);
  builder.thankYou = thankYouDefaults(builder.siteId);
  builder.showThankYou = 'notshow';
  builder.view = 'main';
  builder.selectedBlock = null;
  builder.previewDevice = DESKTOP_ONLY.includes(layout) ? 'desktop' : 'mobile';
  // Sidebar, Fullscreen and Slider are shown and saved for desktops only (wire.ts savedDevices);
  // the devices chosen on TARGET stay as they were, and count again with a layout for both.
  builder.inlinePosition = '6th';
  if (layout.startsWith('Inline')) builder.trigger = 'on_scroll';
  touch();
  builder.step = 'trigger';
}

/* ---------- trigger ---------- */

export const triggerLocked = (): boolean => Boolean(builder.layout?.startsWith('Inline'));
export function setTrigger(trigger: 'on_landing' | 'on_scroll'): void {
  if (triggerLocked()) return;
  builder.trigger = trigger;
  touch();
}
/** Time on page is 3 to 100 seconds, absolute value (the field shows it once left). */
export function setTimeOnPage(text: string): void {
  builder.timeOnPageText = text;
  builder.timeOnPage = clampTimeOnPage(Number(text));
  touch();
}
export function settleTimeOnPage(): void {
  builder.timeOnPageText = String(builder.timeOnPage);
}
export function setScroll(percent: number): void {
  builder.scroll = percent;
  touch();
}

/* ---------- design ---------- */

export function setName(name: string): void {
  builder.name = name;
  touch();
}
export const currentBlocks = (): FormBlock[] => (builder.view === 'thankyou' ? builder.thankYou : builder.forms);

/**
 * The canvas after an add, a move or a removal (the palette's blocks by id): blocks already there
 * keep their data, new ones are made. A block added from the palette (clicked, or dropped past the
 * last block) goes before the Submit button, where a form's fields belong; one dropped between
 * blocks stays where it was dropped.
 */
export function placeBlocks(placed: ReadonlyArray<{ id: string; type: string }>): void {
  const current = currentBlocks();
  const byId = new Map(current.map((x) => [String(x.id), x]));
  let next = placed.map((c) => byId.get(c.id) ?? { ...newBlock(c.type as BlockName), id: c.id });
  const added = next.filter((x) => !byId.has(String(x.id)));
  const kept = next.filter((x) => byId.has(String(x.id)));
  const appended = added.length > 0 && next.slice(-added.length).every((x) => added.includes(x));
  const submit = kept.findIndex((x) => x.name === 'Submit');
  if (appended && submit >= 0 && !added.some((x) => x.name === 'Submit'))
    next = [...kept.slice(0, submit), ...added, ...kept.slice(submit)];
  setBlocks(next);
}

export function setBlocks(blocks: FormBlock[]): void {
  if (builder.view === 'thankyou') builder.thankYou = blocks;
  else builder.forms = blocks;
  // Selecting an OTP block (Phone, WhatsApp or Zalo) sets the thank-you to show.
  if (blocks.some((b) => OTP_BLOCKS.includes(b.name))) builder.showThankYou = 'show';
  touch();
}
export const refusal = (name: BlockName): string | null =>
  blockRefusal(currentBlocks(), name, builder.layout ?? undefined);

/** The Blocks palette folds away to give the canvas and the preview room. */
export function togglePalette(): void {
  builder.paletteOpen = !builder.paletteOpen;
}

export function selectBlock(id: string | null): void {
  builder.selectedBlock = id;
}
function selected(): FormBlock | undefined {
  return currentBlocks().find((b) => String(b.id) === builder.selectedBlock);
}
export function updateBlock(patch: Partial<FormBlock['data']>): void {
  const b = selected();
  if (!b) return;
  Object.assign(b.data, patch);
  touch();
}
/**
 * Sets the selected block's field key to a preset (name, phone, email, birthday, gender) and says
 * so ('Updated block {name} to {label}'); gender on a choice block takes the answers Male=1, Female=0.
 */
export function applyFieldPreset(preset: FieldPreset): void {
  const b = selected();
  if (!b) return;
  b.data.value = preset;
  if (preset === 'gender' && CHOICE_BLOCKS.includes(b.name))
    b.data.listQuestion = GENDER_ANSWERS.map((a) => ({ ...a }));
  touch();
  notify('success', `Updated block ${BLOCK_LABELS[b.name]} to ${preset}`);
}
/** Images up to 1 MB, set as the block's picture (`value`; its `url` is its link), and mp4 videos up to 5 MB, set as the video's URL. */
export async function uploadBlockMedia(file: File): Promise<void> {
  const b = selected();
  if (!b || (b.name !== 'Image' && b.name !== 'Video')) return;
  const url =
    b.name === 'Image'
      ? await uploadFile('image', file, [Messages.builderImageTooLarge])
      : await uploadFile('video', file, [Messages.videoTooLarge]);
  if (url === null) return;
  // An Image block saved before its picture and link were apart has its picture in url: that goes.
  if (b.name === 'Image')
    Object.assign(b.data, { value: url, url: b.data.value === undefined ? '' : (b.data.url ?? '') });
  else b.data.url = url;
  touch();
}

/**
 * The pop-up's pictures (mobile, desktop, background, the overlays and the thank-you image) are
 * not builder blocks: each is at most 500 KB (an `overlay` upload); blocks' images take 1 MB.
 */
export async function uploadImage(which: ImageKey, file: File): Promise<void> {
  const url = await uploadFile('overlay', file, [Messages.builderImageTooLarge]);
  if (url === null) return;
  builder.images[which] = url;
  touch();
}
export function removeImage(which: ImageKey): void {
  builder.images[which] = null;
  touch();
}
/** Where a picture links to when the visitor clicks it, and whether in a new tab. */
export function setImageLink(which: ImageKey, patch: { url?: string; newtab?: boolean }): void {
  Object.assign(builder.imageLinks[which], patch);
  touch();
}

export function addAnswer(): void {
  const b = selected();
  if (!b) return;
  const list = (b.data.listQuestion ??= []);
  list.push(newAnswer(list.length + 1));
  touch();
}
/** Answers can be deleted from the third on; two stay. */
export function removeAnswer(index: number): void {
  const b = selected();
  if (!b?.data.listQuestion || index < 2) return;
  b.data.listQuestion.splice(index, 1);
  touch();
}
export function setAnswer(index: number, patch: { value?: string; placeholder?: string }): void {
  const a = selected()?.data.listQuestion?.[index];
  if (a) Object.assign(a, patch);
  touch();
}
export function setView(view: 'main' | 'thankyou'): void {
  builder.view = view;
  builder.selectedBlock = null;
}
export function setPreviewDevice(device: 'mobile' | 'desktop'): void {
  if (device === 'mobile' && builder.layout && DESKTOP_ONLY.includes(builder.layout)) return;
  builder.previewDevice = device;
}
export function setShowThankYou(show: boolean): void {
  builder.showThankYou = show ? 'show' : 'notshow';
  touch();
}
export function setInlinePosition(position: string): void {
  builder.inlinePosition = position;
  touch();
}
/**
 * Next on DESIGN with an OTP field (Phone, WhatsApp or Zalo) while the thank-you view is not shown yet opens
 * the thank-you editor first. Returns whether it did.
 */
export function thankYouFirst(): boolean {
  if (
    builder.forms.some((b) => OTP_BLOCKS.includes(b.name)) &&
    isThankYouLayout(builder.layout) &&
    builder.view !== 'thankyou'
  ) {
    builder.showThankYou = 'show';
    builder.view = 'thankyou';
    return true;
  }
  return false;
}
