import type { FormBlock } from '@lead/contract';

export type Values = Record<string, string | string[]>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]{6,20}$/;

/** The input blocks a visitor fills in (everything with a field key but display-only blocks). */
export const INPUT_BLOCKS = new Set([
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
]);

/** The visitor's answers checked against the blocks: a message per field key that is wrong. */
export function validateValues(forms: readonly FormBlock[], values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const block of forms) {
    if (!INPUT_BLOCKS.has(block.name) || block.name === 'Tel') continue;
    const key = block.data.value ?? '';
    if (!key) continue;
    const raw = values[key];
    const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '').trim();
    const label = block.name === 'Terms' ? 'The terms' : block.data.placeholder || block.name;
    if (block.data.required && !text) {
      errors[key] = block.name === 'Terms' ? 'Please accept the terms.' : `${label} is required.`;
      continue;
    }
    if (!text) continue;
    if (block.name === 'Email' && !EMAIL.test(text)) errors[key] = 'Please enter a valid email address.';
    else if ((block.name === 'Phone' || block.name.endsWith('OTP')) && !PHONE.test(text)) errors[key] = 'Please enter a valid phone number.';
    else if (block.name === 'Number' && !Number.isFinite(Number(text))) errors[key] = `${label} must be a number.`;
  }
  return errors;
}
