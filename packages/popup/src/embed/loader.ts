/**
 * The embed (`/embed/v1/loader.js`): the one script a partner page adds. It reads `data-site`,
 * fetches the site's campaigns, keeps those this visitor may see on this page, arms their
 * triggers, and only when one fires loads the renderer (`popup.js`). No dependencies, no framework.
 */
import { MOBILE_MAX_WIDTH, type PublicCampaign, type PublicCampaigns } from '@lead/contract';
import { choose } from './choose.js';
import { readState } from './state.js';
import type { ShowContext } from './popup.js';

type Command = [string, ...unknown[]];
interface LeadGlobal {
  push(command: Command): void;
}

(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const w = window as unknown as { lead?: Command[] | LeadGlobal };
  if (!script || (w.lead && !Array.isArray(w.lead))) return;
  const base = new URL(script.src).origin;
  const siteId = Number(script.dataset.site);
  const queued = (w.lead as Command[] | undefined) ?? [];
  let served: PublicCampaign[] = [];
  let shown = false;
  let data: PublicCampaigns | undefined;

  const show = (c: PublicCampaign, preview?: string) => {
    if (shown || !data) return;
    shown = true;
    import(/* @vite-ignore */ `${base}/embed/v1/popup.js`).then(
      (m: { show(c: PublicCampaign, ctx: ShowContext): void }) => m.show(c, { base, site: data!.site, preview }),
      () => (shown = false),
    );
  };
  const run = (command: Command) => {
    if (command[0] === 'show') {
      const c = served.find((x) => x.code === command[1]);
      if (c) show(c);
    }
  };
  w.lead = { push: run };

  const preview = /[?&]lead_preview=([\w.-]+)/.exec(location.search)?.[1];
  const url = preview ? `${base}/api/public/preview/${preview}` : `${base}/api/public/sites/${siteId}/campaigns`;
  fetch(url, { mode: 'cors', credentials: 'omit' })
    .then((r) => (r.ok ? (r.json() as Promise<PublicCampaigns>) : Promise.reject(new Error(String(r.status)))))
    .then((answer) => {
      data = answer;
      if (preview) return show(answer.campaigns[0]!, preview);
      const meta = document.querySelector<HTMLMetaElement>('meta[name="lead:tags"]');
      let clock = '';
      try {
        clock = new Intl.DateTimeFormat('en-GB', { timeZone: answer.site.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format();
      } catch {
        // An unknown zone: appearance hours cannot match.
      }
      served = choose(
        answer.campaigns,
        {
          now: Date.now(),
          device: innerWidth < MOBILE_MAX_WIDTH ? 'mobile' : 'desktop',
          url: location.href,
          tags: meta ? meta.content.split(',') : [],
          clock,
        },
        readState(),
      );
      for (const c of served) arm(c);
      queued.forEach(run);
    })
    .catch(() => undefined);

  const on = (target: EventTarget, type: string, fn: (e: Event) => void) => target.addEventListener(type, fn, { passive: true });

  function arm(c: PublicCampaign) {
    const t = c.trigger;
    const fire = () => show(c);
    if (t.type === 'on_landing') setTimeout(fire, (t.seconds ?? 0) * 1000);
    else if (t.type === 'on_scroll') {
      const check = () => {
        const d = document.documentElement;
        if (((scrollY + innerHeight) / d.scrollHeight) * 100 >= (t.percent ?? 25)) fire();
      };
      on(window, 'scroll', check);
      check();
    } else if (t.type === 'exit_intent') {
      on(document, 'mouseout', (e) => {
        const m = e as MouseEvent;
        if (!m.relatedTarget && m.clientY <= 0) fire();
      });
    } else if (t.type === 'on_click' || t.type === 'hover') {
      for (const el of document.querySelectorAll(`[data-lead-trigger="${c.code}"]`)) {
        on(el, t.type === 'hover' ? 'mouseenter' : 'click', fire);
        if (t.type === 'hover') on(el, 'focus', fire);
      }
    } else if (t.type === 'idle') {
      let timer = 0;
      const reset = () => {
        clearTimeout(timer);
        timer = window.setTimeout(fire, (t.seconds ?? 30) * 1000);
      };
      for (const type of ['mousemove', 'keydown', 'scroll', 'touchstart']) on(window, type, reset);
      reset();
    }
    // custom: only lead.push(['show', code]).
  }
})();
