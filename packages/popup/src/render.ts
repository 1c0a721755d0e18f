import { OTP_BLOCKS, runtimeMessages, safeUrl, termsHtml, type FormBlock, type Layout, type RuntimeMessages } from '@lead/contract';
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
  /**
   * Receives the visitor's valid answers. On a partner page it returns a promise: nothing when the
   * lead was stored, or the server's field errors or message, shown in place.
   */
  onSubmit?: (values: Values) => void | Promise<SubmitResult | void>;
  /** On a partner page: the pop-up's own words, a Close button, and dialog or region semantics. */
  live?: LiveOptions;
  /** The page's CSP nonce, for the one `<style>` element a browser without constructable stylesheets gets. */
  nonce?: string;
}

export interface SubmitResult {
  errors?: Record<string, string>;
  message?: string;
}

export interface LiveOptions {
  /** The site's language (the message catalogue's key). */
  lang?: string;
  /** A modal dialog (lightboxes, Fullscreen, Skins) or a labelled region (bars, tabs, inline). */
  modal: boolean;
  /** The Close button (or Escape, which the page's runtime handles). */
  onClose(): void;
  /** After a stored lead when there is no thank-you view to show. */
  onDone?(): void;
  /** An OTP block's "Send code": null when sent, else the message to show. */
  onOtp?(phone: string): Promise<string | null>;
}

/** The answer key of an OTP block's code. */
export const OTP_FIELD = '__otp';

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

/**
 * The pop-up's styles on its shadow root as a constructable stylesheet (`adoptedStyleSheets`): no
 * `<style>` element and no `style` attribute, so a page whose CSP allows no inline styles lays it
 * out as any other page does. A browser without them (Safari before 16.4) gets a `<style>`
 * element carrying the page's nonce: the one returned here, to put in the root.
 */
const styled = new WeakSet<ShadowRoot>();
function attachStyles(root: ShadowRoot, nonce: string | undefined): HTMLStyleElement[] {
  if (!('adoptedStyleSheets' in root) || !('replaceSync' in CSSStyleSheet.prototype)) return [el('style', { nonce }, STYLES)];
  if (!styled.has(root)) {
    // The root's own window's constructor: a sheet can only be adopted in the document that made it.
    const sheet = new (root.ownerDocument.defaultView ?? window).CSSStyleSheet();
    sheet.replaceSync(STYLES);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    styled.add(root);
  }
  return [];
}

function field(block: FormBlock, id: string, m: RuntimeMessages, live: boolean): HTMLElement {
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

function block(b: FormBlock, id: string, m: RuntimeMessages, live: boolean): Node | null {
  const d = b.data;
  const align = d.align ? `align-${d.align}` : '';
  switch (b.name) {
    case 'Title':
      return el('h2', { class: `title ${align}`, id: `${id}-title` }, d.placeholder ?? '');
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
      return el('button', { type: 'submit', class: 'button', 'data-label': d.placeholder || 'Submit' }, d.placeholder || 'Submit');
    case 'Signup':
      return el(
        'div',
        { class: 'signup' },
        el('button', { type: 'button', class: 'secondary' }, 'Google'),
        el('button', { type: 'button', class: 'secondary' }, 'Facebook'),
      );
    default:
      return field(b, id, m, live);
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
    const live = o.live;
    const m = runtimeMessages(live?.lang);
    const blocks = view === 'thankyou' ? (c.thankYou ?? []) : c.forms;
    const image = o.device === 'desktop' ? c.images?.desktop : c.images?.mobile;
    const form = el('form', { class: 'body', novalidate: true, 'aria-label': 'Pop-up' });
    blocks.forEach((b, i) => {
      const node = block(b, `${prefix}-${i}`, m, Boolean(live));
      if (node) form.append(node);
    });
    const status = el('p', { class: 'status', role: 'status' });
    const showErrors = (errors: Record<string, string>) => {
      for (const p of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
        const message = errors[p.dataset.errorFor ?? ''];
        p.textContent = message ?? '';
        p.hidden = !message;
      }
      const first = Object.keys(errors)[0];
      if (first) ([...form.elements] as HTMLInputElement[]).find((e) => e.name === first)?.focus();
      return Boolean(first);
    };
    const otpBlock = c.forms.find((b) => OTP_BLOCKS.includes(b.name) && b.data.value);
    form.addEventListener('click', (e) => {
      const send = (e.target as Element).closest?.('[data-otp-send]');
      if (!send || !live?.onOtp || !otpBlock) return;
      const key = otpBlock.data.value!;
      const phone = form.querySelector<HTMLInputElement>(`input[name="${key}"]`)?.value.trim() ?? '';
      const bad = validateValues([{ ...otpBlock, data: { ...otpBlock.data, required: true } }], { [key]: phone }, live.lang);
      if (showErrors(bad)) return;
      void live.onOtp(phone).then((problem) => {
        if (problem) return void showErrors({ [key]: problem });
        showErrors({});
        status.textContent = m.codeSent;
        const code = form.querySelector<HTMLElement>('[data-otp-code]');
        if (code) {
          code.hidden = false;
          code.querySelector('input')?.focus();
        }
      });
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const values = readValues(form);
      const errors = validateValues(c.forms, values, live?.lang);
      if (live && otpBlock && !errors[otpBlock.data.value!] && !String(values[OTP_FIELD] ?? '').trim()) errors[otpBlock.data.value!] = m.codeNeeded;
      if (showErrors(errors)) return;
      const result = o.onSubmit?.(values);
      const done = () => {
        if (c.showThankYou && c.thankYou?.length && !o.preview) {
          draw(c, { ...o, view: 'thankyou' });
          root.querySelector<HTMLElement>('.title')?.focus();
        } else live?.onDone?.();
      };
      if (!result) return done();
      const submit = form.querySelector<HTMLButtonElement>('button[type=submit]');
      if (submit) {
        submit.disabled = true;
        submit.textContent = m.sending;
      }
      status.textContent = m.sending;
      void result.then(
        (r) => {
          if (submit) {
            submit.disabled = false;
            submit.textContent = submit.dataset.label ?? '';
          }
          status.textContent = r?.message ?? '';
          if (r?.errors && showErrors(r.errors)) return;
          if (!r?.message) done();
        },
        () => {
          if (submit) {
            submit.disabled = false;
            submit.textContent = submit.dataset.label ?? '';
          }
          status.textContent = m.failed;
        },
      );
    });
    const title = form.querySelector('.title');
    if (title) title.setAttribute('tabindex', '-1');
    const semantics = !live
      ? {}
      : live.modal
        ? { role: 'dialog', 'aria-modal': 'true', ...(title ? { 'aria-labelledby': title.id } : { 'aria-label': 'Pop-up' }) }
        : { role: 'region', 'aria-label': title?.textContent?.trim() || 'Pop-up' };
    const close = live ? [el('button', { type: 'button', class: 'close', 'aria-label': m.close }, '×')] : [];
    close[0]?.addEventListener('click', () => live!.onClose());
    const popup = el(
      'div',
      {
        class: 'popup',
        'data-layout': c.layout,
        'data-device': o.device,
        'data-view': view,
        'data-preview': o.preview ? '' : undefined,
        'data-live': live ? '' : undefined,
        ...semantics,
      },
      ...close,
      ...(image ? [el('img', { class: 'hero', src: image, alt: '' })] : []),
      form,
      ...(live ? [status] : []),
    );
    // Through the CSSOM, which a CSP that allows no inline styles does not block.
    if (c.images?.background) popup.style.backgroundImage = `url("${encodeURI(c.images.background)}")`;
    const backdrop = live?.modal ? [el('div', { class: 'backdrop', 'data-layout': c.layout })] : [];
    root.replaceChildren(...attachStyles(root, o.nonce), ...backdrop, popup);
  };
  draw(campaign, options);
  return {
    update: draw,
    destroy: () => root.replaceChildren(),
  };
}
