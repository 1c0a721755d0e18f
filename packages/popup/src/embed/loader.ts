/**
 * The embed (`/embed/v1/loader.js`): the one script a partner page adds. It reads `data-site`,
 * fetches the site's campaigns and, at the same time, the choosing module (`choose.js`: the visit
 * and the choice function), keeps the campaigns this visitor may see on this page, arms their
 * triggers, and only when one fires loads the renderer (`popup.js`). No dependencies, no framework.
 *
 * A single-page app's navigation is a new page view (runtime.md, "Triggers"): after
 * `history.pushState` or `replaceState` to another address, or `popstate` (the back button, and a
 * hash route `#/…` or `#!…`, for which browsers fire it before `hashchange`; a plain anchor is the
 * same page), or the page's own `lead.push(['page'])`, the loader clears the old page view's
 * timers, takes away an inline pop-up with its article (a modal stays until closed), and chooses
 * again for the new address and `lead:tags`. The triggers are one set of passive listeners,
 * added once, that read the current page view's campaigns: nothing to re-arm, and nothing runs
 * while nothing happens (no polling).
 */
import {
  EXIT_SCROLL_UP_MS,
  EXIT_SCROLL_UP_PX,
  MOBILE_MAX_WIDTH,
  type PublicCampaign,
  type PublicCampaigns,
} from '@lead/contract';
import type { Chooser } from './choose.js';
import type { Renderer } from './popup.js';

type Command = [string, ...unknown[]];
interface LeadGlobal {
  push(command: Command): void;
}

const script = document.currentScript as HTMLScriptElement | null;
const w = window as unknown as { lead?: Command[] | LeadGlobal };
// Once per page, whatever number of tags it carries.
if (script && !(w.lead && !Array.isArray(w.lead))) {
  const base = new URL(script.src).origin;
  const queued = (w.lead as Command[] | undefined) ?? [];
  /** The current page view's campaigns. */
  let served: PublicCampaign[] = [];
  let data: PublicCampaigns | undefined;
  let pick: Chooser['pick'];
  /** The current page view (a token): it ends at a navigation. */
  let view = {};
  /** The page view that has shown its one pop-up (or is loading it). */
  let shown: object | undefined;
  /** The pop-up on the page, whichever page view showed it: one at a time. */
  let open: ReturnType<Renderer['show']> | undefined;
  /** The address the current page view was chosen for (an anchor's fragment is the same page). */
  let chosenFor = '';
  /** The current page view's timers: on_landing's, and idle's (set again at each input). */
  let landing: Array<ReturnType<typeof setTimeout>> = [];
  let idle: typeof landing = [];
  const here = () => location.href.replace(/#(?![!/]).*/, '');
  const mobile = () => innerWidth < MOBILE_MAX_WIDTH;

  const renderer = () => import(/* @vite-ignore */ `${base}/embed/v1/popup.js`) as Promise<Renderer>;
  const show = (c: PublicCampaign) => {
    // (Only a page view's campaigns come here: none before the campaigns have.)
    if (shown === view || open) return;
    shown = view;
    // (When the page moved on while the renderer was loading, that trigger was the old page's.)
    renderer().then(
      (m) => {
        if (shown === view) open = m.show(c, { site: data!.site, gone: () => (open = undefined) });
      },
      () => (shown = undefined),
    );
  };
  /** Shows the first of this page view's campaigns with trigger `type` that `when` accepts. */
  const fire = (type: string, when: (c: PublicCampaign) => unknown = () => 1) => {
    for (const c of served) if ((!type || c.trigger.type === type) && when(c)) show(c);
  };
  // The server always sends the seconds of on_landing and idle, and the percentage of on_scroll.
  const wait = (type: string) =>
    served.filter((c) => c.trigger.type === type).map((c) => setTimeout(() => show(c), c.trigger.seconds! * 1000));

  /** A new page view: the old one's timers go, the campaigns are chosen again for this address. */
  const page = () => {
    if (!data) return;
    view = {};
    open?.leave();
    chosenFor = here();
    served = pick(data, {
      url: location.href,
      referrer: document.referrer,
      device: mobile() ? 'mobile' : 'desktop',
      tags: document.querySelector<HTMLMetaElement>('meta[name="lead:tags"]')?.content.split(',') ?? [],
    });
    landing.forEach(clearTimeout);
    landing = wait('on_landing');
    input();
    scrolled();
  };

  // Until the campaigns have come, a command waits with those queued before the loader ran.
  const run = (command: Command): unknown => {
    if (!data) return queued.push(command);
    if (command[0] === 'page') page();
    // Any campaign of this page view by its code (custom ones only open this way).
    if (command[0] === 'show') fire('', (c) => c.code === command[1]);
  };
  w.lead = { push: run };

  const on = (target: EventTarget, type: string, fn: (e: Event) => void) =>
    target.addEventListener(type, fn, { passive: true });

  // Navigations. A router changes the address before it renders the new page: the campaigns are
  // chosen after the next frame, when the new page (and its lead:tags) is there; once per address.
  const moved = () => requestAnimationFrame(() => setTimeout(() => here() !== chosenFor && page()));
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name];
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      moved();
    };
  }
  // popstate also comes when only the fragment changes (a hash router's #/…), before hashchange.
  on(window, 'popstate', moved);

  // The triggers: one set of passive listeners for the page's whole life.
  /** idle: its seconds without pointer, key, scroll or touch. */
  const input = () => {
    idle.forEach(clearTimeout);
    idle = wait('idle');
  };
  for (const type of ['mousemove', 'keydown', 'touchstart']) on(window, type, input);
  /** exit_intent on a phone: a quick scroll back up after reading down the page (thresholds in @lead/contract). */
  let from = 0;
  let since = 0;
  const scrolled = () => {
    const y = scrollY;
    const now = Date.now();
    fire('on_scroll', (c) => ((y + innerHeight) / document.documentElement.scrollHeight) * 100 >= c.trigger.percent!);
    if (y >= from || now - since > EXIT_SCROLL_UP_MS) {
      from = y;
      since = now;
    } else if (from - y >= EXIT_SCROLL_UP_PX && mobile()) fire('exit_intent');
    input();
  };
  on(window, 'scroll', scrolled);
  // exit_intent on a desktop: the pointer leaves through the top of the window.
  on(
    document,
    'mouseout',
    (e) => !(e as MouseEvent).relatedTarget && (e as MouseEvent).clientY <= 0 && fire('exit_intent'),
  );
  // on_click, hover (and focus, for keyboards) on an element the page marks data-lead-trigger="CODE",
  // whenever the page renders it.
  const marked = (type: string) => (e: Event) =>
    fire(type, (c) => (e.target as Element).closest?.(`[data-lead-trigger="${c.code}"]`));
  on(document, 'click', marked('on_click'));
  for (const type of ['mouseover', 'focusin']) on(document, type, marked('hover'));
  // custom: only lead.push(['show', code]).

  // A staff preview link (?lead_preview=TOKEN): the renderer shows that one campaign at once.
  const preview = /[?&]lead_preview=([\w.-]+)/.exec(location.search)?.[1];
  if (preview) void renderer().then((m) => m.preview(preview));
  else
    Promise.all([
      fetch(`${base}/api/public/sites/${script.dataset.site}/campaigns`).then(
        (r) => (r.ok && r.json()) as Promise<PublicCampaigns | false>,
      ),
      import(/* @vite-ignore */ `${base}/embed/v1/choose.js`) as Promise<Chooser>,
    ])
      .then(([answer, m]) => {
        if (!answer) return;
        pick = m.pick;
        data = answer;
        page();
        queued.forEach(run);
      })
      .catch(() => undefined);
}
