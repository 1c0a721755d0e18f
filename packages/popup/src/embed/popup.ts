/**
 * The renderer on a partner page (`/embed/v1/popup.js`, loaded by the loader when a trigger
 * fires): places the pop-up as its layout says, makes it a modal dialog or a labelled region,
 * counts its impression, clicks, close or bounce, and sends its lead.
 */
import {
  INPUT_BLOCKS,
  MIN_FILL_MS,
  OTP_BLOCKS,
  MOBILE_MAX_WIDTH,
  MAX_PAGE_PATH,
  runtimeMessages,
  solveChallenge,
  type PowSolution,
  type EventType,
  type Layout,
  type PublicCampaign,
  type PublicCampaigns,
  type PublicEvent,
  type PublicEventBatch,
  type PublicSite,
} from '@lead/contract';
import type { AnswerOf, BodyOf, PathOf, PublicApi } from '@lead/contract/api';
import { inlineAnchor } from '../layouts.js';
import { OTP_FIELD, renderPopup, type SubmitResult } from '../render.js';
import type { Values } from '../validate.js';
import { mark, readState } from './state.js';

export interface ShowContext {
  /** The Lead server's origin: by default this module's own. */
  base?: string;
  site: PublicSite;
  /** A staff preview (token): nothing is counted or stored. */
  preview?: string;
  /** By default the loader's tag's `nonce`, for what a strict CSP would ask it of (docs/partners.md). */
  nonce?: string;
  /** Called once the pop-up has gone (closed, done or left with its page). */
  gone?(): void;
}

/** A pop-up on the page, to the loader that showed it. */
export interface Shown {
  /**
   * A single-page app moved to another page: an inline pop-up goes with its article (a bounce
   * unless the visitor clicked, closed or sent); any other stays until closed.
   */
  leave(): void;
}

/** The layouts that cover the page: modal dialogs. The bars, tabs, skins, panels and inline ones leave it usable. */
const MODAL: readonly Layout[] = ['LightBoxA', 'LightBoxB', 'Fullscreen'];
const INLINE: readonly Layout[] = ['InlineA', 'InlineB'];
const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([type=hidden]):not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

/** The Lead server's origin: where this module came from. */
const lead = (): string => new URL(import.meta.url).origin;
/** The nonce of the loader's tag, which browsers keep from the page's scripts but in the property. */
const loaderNonce = (): string | undefined =>
  document.querySelector<HTMLScriptElement>('script[src*="/embed/v1/loader"]')?.nonce || undefined;

export function show(c: PublicCampaign, ctx: ShowContext): Shown {
  const m = runtimeMessages(ctx.site.lang);
  const base = ctx.base ?? lead();
  const { v: visitor, s: visit } = readState();
  /** Where the visit came from: sent with the batch that opens the page view (its impression). */
  const source = visit && Object.keys(visit.r).length ? visit.r : undefined;
  /** Where it shows: the page's path and the device (the breakdowns' article and device), sent with the same batch. */
  const device = innerWidth < MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
  const place = { page: location.pathname.slice(0, MAX_PAGE_PATH) || '/', device } as const;
  const modal = MODAL.includes(c.layout);
  const inline = INLINE.includes(c.layout);
  const host = document.createElement('div');
  host.setAttribute('data-lead-popup', c.code);
  if (inline) {
    const article =
      document.querySelector('[data-lead-article]') ??
      document.querySelector('article') ??
      document.querySelector('main') ??
      document.body;
    const { node, after } = inlineAnchor(article, c.inlinePosition);
    if (after) node.after(host);
    else node.append(host);
  } else document.body.append(host);

  const opened = Date.now();
  /** A click, close or submit happened: leaving the page now is not a bounce. */
  let settled = false;
  let closed = false;
  let queue: PublicEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The page view's signed id: the answer to its first batch (the impression) carries it, later batches send it. */
  let pv: string | undefined;
  let opening: Promise<unknown> | undefined;
  const flush = (beacon = false): void => {
    clearTimeout(timer);
    if (!queue.length || ctx.preview) return void (queue = []);
    // Later events wait for the page view's id (a beacon cannot: the page is going).
    if (!pv && opening && !beacon) return void opening.then(() => flush());
    const body = JSON.stringify({
      site_id: ctx.site.id,
      visitor_id: visitor,
      pv,
      ...(pv ? {} : { source, ...place }),
      events: queue,
    } satisfies PublicEventBatch);
    queue = [];
    const url = `${base}/api/public/events` satisfies `${string}${PublicApi['events']['url']}`;
    // A beacon survives the page going away; text/plain needs no preflight.
    if (beacon && navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain' }))) return;
    const sent = fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain' },
      keepalive: true,
      mode: 'cors',
      credentials: 'omit',
    })
      .then((r) => r.json() as Promise<AnswerOf<PublicApi['events'], 202>>)
      .then((a) => void (pv ??= a.pv))
      .catch(() => undefined);
    opening ??= sent;
  };
  const track = (type: EventType, extra: Partial<PublicEvent> = {}) => {
    queue.push({ code: c.code, type, at: Date.now(), ...extra });
    clearTimeout(timer);
    timer = setTimeout(flush, 1000);
  };

  const previous = document.activeElement as HTMLElement | null;
  const bounce = () => {
    if (!settled) track('bounce');
    settled = true;
  };
  /**
   * Where visitors give up (docs/decisions/0009): the form field last reached (its block's index,
   * never what was typed), from the first focus or input in a field; sent as a `leave` when the
   * pop-up goes unsent. A stored lead completes the form.
   */
  let reached = -1;
  let sent = false;
  const left = () => {
    if (reached >= 0 && !sent) track('leave', { field: reached });
    sent = true;
  };
  const onPageHide = () => {
    bounce();
    left();
    flush(true);
  };
  let gone = false;
  const remove = () => {
    left();
    removeEventListener('pagehide', onPageHide);
    document.removeEventListener('keydown', onKey, true);
    popup.destroy();
    host.remove();
    flush();
    if (modal && previous?.focus) previous.focus();
    if (!gone) ctx.gone?.();
    gone = true;
  };
  const close = () => {
    settled = true;
    if (!closed) {
      closed = true;
      track('close', { open_ms: Date.now() - opened });
      if (!ctx.preview) mark(c.code, 'close');
    }
    remove();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && modal) {
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab' && modal) {
      // Focus stays inside the dialog.
      const items = [...host.shadowRoot!.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => !el.closest('[hidden]'),
      );
      if (!items.length) return;
      const active = host.shadowRoot!.activeElement;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (e.shiftKey && (active === first || !active)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !active)) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  /** POST /api/public/leads or /otp (the contract's bodies), the site, campaign and visitor added. */
  const post = async <K extends 'leads' | 'otp'>(
    route: K,
    payload: Omit<BodyOf<PublicApi[K]>, 'site_id' | 'code' | 'visitor_id'>,
  ): Promise<Response> =>
    fetch(`${base}/api/public/${route}` satisfies `${string}${PublicApi[K]['url']}`, {
      method: 'POST',
      body: JSON.stringify({ site_id: ctx.site.id, code: c.code, visitor_id: visitor, ...payload }),
      headers: { 'content-type': 'application/json' },
      mode: 'cors',
      credentials: 'omit',
    });
  const problem = async (r: Response): Promise<SubmitResult> => {
    if (r.status === 404 || r.status === 409) return { message: m.unavailable };
    if (r.status !== 422) return { message: m.failed };
    const body = (await r.json()) as { errors?: Record<string, string[]>; message?: string };
    const errors = Object.fromEntries(Object.entries(body.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
    return Object.keys(errors).length ? { errors } : { message: body.message ?? m.failed };
  };

  /**
   * Is it a person? (docs/runtime-people.md) The form's challenge, fetched as it opens and solved in
   * slices of the main thread (no worker: a partner's CSP may forbid one), with when it came.
   */
  const proof: Promise<{ pow: PowSolution | null; at: number }> | null =
    ctx.preview || !c.forms.some((b) => INPUT_BLOCKS.has(b.name))
      ? null
      : fetch(
          `${base}/api/public/sites/${ctx.site.id}/challenge` satisfies `${string}${PathOf<PublicApi['challenge']>}`,
          { mode: 'cors', credentials: 'omit' },
        )
          .then((r) => r.json() as Promise<AnswerOf<PublicApi['challenge']>>)
          .then(async (a) => ({
            at: Date.now(),
            pow: await solveChallenge(a.pow, () => new Promise((go) => setTimeout(go))),
          }))
          .catch(() => ({ at: opened, pow: null }));

  const submit = async (values: Values): Promise<SubmitResult | void> => {
    settled = true;
    if (ctx.preview) return;
    const otp = values[OTP_FIELD];
    const fields = { ...values };
    delete fields[OTP_FIELD];
    // A quicker send than a person types waits (showing "Sending…") until the least fill time since the challenge came,
    // as the server checks it; then goes with the challenge solved and the page view's signed id.
    const { pow, at } = (await proof) ?? { pow: null, at: opened };
    const hold = at + MIN_FILL_MS + 100 - Date.now();
    if (hold > 0) await new Promise((go) => setTimeout(go, hold));
    if (!pv) {
      flush();
      await opening;
    }
    // The revision the form was drawn from: the server builds the lead's consent record from it.
    const r = await post('leads', {
      page_url: location.href,
      fields,
      ...(otp ? { otp: String(otp) } : {}),
      ...(c.revision ? { revision_id: c.revision } : {}),
      ...(pv ? { pv } : {}),
      ...(pow ? { pow } : {}),
      fill_ms: Date.now() - opened,
      ...(trap.value ? { hp: trap.value } : {}),
    });
    if (!r.ok) return problem(r);
    sent = true;
    mark(c.code, 's');
  };

  const popup = renderPopup(host, c, {
    device,
    nonce: ctx.nonce ?? loaderNonce(),
    onSubmit: submit,
    live: {
      lang: ctx.site.lang,
      base,
      modal,
      onClose: close,
      onDone: remove,
      onOtp: async (phone) => {
        if (ctx.preview) return null;
        const r = await post('otp', { phone }).catch(() => null);
        if (!r) return m.failed;
        if (r.ok) return null;
        const p = await problem(r);
        return p.message ?? Object.values(p.errors ?? {})[0] ?? m.failed;
      },
    },
  });
  // The honeypot: a field no person sees (hidden, out of the tab order, nameless so that the form's values never hold it).
  const trap = document.createElement('input');
  trap.tabIndex = -1;
  trap.autocomplete = 'off';
  const pot = document.createElement('div');
  pot.hidden = true;
  pot.append(trap);
  host.shadowRoot!.querySelector('form')?.append(pot);
  // A followed link or image link is a click.
  host.shadowRoot!.addEventListener('click', (e) => {
    if ((e.target as Element).closest?.('a[href]')) {
      settled = true;
      track('click');
    }
  });
  addEventListener('pagehide', onPageHide);
  document.addEventListener('keydown', onKey, true);
  track('impression');
  if (!ctx.preview) mark(c.code, 'i');
  if (modal) {
    // The form's first control (`form ${FOCUSABLE}` would scope only the list's first selector, and the Close button came first).
    const first =
      host.shadowRoot!.querySelector('form')?.querySelector<HTMLElement>(FOCUSABLE) ??
      host.shadowRoot!.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
  }
  // A field's block: its control's name is the block's key (an OTP block's code field is `__otp`).
  // Listened to after the dialog moved focus to its first field: the visitor's own focus or typing starts the form.
  const reach = (e: Event) => {
    const name = (e.target as HTMLInputElement).name;
    const i = c.forms.findIndex(
      (b) => b.data.value && (b.data.value === name || (name === OTP_FIELD && OTP_BLOCKS.includes(b.name))),
    );
    if (i < 0 || sent) return;
    if (reached < 0) track('start', { field: i });
    reached = i;
  };
  host.shadowRoot!.addEventListener('focusin', reach);
  host.shadowRoot!.addEventListener('input', reach);
  return {
    leave: () => {
      if (!inline) return;
      bounce();
      remove();
    },
  };
}

/** A staff preview (`?lead_preview=TOKEN`): that one campaign (any status), at once, counting and storing nothing. */
export async function preview(token: string): Promise<void> {
  const r = await fetch(`${lead()}/api/public/preview/${token}` satisfies `${string}${PathOf<PublicApi['preview']>}`, {
    credentials: 'omit',
  });
  if (!r.ok) return;
  const answer = (await r.json()) as PublicCampaigns;
  if (answer.campaigns[0]) show(answer.campaigns[0], { site: answer.site, preview: token });
}

/** What the loader imports. */
export interface Renderer {
  show: typeof show;
  preview: typeof preview;
}
