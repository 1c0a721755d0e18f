/**
 * Targeting by source and visitor, and the site's cap (docs/runtime-audience.md, "Audience"), on real
 * partner pages: a campaign for visitors from one source from the second page of their visit,
 * shown to half of them (the half a stable hash of the campaign and the visitor picks), and a site
 * whose cap lets a visitor see one pop-up a visit whatever number of campaigns would show.
 */
import { inShare, VISITOR_STATE_KEY, type CampaignPayload } from '@lead/contract';
import { validCampaign } from '@lead/contract/fixtures';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAP_SITE, makeCampaign, unique } from './fixtures.js';
import { apiCall, STEP_TIMEOUT } from './helpers.js';
import {
  adminToken,
  liveCampaign,
  loaderReady,
  partnerUrl,
  popupOf,
  shown,
  SITE,
  usePartnerBrowser,
  visitor,
} from './partner.js';

usePartnerBrowser({ hosts: [CAP_SITE.host] });

/** Shown on every page view it may be (no waiting days, after a close or a submit alike). */
const EVERY_TIME: CampaignPayload['rules'] = [
  { rule: 'days_to_show_again', value: 0 },
  { rule: 'show_again_after_exit', value: 1 },
  { rule: 'campaign_popup_exit', value: 0 },
  { rule: 'site_popup_exit', value: 0 },
  { rule: 'show_again_after_submit', value: 1 },
];
const under = (host: string, path: string) => [
  { type: 'links' as const, option: 'start_with' as const, target: `https://${host}${path}`, sub_target: [] },
];

/**
 * A visitor whose id is `id`: the embed's state is set before their first page (an id only), and
 * the embed keeps it from then on. (With a state, the embed counts them as returning; the
 * campaigns here take any visitor.)
 */
async function visitorWithId(id: string): Promise<BrowserContext> {
  const context = await visitor();
  await context.addInitScript(
    ([key, v]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, JSON.stringify({ v, c: {} }));
    },
    [VISITOR_STATE_KEY, id],
  );
  return context;
}

/**
 * Opens `url` with `show` commands for `codes` queued before the loader runs: the loader runs them
 * at once after choosing, in the same task, so once it is ready (the network quiet) a pop-up it
 * chose is on the page. `renderer` counts the page's requests for the renderer (popup.js), which
 * the loader imports only to show one.
 */
async function openWith(
  context: BrowserContext,
  url: string,
  codes: string[],
): Promise<{ page: Page; renderer: number }> {
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const seen = { renderer: 0 };
  page.on('request', (r) => void (r.url().endsWith('/embed/v1/popup.js') && seen.renderer++));
  await page.addInitScript((c) => {
    (window as unknown as { lead: unknown[] }).lead = c.map((code) => ['show', code]);
  }, codes);
  await page.goto(url);
  await loaderReady(page);
  return {
    page,
    get renderer() {
      return seen.renderer;
    },
  };
}

/** The pop-ups on the page, by campaign code. */
const popups = (page: Page) =>
  page.locator('[data-lead-popup]').evaluateAll((els) => els.map((e) => e.getAttribute('data-lead-popup')));

describe('targeting by source and visitor', () => {
  it('shows a campaign for one source from the second page of a visit to the half of its visitors the hash picks, never to another source', async () => {
    const path = `/audience-${Date.now()}/`;
    const c = await liveCampaign(path, {
      trigger_type: 'custom',
      targets: under(SITE.host, path),
      rules: EVERY_TIME,
      extra_fields: {
        ...validCampaign(1).extra_fields,
        audience: {
          v: 1,
          sources: [{ field: 'utm_source', op: 'equals', value: 'zalo' }],
          visitor: 'any',
          minPages: 2,
          percent: 50,
        },
      } as CampaignPayload['extra_fields'],
    });
    // One visitor id in the half shown the campaign and one out of it, by the runtime's own hash.
    const ids = Array.from({ length: 64 }, (_, i) => `e2e-share-${i}`);
    const inside = ids.find((id) => inShare(c.code, id, 50));
    const outside = ids.find((id) => !inShare(c.code, id, 50));
    expect(inside && outside).toBeTruthy();

    // From zalo, in the half: nothing on the landing page, the pop-up on the second.
    const chosen = await visitorWithId(inside!);
    expect(await shown(chosen, `${path}one/?utm_source=zalo&utm_medium=social`, c.code)).toBeNull();
    const second = await shown(chosen, `${path}two/`, c.code);
    expect(second).not.toBeNull();
    expect(await popups(second!)).toEqual([c.code]);

    // From zalo, out of the half: on neither page.
    const left = await visitorWithId(outside!);
    expect(await shown(left, `${path}one/?utm_source=zalo`, c.code)).toBeNull();
    expect(await shown(left, `${path}two/`, c.code)).toBeNull();

    // From another source, with the id of the half: never, on any page of the visit.
    const other = await visitorWithId(inside!);
    expect(await shown(other, `${path}one/?utm_source=facebook`, c.code)).toBeNull();
    expect(await shown(other, `${path}two/`, c.code)).toBeNull();
    expect(await shown(other, `${path}three/`, c.code)).toBeNull();
  });
});

describe("the site's cap", () => {
  const setCap = (visit: number, day: number) =>
    apiCall(adminToken(), 'PUT /api/admin/sites/:id/cap', { params: { id: CAP_SITE.id }, body: { visit, day } }).then(
      (r) => {
        expect(r.status).toBe(200);
      },
    );

  it('lets a visitor whom two campaigns would show see one pop-up a visit when the cap is 1', async () => {
    const path = `/cap-${Date.now()}/`;
    const make = (name: string) =>
      makeCampaign(adminToken(), {
        name: unique(name),
        site_id: CAP_SITE.id,
        trigger_type: 'custom',
        targets: under(CAP_SITE.host, path),
        rules: EVERY_TIME,
      });
    const first = await make('Cap first');
    const second = await make('Cap second');
    await setCap(1, 0);
    try {
      const url = (p: string) => partnerUrl(`${path}${p}`, CAP_SITE.host);
      const capped = await visitor();
      // The first page shows the first campaign (one pop-up a page view).
      const one = await openWith(capped, url('one/'), [first.code, second.code]);
      await popupOf(one.page, first.code).waitFor({ state: 'attached' });
      expect(await popups(one.page)).toEqual([first.code]);
      expect(one.renderer).toBe(1);

      // The second page of the visit: both campaigns would show, the cap shows neither; the
      // renderer is not even fetched.
      const two = await openWith(capped, url('two/'), [second.code, first.code]);
      expect(await two.page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).s.n, VISITOR_STATE_KEY)).toBe(2);
      expect(await popups(two.page)).toEqual([]);
      expect(two.renderer).toBe(0);

      // Another visitor, who has seen none, gets the second campaign on that page: the cap held it back.
      const fresh = await openWith(await visitor(), url('two/'), [second.code]);
      await popupOf(fresh.page, second.code).waitFor({ state: 'attached' });

      // A new visit (other campaign tags) of the capped visitor: the cap is per visit.
      const later = await openWith(capped, url('three/?utm_source=newsletter'), [second.code]);
      await popupOf(later.page, second.code).waitFor({ state: 'attached' });
      expect(await popups(later.page)).toEqual([second.code]);
      expect(later.renderer).toBe(1);
    } finally {
      await setCap(0, 0);
    }
  });
});
