import {
  OTP_BLOCKS,
  runtimeMessages,
  type RuntimeMessages,
  type FormBlock,
  type Layout,
  type PictureLinks,
  type PopupStyle,
} from '@lead/contract';
import { el } from './dom.js';
import { background, media, setUploadsBase, type PopupImages } from './pictures.js';
import { OTP_FIELD, block, readValues } from './blocks.js';
import { PREVIEW_VIEWPORT, stageFor, TABS, tabFor } from './layouts.js';
import { attachStyles } from './sheet.js';
import { applyStyle, styleAttributes } from './style.js';
import { validateValues, type Values } from './validate.js';

export interface PopupCampaign {
  layout: Layout;
  forms: readonly FormBlock[];
  /** The thank-you view's blocks (Title, Subtitle, LinkButton). */
  thankYou?: readonly FormBlock[];
  showThankYou?: boolean;
  images?: PopupImages;
  /** Where each picture goes when clicked, and whether in a new tab. */
  imageLinks?: PictureLinks;
  /** The campaign's style (`extra_fields.popupStyle`, its defaults filled in): without one it looks as before styles. */
  style?: PopupStyle | null;
}

export interface RenderOptions {
  device: 'desktop' | 'mobile';
  view?: 'main' | 'thankyou';
  /**
   * In the builder: inputs do not submit anywhere, and the pop-up is drawn on a stage the size of
   * the page it is previewed on (`viewport`, by default a 1280×800 laptop or a 390×844 phone),
   * placed on it as on that page.
   */
  preview?: boolean;
  viewport?: { width: number; height: number };
  /**
   * In a preview: false when the caller draws the page itself (the builder's copy of the campaign
   * site's page). The stage is then see-through with no sketched article in it, and an inline
   * layout's stage is its place in that page's article, the width the article gives it.
   */
  sketch?: boolean;
  /**
   * In the preview only: the index (in the view's blocks) of the block to outline, the one whose
   * edit panel is open. Each block drawn in a preview carries its index as `data-index`, so that a
   * click on it can be told apart; a partner page gets neither.
   */
  selected?: number;
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
  /** A modal dialog (the lightboxes, Fullscreen) or a labelled region (the bar, tabs, skins, Sidebar, Slider, inline). */
  modal: boolean;
  /** The Close button (or Escape, which the page's runtime handles). */
  onClose(): void;
  /** After a stored lead when there is no thank-you view to show. */
  onDone?(): void;
  /** The Lead server's origin, where pictures stored as /uploads/… are served from. */
  base?: string;
  /** An OTP block's "Send code": null when sent, else the message to show. */
  onOtp?(phone: string): Promise<string | null>;
}

export { OTP_FIELD } from './blocks.js';

export interface Popup {
  update(campaign: PopupCampaign, options: RenderOptions): void;
  destroy(): void;
}

let uid = 0;

/** What was last drawn: the builder's preview (preview.ts) redraws changed blocks in it alone. */
export interface Drawn {
  c: PopupCampaign;
  o: RenderOptions;
  prefix: string;
  form: HTMLFormElement;
  /** Each block's node, by index in the view's blocks (null: the block draws nothing). */
  nodes: Array<HTMLElement | null>;
}

export const viewBlocks = (c: PopupCampaign, o: RenderOptions) =>
  (o.view ?? 'main') === 'thankyou' ? (c.thankYou ?? []) : c.forms;

/** One block's node; in a preview it carries its index, and the selected one its outline. */
export function drawBlock(
  b: FormBlock,
  i: number,
  prefix: string,
  o: RenderOptions,
  m: RuntimeMessages,
): HTMLElement | null {
  const node = block(b, `${prefix}-${i}`, m, Boolean(o.live)) as HTMLElement | null;
  if (node && o.preview) {
    // A click on a block picks it (the builder listens); set through the CSSOM, as the pictures.
    node.dataset.index = String(i);
    node.style.cursor = 'pointer';
    if (i === o.selected) {
      node.style.outline = '2px dashed #1d4fc4';
      node.style.outlineOffset = '3px';
    }
  }
  return node;
}

/** `onDrawn` receives what each full drawing made (the builder's preview, preview.ts). */
export function renderPopup(
  host: HTMLElement,
  campaign: PopupCampaign,
  options: RenderOptions,
  onDrawn?: (drawn: Drawn) => void,
): Popup {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  let drawn: Drawn | null = null;
  const draw = (c: PopupCampaign, o: RenderOptions) => {
    const prefix = `lp${++uid}`;
    const view = o.view ?? 'main';
    const live = o.live;
    const m = runtimeMessages(live?.lang);
    setUploadsBase(live?.base ?? '');
    const blocks = viewBlocks(c, o);
    const form = el('form', { class: 'body', novalidate: true, 'aria-label': 'Pop-up' });
    const nodes = blocks.map((b, i) => drawBlock(b, i, prefix, o, m));
    for (const node of nodes) if (node) form.append(node);
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
      const bad = validateValues(
        [{ ...otpBlock, data: { ...otpBlock.data, required: true } }],
        { [key]: phone },
        live.lang,
      );
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
      // A preview's blocks may have been redrawn in place since (preview.ts): its latest campaign's.
      const errors = validateValues((drawn?.form === form ? drawn.c : c).forms, values, live?.lang);
      if (live && otpBlock && !errors[otpBlock.data.value!] && !String(values[OTP_FIELD] ?? '').trim())
        errors[otpBlock.data.value!] = m.codeNeeded;
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
        ? {
            role: 'dialog',
            'aria-modal': 'true',
            ...(title ? { 'aria-labelledby': title.id } : { 'aria-label': 'Pop-up' }),
          }
        : { role: 'region', 'aria-label': title?.textContent?.trim() || 'Pop-up' };
    const tabbed = Boolean(live) && TABS.includes(c.layout) && view === 'main';
    const closer = () => el('button', { type: 'button', class: 'close', 'aria-label': m.close }, '×');
    const close = live ? [closer()] : [];
    // A tab's Close folds it back to its tab; the tab's own Close dismisses it.
    if (!tabbed) close[0]?.addEventListener('click', () => live!.onClose());
    const pictures = media(c.images ?? {}, c.imageLinks ?? {}, o.device, view);
    const popup = el(
      'div',
      {
        class: 'popup',
        id: `${prefix}-popup`,
        'data-layout': c.layout,
        'data-device': o.device,
        'data-view': view,
        'data-media': pictures ? '' : undefined,
        'data-preview': o.preview ? '' : undefined,
        'data-live': live ? '' : undefined,
        ...styleAttributes(c.layout, c.style),
        ...semantics,
      },
      ...close,
      ...(pictures ? [pictures] : []),
      form,
      ...(live ? [status] : []),
    );
    background(popup, c.images?.background, c.imageLinks?.background);
    const { stage, place } = stageFor(
      c.layout,
      o.device,
      o.preview ? (o.viewport ?? PREVIEW_VIEWPORT[o.device]) : undefined,
      c.images?.[o.device],
      o.sketch !== false,
    );
    applyStyle(stage, c.style, live?.base ?? '');
    if (live?.modal) stage.append(el('div', { class: 'backdrop', 'data-layout': c.layout }));
    if (tabbed) {
      const dismiss = closer();
      dismiss.addEventListener('click', () => live!.onClose());
      stage.append(tabFor(popup, c.images?.[o.device], title?.textContent?.trim() || 'Pop-up', close[0]!, dismiss));
    }
    place(popup);
    root.replaceChildren(...attachStyles(root, o.nonce), stage);
    drawn = { c, o, prefix, form, nodes };
    onDrawn?.(drawn);
  };
  draw(campaign, options);
  return {
    update: draw,
    destroy: () => {
      drawn = null;
      root.replaceChildren();
    },
  };
}
