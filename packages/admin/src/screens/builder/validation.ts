import {
  CampaignMessages,
  Messages,
  PICTURE_COLUMNS,
  PICTURE_KEYS,
  campaignSaveErrors,
  isDesignErrorKey,
  type FieldErrors,
} from '@lead/contract';
import { STEPS, type Readable, type StepId } from './state.js';
import { toPayload } from './wire.js';

/*
 * One rule for every step: what the builder cannot save, and why, in the spec's words. The
 * stepper's Next (create mode), Save and Comfirm, and every field's message read these
 * functions, so a field never shows an error that a save would let through, nor the other way.
 */

/**
 * The builder's name for a field the server's rules name by the payload: a thank-you block by its
 * place in the thank-you view, a picture and its link by the picture.
 */
function builderKey(key: string): string {
  const thankYou = /^extra_fields\.listBlockThankyou\.(\d+)$/.exec(key);
  if (thankYou) return `thankYou.${thankYou[1]}`;
  const picture = PICTURE_KEYS.find((k) => PICTURE_COLUMNS[k] === key);
  if (picture) return `images.${picture}`;
  const link = /^extra_fields\.imageBlocks\.(\w+)$/.exec(key);
  if (link) return `images.${link[1]}.link`;
  return key;
}

/** TEMPLATE: no layout chosen yet. */
export const CHOOSE_LAYOUT = 'Choose a layout for the pop-up.';

/**
 * Every message the builder shows now, by field key: the server's own rules
 * (`campaignSaveErrors`) run on what would be saved, then what the payload cannot carry (a
 * layout not chosen yet, a CSV the server refused or is still checking, a link or an exclusion
 * typed and refused), under the builder's names for the fields (builderKey).
 */
export function builderErrors(b: Readable): FieldErrors {
  const out: Record<string, string[]> = {};
  const add = (key: string, message: string) => (out[key] ??= []).push(message);
  if (b.layout === null) add('layout', CHOOSE_LAYOUT);
  const saved = campaignSaveErrors(toPayload(b), { siteHost: b.siteHost, mode: b.mode, hasImport: b.hasImport }) ?? {};
  for (const [key, messages] of Object.entries(saved)) for (const m of messages) add(builderKey(key), m);
  if (b.targetType === 'csv' && b.csv.status === 'invalid') out.targets = [b.csv.errors[0] ?? Messages.dropZoneError];
  if (b.targetType === 'csv' && b.csv.status === 'checking') out.targets = [`Checking ${b.csv.name}…`];
  if (b.targetType === 'links' && b.linkError) add('link', b.linkError);
  if (b.targetType === 'links') {
    for (const [i, draft] of Object.entries(b.subDrafts)) if (draft.error) add(`targets.${i}.exclude`, draft.error);
  }
  return out;
}

/** The step where an error key is shown and fixed. */
export function stepOf(key: string): StepId {
  if (key.startsWith('targets') || key === 'device_types' || key === 'link') return 'target';
  if (key === 'layout') return 'template';
  if (key === 'rules.time_on_page' || key === 'rules.scroll_percent') return 'trigger';
  if (key.startsWith('forms') || key.startsWith('thankYou') || key.startsWith('images') || isDesignErrorKey(key))
    return 'design';
  return 'settings';
}

export type StepErrors = Record<StepId, Array<[key: string, message: string]>>;

/** The builder's messages grouped by the step that shows them, each step's in order. */
export const stepErrors = (b: Readable): StepErrors => stepErrorsOf(builderErrors(b));

/** `errors` (builderErrors') grouped by the step that shows them. */
export function stepErrorsOf(errors: FieldErrors): StepErrors {
  const out = Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as StepErrors;
  for (const [key, messages] of Object.entries(errors)) for (const m of messages) out[stepOf(key)].push([key, m]);
  return out;
}

/**
 * Which steps can go on. Give it the component's snapshot, so that the component re-renders when
 * what it read changes.
 */
export function stepValidity(b: Readable): Record<StepId, boolean> {
  const errors = stepErrors(b);
  return Object.fromEntries(STEPS.map((s) => [s, errors[s].length === 0])) as Record<StepId, boolean>;
}

export const stepValid = (step: StepId, b: Readable): boolean => stepValidity(b)[step];

/** The first message of a field (null when it has none): what the field shows under it. */
export const fieldError = (errors: FieldErrors, key: string): string | null => errors[key]?.[0] ?? null;

/**
 * The timeframe's message, split between the fields that show it: the hours' (same day, start
 * hour not before the end hour) under End hour, any other under the dates.
 */
export function timeframeErrors(errors: FieldErrors): { dates: string | null; hours: string | null } {
  const m = fieldError(errors, 'started_at');
  return m === CampaignMessages.startHour ? { dates: null, hours: m } : { dates: m, hours: null };
}

/** The messages of the blocks on the canvas, by block index (`forms.{i}`), and the layout's own (index past the last block). */
export function blockMessages(
  errors: FieldErrors,
  count: number,
  view: 'forms' | 'thankYou' = 'forms',
): { byIndex: Map<number, string[]>; layout: string[] } {
  const byIndex = new Map<number, string[]>();
  const layout: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const m = new RegExp(`^${view}\\.(\\d+)$`).exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    if (i >= count) layout.push(...messages);
    else byIndex.set(i, [...messages]);
  }
  return { byIndex, layout };
}
