/**
 * The choosing module (`/embed/v1/choose.js`), which the loader fetches beside the site's
 * campaigns: at each page view it moves the visitor's visit on (pages read, where it came from)
 * and runs the runtime's one choice function. That function lives in `@lead/contract`
 * (`runtime/choose.ts`), so that the admin's "which campaign wins this page" answer runs the very
 * code the loader runs (docs/runtime.md, "Choosing").
 */
import { choose, nextVisit, type PublicCampaign, type PublicCampaigns } from '@lead/contract';
import { visitorState, writeState } from './state.js';

export { allowed, choose, type ChoiceState, type PageView } from '@lead/contract';

/** What the loader knows of the page view. */
export interface PageFacts {
  url: string;
  referrer: string;
  device: 'mobile' | 'desktop';
  tags: string[];
}

/** 'HH:mm' now in the site's zone (Swedish writes the time as ISO 8601 does); '' for an unknown zone. */
export function siteClock(now: number, timeZone: string): string {
  try {
    return new Date(now).toLocaleTimeString('sv', { timeZone }).slice(0, 5);
  } catch {
    return '';
  }
}

/** A new page view: the visit moved on and saved, then the campaigns this page view may show. */
export function pick(data: PublicCampaigns, page: PageFacts): PublicCampaign[] {
  const now = Date.now();
  const [state, known] = visitorState();
  state.s = nextVisit(state.s, known, { url: page.url, referrer: page.referrer, now });
  writeState(state);
  return choose(
    data.campaigns,
    {
      now,
      device: page.device,
      url: page.url,
      tags: page.tags,
      clock: siteClock(now, data.site.timeZone),
      cap: data.site.cap,
    },
    state,
  );
}

/** What the loader imports. */
export interface Chooser {
  pick: typeof pick;
}
