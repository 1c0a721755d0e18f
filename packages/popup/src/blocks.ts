/** The pop-up's blocks as DOM: each form field, text, button and picture, and the answers read back from the form. */
import {
  imageParts,
  isBlockName,
  safeUrl,
  TERMS_DEFAULT_TEXT,
  termsHtml,
  type FormBlock,
  type RuntimeMessages,
} from '@lead/contract';
import { el } from './dom.js';
import { located, picture } from './pictures.js';
import type { Values } from './validate.js';

/** The answer key of an OTP block's code. */
export const OTP_FIELD = '__otp';

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function field(block: FormBlock, id: string, m: RuntimeMessages, live: boolean): HTMLElement {
  const d = block.data;
  const key = d.value ?? '';
  const label = d.placeholder || block.name;
  const required = Boolean(d.required);
  const error = el('p', { class: 'error', id: `${id}-error`, 'data-error-for': key, hidden: true });
  const wrap = (control: HTMLElement, text = label) =>
    el(
      'div',
      { class: 'field', 'data-block': block.name },
      el('label', { for: id }, text, required ? el('span', { 'aria-hidden': 'true' }, ' *') : ''),
      control,
      error,
    );
  const input = (type: string, extra: Record<string, string | boolean | undefined> = {}) =>
    el('input', { id, name: key, type, required, 'aria-describedby': `${id}-error`, ...extra });
  switch (block.name) {
    case 'Email':
      return wrap(input('email', { autocomplete: 'email' }));
    case 'Phone':
      return wrap(input('tel', { autocomplete: 'tel' }));
    case 'Tel':
      return el('input', { type: 'hidden', name: key, 'data-block': 'Tel' });
    case 'Number':
      return wrap(input('number', { inputmode: 'decimal' }));
    case 'Date':
      // Typed as the sites write dates (DD/MM/YYYY), sent as YYYY-MM-DD (readValues).
      return wrap(
        input('text', { inputmode: 'numeric', placeholder: 'DD/MM/YYYY', autocomplete: 'bday', 'data-date': '' }),
      );
    case 'PhoneOTP':
    case 'WhatsAppOTP':
    case 'ZaloOTP':
      return el(
        'div',
        { class: 'field', 'data-block': block.name },
        el('label', { for: id }, label, required ? el('span', { 'aria-hidden': 'true' }, ' *') : ''),
        el(
          'div',
          { class: 'otp' },
          input('tel', { autocomplete: 'tel' }),
          el('button', { type: 'button', class: 'secondary', 'data-otp-send': '' }, m.sendCode),
        ),
        error,
        ...(live
          ? [
              el(
                'div',
                { class: 'field', 'data-otp-code': '', hidden: true },
                el('label', { for: `${id}-code` }, m.codeLabel),
                el('input', {
                  id: `${id}-code`,
                  name: OTP_FIELD,
                  type: 'text',
                  inputmode: 'numeric',
                  autocomplete: 'one-time-code',
                  maxlength: '6',
                  'aria-describedby': `${id}-error`,
                }),
              ),
            ]
          : []),
      );
    case 'Dropdown':
      return wrap(
        el(
          'select',
          { id, name: key, required, 'aria-describedby': `${id}-error` },
          el('option', { value: '' }, '—'),
          ...(d.listQuestion ?? []).map((a) => el('option', { value: a.value }, a.placeholder)),
        ),
      );
    case 'Radio':
    case 'Checkbox': {
      const type = block.name === 'Radio' ? 'radio' : 'checkbox';
      return el(
        'fieldset',
        { class: 'field', 'data-block': block.name, 'aria-describedby': `${id}-error` },
        el('legend', {}, label, required ? el('span', { 'aria-hidden': 'true' }, ' *') : ''),
        ...(d.listQuestion ?? []).map((a, i) =>
          el(
            'label',
            { class: 'choice' },
            el('input', { type, name: key, value: a.value, id: `${id}-${i}` }),
            ' ',
            a.placeholder,
          ),
        ),
        error,
      );
    }
    case 'Terms': {
      const text = el('span');
      // valueHTML is the block's text, where words between asterisks become links to the URLs
      // (placeholder, one per line). termsHtml escapes every piece of text and URL it puts in, so
      // nothing typed in the builder reaches a partner page as markup.
      text.innerHTML = termsHtml(d.valueHTML || TERMS_DEFAULT_TEXT, d.placeholder ?? '', escape);
      return el(
        'div',
        { class: 'field terms', 'data-block': 'Terms' },
        el(
          'label',
          { class: 'choice' },
          el('input', { type: 'checkbox', name: key, value: '1', id, required, 'aria-describedby': `${id}-error` }),
          ' ',
          text,
        ),
        error,
      );
    }
    default:
      return wrap(input('text', { autocomplete: key === 'name' ? 'name' : undefined }));
  }
}

export function block(b: FormBlock, id: string, m: RuntimeMessages, live: boolean): Node | null {
  const d = b.data;
  const align = d.align ? `align-${d.align}` : '';
  switch (b.name) {
    case 'Title':
      return el('h2', { class: `title ${align}`, id: `${id}-title` }, d.placeholder ?? '');
    case 'Subtitle':
      return el('p', { class: `subtitle ${align}` }, d.placeholder ?? '');
    case 'Image': {
      // Only our uploads or web addresses become sources, and only web, mail and phone links become hrefs, whatever was stored.
      const { src, href } = imageParts(b);
      return picture(src, { url: href, newtab: d.newtab === true }, 'image', d.placeholder ?? '');
    }
    case 'Video':
      return safeUrl(d.url, 'media')
        ? el('video', {
            class: 'video',
            src: located(safeUrl(d.url, 'media')!),
            controls: true,
            'aria-label': d.placeholder || 'Video',
          })
        : null;
    case 'LinkButton':
      return el(
        'a',
        {
          class: 'button link',
          href: safeUrl(d.url, 'link') ?? '#',
          target: d.newtab ? '_blank' : undefined,
          rel: d.newtab ? 'noopener noreferrer' : undefined,
        },
        d.placeholder || 'Join now',
      );
    case 'Submit':
      return el(
        'button',
        { type: 'submit', class: 'button', 'data-label': d.placeholder || 'Submit' },
        d.placeholder || 'Submit',
      );
    case 'Signup':
      return el(
        'div',
        { class: 'signup' },
        el('button', { type: 'button', class: 'secondary' }, 'Google'),
        el('button', { type: 'button', class: 'secondary' }, 'Facebook'),
      );
    default:
      // A name the pop-up does not know (stored before names were checked) shows nothing.
      return isBlockName(b.name) ? field(b, id, m, live) : null;
  }
}

export function readValues(form: HTMLFormElement): Values {
  const values: Values = {};
  for (const [k, v] of new FormData(form)) {
    const prev = values[k];
    if (prev === undefined) values[k] = String(v);
    else values[k] = Array.isArray(prev) ? [...prev, String(v)] : [prev, String(v)];
  }
  for (const input of form.querySelectorAll<HTMLInputElement>('input[data-date]')) {
    const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(input.value.trim());
    if (dmy) values[input.name] = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  }
  return values;
}

/** Renders `campaign` into `host`'s shadow root; `update` re-renders it, `destroy` empties it. */
