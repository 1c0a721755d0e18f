/**
 * The visitor's answers checked against a campaign's blocks: the renderer checks them before it
 * sends, and the server checks them again before it stores a lead, with the same rules and words.
 */
import type { FormBlock } from '../campaign.js';
import { FIELD_BLOCKS, OTP_BLOCKS } from '../rules/blocks.js';
import { runtimeMessages } from './messages.js';

export type Values = Record<string, string | string[]>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number as visitors type it; the OTP route checks numbers with it too. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{6,20}$/;

/** The input blocks a visitor fills in: the blocks with a field key (FIELD_BLOCKS), as a set. */
export const INPUT_BLOCKS: ReadonlySet<string> = new Set(FIELD_BLOCKS);

const fill = (template: string, label: string) => template.replace('{label}', label);

/** A message per field key that is wrong, in the site's language (`lang`, English by default). */
export function validateValues(forms: readonly FormBlock[], values: Values, lang?: string): Record<string, string> {
  const m = runtimeMessages(lang);
  const errors: Record<string, string> = {};
  for (const block of forms) {
    if (!INPUT_BLOCKS.has(block.name) || block.name === 'Tel') continue;
    const key = block.data.value ?? '';
    if (!key) continue;
    const raw = values[key];
    const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '').trim();
    const label = block.data.placeholder || block.name;
    if (block.data.required && !text) {
      errors[key] = block.name === 'Terms' ? m.acceptTerms : fill(m.required, label);
      continue;
    }
    if (!text) continue;
    if (block.name === 'Email' && !EMAIL.test(text)) errors[key] = m.email;
    else if ((block.name === 'Phone' || OTP_BLOCKS.includes(block.name)) && !PHONE_PATTERN.test(text)) errors[key] = m.phone;
    else if (block.name === 'Number' && !Number.isFinite(Number(text))) errors[key] = fill(m.number, label);
  }
  return errors;
}
