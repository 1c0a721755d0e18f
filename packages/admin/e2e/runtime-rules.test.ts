import { abArm, VISITOR_STATE_KEY, type CampaignRule } from '@lead/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, baseUrl, session } from './helpers.js';
import { deactivate } from './fixtures.js';
import {
  adminToken,
  figures,
  liveCampaign,
  loaderReady,
  nextEvents,
  popupOf,
  shown,
  SITE,
  usePartnerBrowser,
  visit,
  visitor,
} from './partner.js';

usePartnerBrowser();

/** A start_with target: the page's query (?show=) is part of an exact link. */
const startWith = (path: string) => ({
  targets: [
    { type: 'links' as const, option: 'start_with' as const, target: `https://${SITE.host}${path}`, sub_target: [] },
  ],
});
const rules = (...extra: CampaignRule[]): CampaignRule[] => [{ rule: 'days_to_show_again', value: 7 }, ...extra];
/**
 * Not shown (yet): the loader has armed the page's triggers (loaderReady waits for the network to
 * be quiet, by when a pop-up shown at once would have come), and no pop-up is there.
 */
const notShown = async (page: Page, code: string) => expect(await popupOf(page, code).count()).toBe(0);
const showsUp = (page: Page, code: string) => popupOf(page, code).waitFor({ state: 'attached' });
/**
 * A visitor on `path` whose clock is the test's, standing still until moved, so that seconds on
 * the page are counted exactly: `code`'s pop-up is not there at 2,999 ms, and is at 3,000.
 */
async function showsAfterThreeSeconds(path: string, code: string): Promise<void> {
  const context = await visitor();
  await context.clock.install();
  await context.clock.pauseAt(Date.now() + 1000);
  const page = await visit(context, path);
  await loaderReady(page);
  await context.clock.runFor(2999);
  await notShown(page, code);
  await context.clock.runFor(1);
  await showsUp(page, code);
  await context.close();
}

describe('triggers', () => {
  it('on_landing: after the set seconds on the page, not before', async () => {
    const c = await liveCampaign('/e2e/trigger-landing/', {
      trigger_type: 'on_landing',
      rules: rules({ rule: 'time_on_page', value: 3 }),
    });
    await showsAfterThreeSeconds('/e2e/trigger-landing/', c.code);
  });

  it('on_scroll: at the set percentage of the page', async () => {
    const c = await liveCampaign('/e2e/trigger-scroll/', {
      trigger_type: 'on_scroll',
      rules: rules({ rule: 'scroll_percent', value: 75 }),
    });
    const context = await visitor({ mobile: true });
    const page = await visit(context, '/e2e/trigger-scroll/');
    await loaderReady(page);
    await notShown(page, c.code);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await showsUp(page, c.code);
    await context.close();
  });

  it('exit_intent (desktop), on_click and hover on a marked element, idle, and custom through lead.push', async () => {
    const exit = await liveCampaign('/e2e/trigger-exit/', { trigger_type: 'exit_intent' });
    let page = await visit(await visitor(), '/e2e/trigger-exit/');
    await loaderReady(page);
    await notShown(page, exit.code);
    // The pointer leaves the page through its top edge.
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, relatedTarget: null, bubbles: true })),
    );
    await showsUp(page, exit.code);
    await page.context().close();

    for (const type of ['on_click', 'hover'] as const) {
      const c = await liveCampaign(`/e2e/trigger-${type}/`, {
        trigger_type: type,
        ...startWith(`/e2e/trigger-${type}/`),
      });
      page = await visit(await visitor(), `/e2e/trigger-${type}/?show=${c.code}&trigger=${type}`);
      await loaderReady(page);
      await notShown(page, c.code);
      const button = page.getByRole('button', { name: 'Get the free guide' });
      if (type === 'hover') await button.hover();
      else await button.click();
      await showsUp(page, c.code);
      await page.context().close();
    }

    // Idle: three seconds without input.
    const idle = await liveCampaign('/e2e/trigger-idle/', {
      trigger_type: 'idle',
      rules: rules({ rule: 'time_on_page', value: 3 }),
    });
    await showsAfterThreeSeconds('/e2e/trigger-idle/', idle.code);

    const custom = await liveCampaign('/e2e/trigger-custom/', {
      trigger_type: 'custom',
      ...startWith('/e2e/trigger-custom/'),
    });
    page = await visit(await visitor(), `/e2e/trigger-custom/?show=${custom.code}&trigger=custom`);
    await loaderReady(page);
    await notShown(page, custom.code);
    await page.getByRole('button', { name: 'Open the offer' }).click();
    await showsUp(page, custom.code);
    await page.context().close();
  });

  it('custom: a lead.push(["show"]) made while the campaigns are still on their way is kept until they come', async () => {
    const c = await liveCampaign('/e2e/trigger-early/', { trigger_type: 'custom' });
    const context = await visitor();
    // The site's campaigns are held back until the page has pushed its command.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested!: () => void;
    const asked = new Promise<void>((resolve) => (requested = resolve));
    await context.route('**/api/public/sites/*/campaigns', async (route) => {
      requested();
      await held;
      await route.continue();
    });
    const page = await visit(context, '/e2e/trigger-early/');
    await asked;
    await page.waitForFunction(() => {
      const lead = (window as unknown as { lead?: unknown }).lead;
      return Boolean(lead && !Array.isArray(lead));
    });
    await page.evaluate(
      (code) => (window as unknown as { lead: { push(x: unknown[]): void } }).lead.push(['show', code]),
      c.code,
    );
    await notShown(page, c.code);
    release();
    await showsUp(page, c.code);
    await context.close();
  });
});

describe('frequency, per visitor', () => {
  it('not again for days_to_show_again days after an impression; every page view with 0', async () => {
    const weekly = await liveCampaign('/e2e/freq-weekly/', { trigger_type: 'custom', rules: rules() });
    const always = await liveCampaign('/e2e/freq-always/', {
      trigger_type: 'custom',
      rules: [{ rule: 'days_to_show_again', value: 0 }],
    });
    const context = await visitor();
    expect(await shown(context, '/e2e/freq-weekly/', weekly.code)).not.toBeNull();
    expect(await shown(context, '/e2e/freq-weekly/', weekly.code)).toBeNull();
    expect(await shown(context, '/e2e/freq-always/', always.code)).not.toBeNull();
    expect(await shown(context, '/e2e/freq-always/', always.code)).not.toBeNull();
    // Another visitor sees the weekly one.
    expect(await shown(await visitor(), '/e2e/freq-weekly/', weekly.code)).not.toBeNull();
    await context.close();
  });

  it('after a close: never this campaign again, and no campaign of the site for site_popup_exit days', async () => {
    const first = await liveCampaign('/e2e/freq-close-a/', {
      trigger_type: 'custom',
      rules: [{ rule: 'days_to_show_again', value: 0 }],
    });
    const second = await liveCampaign('/e2e/freq-close-b/', {
      trigger_type: 'custom',
      rules: [{ rule: 'days_to_show_again', value: 0 }],
    });
    const context = await visitor();
    const page = (await shown(context, '/e2e/freq-close-a/', first.code))!;
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await shown(context, '/e2e/freq-close-a/', first.code)).toBeNull();
    expect(await shown(context, '/e2e/freq-close-b/', second.code)).toBeNull();
    // With show_again_after_exit and no waiting, it comes back.
    const again = await liveCampaign('/e2e/freq-close-c/', {
      trigger_type: 'custom',
      rules: [
        { rule: 'days_to_show_again', value: 0 },
        { rule: 'show_again_after_exit', value: 1 },
        { rule: 'campaign_popup_exit', value: 0 },
        { rule: 'site_popup_exit', value: 0 },
      ],
    });
    const other = await visitor();
    const p = (await shown(other, '/e2e/freq-close-c/', again.code))!;
    await p.getByRole('button', { name: 'Close' }).click();
    expect(await shown(other, '/e2e/freq-close-c/', again.code)).not.toBeNull();
    await context.close();
    await other.close();
  });

  it('after a submit: never again unless show_again_after_submit', async () => {
    const once = await liveCampaign('/e2e/freq-submit/', {
      trigger_type: 'custom',
      rules: [{ rule: 'days_to_show_again', value: 0 }],
    });
    const context = await visitor();
    const page = (await shown(context, '/e2e/freq-submit/', once.code))!;
    const popup = popupOf(page, once.code);
    await popup.getByLabel('Full name').fill('Ana Reyes');
    await popup.getByLabel('Email').fill('ana@example.ph');
    await popup.getByRole('button', { name: 'Submit' }).click();
    await popup.getByText('THANK YOU').waitFor();
    expect(await shown(context, '/e2e/freq-submit/', once.code)).toBeNull();
    await context.close();
  });
});

describe('targeting', () => {
  it('by link (start_with), with an excluded sub-target, and by the page tag', async () => {
    const byLink = await liveCampaign('/e2e/target/', {
      trigger_type: 'custom',
      targets: [
        {
          type: 'links',
          option: 'start_with',
          target: `https://${SITE.host}/e2e/target/`,
          sub_target: [{ option: 'exact_match', value: `https://${SITE.host}/e2e/target/excluded/` }],
        },
      ],
    });
    expect(await shown(await visitor(), '/e2e/target/deep/article/', byLink.code)).not.toBeNull();
    expect(await shown(await visitor(), '/e2e/target/excluded/', byLink.code)).toBeNull();
    expect(await shown(await visitor(), '/e2e/elsewhere/', byLink.code)).toBeNull();
    const byTag = await liveCampaign('/unused/', {
      trigger_type: 'custom',
      targets: [{ type: 'tags', option: 'exact_match', target: 'e2e-sleep', sub_target: [] }],
    });
    expect(await shown(await visitor(), '/tags/e2e-sleep/article-1/', byTag.code)).not.toBeNull();
    expect(await shown(await visitor(), '/tags/e2e-other/article-1/', byTag.code)).toBeNull();
  });

  it('on the devices chosen: a Desktop-only campaign is not shown on a phone', async () => {
    const desktop = await liveCampaign('/e2e/device/', { trigger_type: 'custom', device_types: [2] });
    expect(await shown(await visitor({ mobile: true }), '/e2e/device/', desktop.code)).toBeNull();
    expect(await shown(await visitor(), '/e2e/device/', desktop.code)).not.toBeNull();
  });
});

describe('a lead, end to end', () => {
  it('is checked, stored as billable (not spam), shown in the admin with its figures, and the pop-up thanks the visitor', async () => {
    const c = await liveCampaign('/e2e/lead/', { trigger_type: 'custom' });
    const context = await visitor();
    const page = (await shown(context, '/e2e/lead/', c.code))!;
    const popup = popupOf(page, c.code);
    await popup.getByLabel('Email').fill('not-an-email');
    await popup.getByRole('button', { name: 'Submit' }).click();
    await popup.getByText('Please enter a valid email address.').waitFor();
    await popup.getByLabel('Full name').fill('Ana Reyes');
    await popup.getByLabel('Email').fill('ana.reyes@example.ph');
    await popup.getByRole('button', { name: 'Submit' }).click();
    await popup.getByText('THANK YOU').waitFor();
    // The impression is sent within a second or so of showing; the lead before the thank-you.
    await expect
      .poll(() => figures(c.id))
      .toMatchObject({ total_impression: 1, total_visitor: 1, total_submit: 1, total_lead: 1 });
    const detail = await apiCall(adminToken(), 'GET /api/admin/campaign/:id', { params: { id: c.id } });
    expect(detail.body._data.lead).toEqual([
      expect.objectContaining({ name: 'Ana Reyes', email: 'ana.reyes@example.ph' }),
    ]);
    // A person: its page view, proof of work and fill time made it billable; nothing in the spam bin.
    const spam = await apiCall(adminToken(), 'GET /api/admin/campaign/:id/spam', { params: { id: c.id } });
    expect(spam.body._data).toMatchObject({ models: [], total: 0 });
    // Leaving the page now is not a bounce: the visitor sent the form.
    await page.close();
    await context.close();
    expect((await figures(c.id)).total_bounce).toBe(0);
  });

  it('counts a close and a bounce', async () => {
    const c = await liveCampaign('/e2e/close-bounce/', {
      trigger_type: 'custom',
      rules: [{ rule: 'days_to_show_again', value: 0 }],
    });
    const closer = await visitor();
    const page = (await shown(closer, '/e2e/close-bounce/', c.code))!;
    await page.getByRole('button', { name: 'Close' }).click();
    const leaver = await visitor();
    const left = (await shown(leaver, '/e2e/close-bounce/', c.code))!;
    await left.close({ runBeforeUnload: true });
    await expect.poll(() => figures(c.id)).toMatchObject({ total_impression: 2, total_habit_exit: 1, total_bounce: 1 });
    await closer.close();
    await leaver.close();
  });
});

/** Asks the page for every arm's code: the pop-ups it shows (one at most per page view), once one has come. */
async function armShown(page: Page, codes: string[]): Promise<Array<string | null>> {
  const counted = nextEvents(page);
  await page.evaluate((all) => {
    const lead = (window as unknown as { lead: { push(x: unknown[]): void } }).lead;
    for (const code of all) lead.push(['show', code]);
  }, codes);
  const popups = page.locator('[data-lead-popup]');
  await popups.first().waitFor({ state: 'attached' });
  const shownCodes = await popups.evaluateAll((els) => els.map((el) => el.getAttribute('data-lead-popup')));
  // Its impression has reached the server before the visitor's browser closes.
  await counted;
  return shownCodes;
}

describe('an A/B test on partner pages', () => {
  it("splits its visitors across its variants, each visitor always the same one, each variant's figures apart", async () => {
    const test = await liveCampaign('/e2e/ab/', {
      trigger_type: 'custom',
      rules: [{ rule: 'days_to_show_again', value: 0 }],
    });
    const made = await apiCall(adminToken(), 'POST /api/admin/campaign/:id/variants', {
      params: { id: test.id },
      body: {
        variant_names: ['Red', 'Blue'],
      },
    });
    expect(made.status).toBe(200);
    expect(
      (await apiCall(adminToken(), 'POST /api/admin/campaign/:id/variants/activation', { params: { id: test.id } }))
        .status,
    ).toBe(200);
    // The arms in id order, as the server serves them; the test's code names the split.
    const arms = [test, ...made.body._data.models].sort((a, b) => a.id - b.id);
    // One visitor per arm: the first ids GrowthBook's hash (abArm) puts in each, so that every
    // arm is reached with three visitors, not left to chance with nine.
    const ids = arms.map((_, arm) => {
      for (let n = 0; ; n++)
        if (abArm(test.code, `e2e-ab-visitor-${n}`, arms.length) === arm) return `e2e-ab-visitor-${n}`;
    });
    for (const [arm, id] of ids.entries()) {
      const context = await visitor();
      await context.addInitScript(
        ([key, v]) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ v, c: {} }));
        },
        [VISITOR_STATE_KEY, id] as const,
      );
      const page = await visit(context, '/e2e/ab/');
      await loaderReady(page);
      // The page asks for every arm by its code; the visitor gets theirs, and only theirs.
      expect(
        await armShown(
          page,
          arms.map((a) => a.code),
        ),
      ).toEqual([arms[arm]!.code]);
      // The same visitor again: the same arm.
      const again = await visit(context, '/e2e/ab/');
      await loaderReady(again);
      expect(
        await armShown(
          again,
          arms.map((a) => a.code),
        ),
      ).toEqual([arms[arm]!.code]);
      await context.close();
    }
    // Each arm's impressions counted under its own campaign: two page views each.
    await expect
      .poll(async () => Promise.all(arms.map(async (a) => (await figures(a.id)).total_impression)))
      .toEqual(arms.map(() => 2));
    // Stopping the test stops the split: the arms are no longer served.
    expect(
      (await apiCall(adminToken(), 'POST /api/admin/campaign/:id/variants/deactivation', { params: { id: test.id } }))
        .status,
    ).toBe(200);
    const served = (await (await fetch(`${baseUrl()}/api/public/sites/${SITE.id}/campaigns`)).json()) as {
      campaigns: Array<{ code: string }>;
    };
    for (const a of arms) expect(served.campaigns.map((x) => x.code)).not.toContain(a.code);
  });
});

describe('Preview on a page', () => {
  it('opens the saved campaign from the builder on its partner page at once, counting nothing', async () => {
    const c = await liveCampaign('/e2e/preview/', {
      trigger_type: 'on_scroll',
      rules: rules({ rule: 'scroll_percent', value: 100 }),
    });
    // Inactive: the public never sees it, the preview does.
    await deactivate(adminToken(), c.id);
    const { access_token, user } = await session('system@lead.test');
    const context = await visitor();
    // The pages' clock is the test's, so that what the pop-up would send a second after showing is
    // sent (or not) when the test moves the clock, and counted in requests.
    await context.clock.install();
    const events: string[] = [];
    context.on('request', (r) => {
      if (r.url().includes('/api/public/events')) events.push(r.url());
    });
    await context.addInitScript(
      ([token, u]) => {
        localStorage.setItem('lead.access_token', token as string);
        localStorage.setItem('lead.user', JSON.stringify(u));
      },
      [access_token, user] as const,
    );
    const admin = await context.newPage();
    await admin.goto(`${baseUrl()}/admin/#/edit-campaign/${c.id}`);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      admin.getByRole('button', { name: 'Preview on a page' }).click(),
    ]);
    await tab.waitForURL(/lead_preview=/);
    expect(new URL(tab.url()).host).toBe(`${SITE.host}.localhost:${new URL(baseUrl()).port}`);
    expect(new URL(tab.url()).pathname).toBe('/e2e/preview/');
    // Shown at once, without its trigger (the page is not scrolled).
    await popupOf(tab, c.code).waitFor({ state: 'attached' });
    // The pop-up counts its impression a second after showing; a preview sends nothing.
    await context.clock.runFor(1000);
    await tab.close({ runBeforeUnload: true });
    expect(events).toEqual([]);
    expect((await figures(c.id)).total_impression).toBe(0);
    await context.close();
  });
});
