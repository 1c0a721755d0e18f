import { safeUrl, termsHtml, type FormBlock, type Layout } from '@lead/contract';
import { STYLES } from './styles.js';
import { validateValues, type Values } from './validate.js';

export interface PopupCampaign {
  layout: Layout;
  forms: readonly FormBlock[];
  /** The thank-you view's blocks (Title, Subtitle, LinkButton). */
  thankYou?: readonly FormBlock[];
  showThankYou?: boolean;
  images?: { mobile?: string | null; desktop?: string | null; background?: string | null };
}

export interface RenderOptions {
  device: 'desktop' | 'mobile';
  view?: 'main' | 'thankyou';
  /** In the builder: inputs do not submit anywhere, the pop-up sits in its frame. */
  preview?: boolean;
  /** Receives the visitor's valid answers. */
  onSubmit?: (values: Values) => void;
}

export interface Popup {
  update(campaign: PopupCampaign, options: RenderOptions): void;
  destroy(): void;
}

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? '' : v);
  }
  node.append(...children);
  return node;
}

let uid = 0;

function field(block: FormBlock, id: string): HTMLElement {
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
      return wrap(input('date'));
    case 'PhoneOTP':
    case 'WhatsAppOTP':
    case 'ZaloOTP':
      return wrap(el('div', { class: 'otp' }, input('tel', { autocomplete: 'tel' }), el('button', { type: 'button', class: 'secondary' }, 'Send code')));
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
          el('label', { class: 'choice' }, el('input', { type, name: key, value: a.value, id: `${id}-${i}` }), ' ', a.placeholder),
        ),
        error,
      );
    }
    case 'Terms': {
      const text = el('span');
      // valueHTML is the block's text, where words between asterisks become links to the URLs
      // (placeholder, one per line). termsHtml escapes every piece of text and URL it puts in, so
      // nothing typed in the builder reaches a partner page as markup.
      text.innerHTML = termsHtml(d.valueHTML || 'I agree to *the terms*', d.placeholder ?? '', escape);
      return el(
        'div',
        { class: 'field terms', 'data-block': 'Terms' },
        el('label', { class: 'choice' }, el('input', { type: 'checkbox', name: key, value: '1', id, required, 'aria-describedby': `${id}-error` }), ' ', text),
        error,
      );
    }
    default:
      return wrap(input('text', { autocomplete: key === 'name' ? 'name' : undefined }));
  }
}

function block(b: FormBlock, id: string): Node | null {
  const d = b.data;
  const align = d.align ? `align-${d.align}` : '';
  switch (b.name) {
    case 'Title':
      return el('h2', { class: `title ${align}` }, d.placeholder ?? '');
    case 'Subtitle':
      return el('p', { class: `subtitle ${align}` }, d.placeholder ?? '');
    case 'Image':
      // Only our uploads or web addresses become sources, and only web, mail and phone links become hrefs, whatever was stored.
      return safeUrl(d.url, 'media') ? el('img', { class: 'image', src: safeUrl(d.url, 'media')!, alt: d.placeholder ?? '' }) : null;
    case 'Video':
      return safeUrl(d.url, 'media')
        ? el('video', { class: 'video', src: safeUrl(d.url, 'media')!, controls: true, 'aria-label': d.placeholder || 'Video' })
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
      return el('button', { type: 'submit', class: 'button' }, d.placeholder || 'Submit');
    case 'Signup':
      return el(
        'div',
        { class: 'signup' },
        el('button', { type: 'button', class: 'secondary' }, 'Google'),
        el('button', { type: 'button', class: 'secondary' }, 'Facebook'),
      );
    default:
      return field(b, id);
  }
}

function readValues(form: HTMLFormElement): Values {
  const values: Values = {};
  for (const [k, v] of new FormData(form)) {
    const prev = values[k];
    if (prev === undefined) values[k] = String(v);
    else values[k] = Array.isArray(prev) ? [...prev, String(v)] : [prev, String(v)];
  }
  return values;
}

/** Renders `campaign` into `host`'s shadow root; `update` re-renders it, `destroy` empties it. */
export function renderPopup(host: HTMLElement, campaign: PopupCampaign, options: RenderOptions): Popup {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const draw = (c: PopupCampaign, o: RenderOptions) => {
    const prefix = `lp${++uid}`;
    const view = o.view ?? 'main';
    const blocks = view === 'thankyou' ? (c.thankYou ?? []) : c.forms;
    const image = o.device === 'desktop' ? c.images?.desktop : c.images?.mobile;
    const form = el('form', { class: 'body', novalidate: true, 'aria-label': 'Pop-up' });
    blocks.forEach((b, i) => {
      const node = block(b, `${prefix}-${i}`);
      if (node) form.append(node);
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const values = readValues(form);
      const errors = validateValues(c.forms, values);
      for (const p of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
        const message = errors[p.dataset.errorFor ?? ''];
        p.textContent = message ?? '';
        p.hidden = !message;
      }
      const first = Object.keys(errors)[0];
      if (first) {
        ([...form.elements] as HTMLInputElement[]).find((e) => e.name === first)?.focus();
        return;
      }
      o.onSubmit?.(values);
      if (c.showThankYou && c.thankYou?.length && !o.preview) draw(c, { ...o, view: 'thankyou' });
    });
    const popup = el(
      'div',
      {
        class: 'popup',
        'data-layout': c.layout,
        'data-device': o.device,
        'data-view': view,
        'data-preview': o.preview ? '' : undefined,
        style: c.images?.background ? `background-image:url("${encodeURI(c.images.background)}")` : undefined,
      },
      ...(image ? [el('img', { class: 'hero', src: image, alt: '' })] : []),
      form,
    );
    root.replaceChildren(el('style', {}, STYLES), popup);
  };
  draw(campaign, options);
  return {
    update: draw,
    destroy: () => root.replaceChildren(),
  };
}
