/**
 * The visitor's answers checked against a campaign's blocks: the renderer checks them before it
 * sends, and the server checks them again before it stores a lead, with the same rules and words.
 */
import type { FormBlock } from '../campaign.js';
import { CHOICE_BLOCKS, FIELD_BLOCKS, OTP_BLOCKS } from '../rules/blocks.js';
import { runtimeMessages } from './messages.js';

export type Values = Record<string, string | string[]>;

/** One address: no list (a comma or semicolon), no spaces. */
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
/** The longest answer a one-line block (a name, an address, a number, a choice...) takes. */
export const MAX_ANSWER_LENGTH = 200;

/** A real calendar date as `<input type="date">` sends it: `YYYY-MM-DD`. */
export function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
/**
 * A phone number as visitors type it: what the pop-up checks before it sends. The server reads the
 * number by the site's country (`@lead/contract/phone`) and answers the pop-up's message for the
 * field when it cannot be a number there.
 */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{6,20}$/;

/** Whether `text` is a phone number a block takes; `mobile` for the blocks that send a code (OTP). */
export type PhoneCheck = (text: string, mobile: boolean) => boolean;
const typedPhone: PhoneCheck = (text) => PHONE_PATTERN.test(text);

/** The input blocks a visitor fills in: the blocks with a field key (FIELD_BLOCKS), as a set. */
export const INPUT_BLOCKS: ReadonlySet<string> = new Set(FIELD_BLOCKS);

const fill = (template: string, label: string) => template.replace('{label}', label);

/**
 * A message per field key that is wrong, in the site's language (`lang`, English by default). Each
 * answer is bounded by its block: one string (a list only for Checkbox), at most
 * MAX_ANSWER_LENGTH characters, one e-mail address, choices among the block's own answers, a
 * real date, the T&C box's own value. Phone numbers by `isPhone`: the characters alone by default
 * (the pop-up), the number read in the site's country on the server.
 */
export function validateValues(
  forms: readonly FormBlock[],
  values: Values,
  lang?: string,
  isPhone: PhoneCheck = typedPhone,
): Record<string, string> {
  const m = runtimeMessages(lang);
  const errors: Record<string, string> = {};
  for (const block of forms) {
    if (!INPUT_BLOCKS.has(block.name)) continue;
    const key = block.data.value ?? '';
    if (!key) continue;
    const raw = values[key];
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const label = block.data.placeholder || block.name;
    if (list.length > 1 && block.name !== 'Checkbox') {
      errors[key] = fill(m.invalid, label);
      continue;
    }
    if (list.some((v) => v.length > MAX_ANSWER_LENGTH)) {
      errors[key] = fill(m.tooLong, label);
      continue;
    }
    if (block.name === 'Tel') continue;
    const text = list.join(',').trim();
    if (block.data.required && !text) {
      errors[key] = block.name === 'Terms' ? m.acceptTerms : fill(m.required, label);
      continue;
    }
    if (!text) continue;
    const choices = (block.data.listQuestion ?? []).map((a) => a.value);
    if (block.name === 'Email' && !EMAIL.test(text)) errors[key] = m.email;
    else if (
      (block.name === 'Phone' || OTP_BLOCKS.includes(block.name)) &&
      !isPhone(text, OTP_BLOCKS.includes(block.name))
    )
      errors[key] = m.phone;
    else if (block.name === 'Number' && !Number.isFinite(Number(text))) errors[key] = fill(m.number, label);
    else if (block.name === 'Date' && !isRealDate(text)) errors[key] = fill(m.invalid, label);
    else if (block.name === 'Terms' && text !== '1') errors[key] = m.acceptTerms;
    else if (CHOICE_BLOCKS.includes(block.name) && !list.every((v) => choices.includes(v)))
      errors[key] = fill(m.invalid, label);
  }
  return errors;
}
