/**
 * Every screen of the admin (src/routes.tsx) at 1280 × 800, 1920 × 1080 and 390 × 844: no serious
 * or critical axe violation, nothing wider than the phone's window, and a screenshot of each screen
 * and size in test-output/screens (ignored by git), or in docs/screens with DOC_SCREENS=1, listed
 * in docs/screens/README.md. One browser, one page per account, the screens visited in turn. The
 * list, detail, builder (DESIGN), template, client and destination screenshots are other
 * journeys' (shell-geometry, builder-canvas, template-step, client-pages): this one shoots the rest.
 */
import { axeScan, describeViolations } from '@lead/testing';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientOf, makeCampaign, makeClient, unique } from './fixtures.js';
import { apiCall, closeToasts, open, route, tokenOf, useBrowser } from './helpers.js';

useBrowser();

const SHOTS = process.env.DOC_SCREENS
  ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screens')
  : join(import.meta.dirname, '..', 'test-output', 'screens');
const SIZES = [
  [1280, 800],
  [1920, 1080],
  [390, 844],
] as const;
/** Staff who see every screen (the settings' admin sections too); campaigns are made by the leader, as the builder's journeys do. */
const SYSTEM = 'system@lead.test';
const LEADER = 'leader@lead.test';
const SITE = 'siteID=1&siteURL=bacsi-online.vn';

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

interface Screen {
  /** The file's name before '-{width}x{height}.png'. */
  name: string;
  /** The hash route to go to, or none to stay (a step reached by `ready`). */
  path?: string;
  /** Waits for what the screen shows once loaded (and gets there, for a builder step). */
  ready: (page: Page) => Promise<unknown>;
  /** A promise of the screen's geometry, checked at each size: what is wrong, or nothing. */
  check?: (page: Page) => Promise<string | null>;
}

const heading =
  (name: string | RegExp, level = 1) =>
  (page: Page) =>
    page.getByRole('heading', { level, name }).waitFor();

/** The cells of `column` (a grid's column header) whose text takes more than one line. */
const wrappedCells = (page: Page, grid: string, column: string) =>
  page.getByRole('grid', { name: grid }).evaluate((table, name) => {
    const headers = [...table.querySelectorAll('[role=columnheader]')];
    const index = headers.findIndex((h) => h.textContent?.trim() === name);
    return [...table.querySelectorAll('[role=row]')].slice(1).flatMap((row) => {
      const cell = row.querySelectorAll('[role=gridcell], [role=rowheader]')[index] as HTMLElement | undefined;
      if (!cell?.textContent) return [];
      // The lines of its text (not the boxes of its elements, which start above their text).
      const tops = new Set<number>();
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) tops.add(Math.round(r.top));
      }
      const lines = tops.size;
      return lines > 1 ? [cell.textContent] : [];
    });
  }, column);

/** A check: the field of a few digits named `label` is a short box, not the form's whole width. */
const digits = (label: string) => async (p: Page) => {
  const { width } = (await p.getByRole('textbox', { name: label }).boundingBox())!;
  return width > 128 ? `${label} is ${width} px wide` : null;
};

/** Waits until nothing loads (no `aria-busy`), the fonts are in, and two frames have been drawn. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]') && document.fonts.status === 'loaded');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Visits `screens` in turn on `page` and, at each size, scans it with axe, measures its width at
 * 390 and shoots it (toasts closed, the mouse away, at the top). Returns what is wrong, by screen
 * and size, so that one run names every problem.
 */
async function shoot(page: Page, screens: Screen[]): Promise<string[]> {
  const problems: string[] = [];
  for (const screen of screens) {
    if (screen.path) {
      const to = screen.path;
      await page.evaluate((hash) => (location.hash = hash), to);
      await expect.poll(() => route(page)).toBe(to.split('?')[0]);
    }
    await screen.ready(page);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await closeToasts(page);
      await page.mouse.move(0, 0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await settled(page);
      const at = `${screen.name} at ${width}×${height}`;
      const wrong = await screen.check?.(page);
      if (wrong) problems.push(`${at}: ${wrong}`);
      for (const v of describeViolations(await axeScan(page, { minImpact: 'serious' }))) problems.push(`${at}: ${v}`);
      if (width === 390) {
        const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth);
        if (wide > 390) problems.push(`${at}: ${wide} px wide, scrolls sideways`);
      }
      await page.screenshot({ path: join(SHOTS, `${screen.name}-${width}x${height}.png`) });
    }
  }
  return problems;
}

describe('every screen at 1280 × 800, 1920 × 1080 and 390 × 844', () => {
  it('signed out: login, sign-up, the reset pages, the thank-you page and a lead file’s dead link', async () => {
    const { page, context } = await open('/login');
    const problems = await shoot(page, [
      { name: 'login', path: '/login', ready: heading('Sign in to Lead') },
      { name: 'signup', path: '/signup', ready: heading('Sign up') },
      { name: 'forgot-password', path: '/reset-password-by-email', ready: heading('Forgot password') },
      {
        name: 'reset-password',
        path: `/reset-password/journey-link?email=${encodeURIComponent('anna@lead.test')}`,
        ready: heading('Reset password'),
      },
      { name: 'signed-out', path: '/signout-thankyou', ready: heading('Thank you') },
      {
        // A link no file made: the page says so (a real one needs a lead file sent by mail).
        name: 'verdicts-dead-link',
        path: '/verdicts/no-such-file',
        ready: (p) => p.getByRole('alert').first().waitFor(),
      },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('campaigns: the Report view, an empty list, the builder’s other steps, the created page, a new campaign’s detail page, leads, a consent record and a new campaign', async () => {
    const token = await tokenOf(LEADER);
    // A running rival whose name is one word longer than a phone is wide: the created and detail
    // pages list it among those that win the new campaign's pages, and it wraps there.
    await makeCampaign(await tokenOf(SYSTEM), { name: unique(`Screens${'Timmach'.repeat(20)}`) });
    const campaign = await makeCampaign(token, { name: unique('Screens') });
    // A lead of the demo's first campaign with its consent record: the oldest of its newest page
    // (the newest may be journeys' leads, sent without one).
    const lead = (
      await apiCall(token, 'GET /api/admin/campaign/:id/leads', { params: { id: 1 } })
    ).body._data.models.at(-1)!.id;
    const { page, context } = await open('/', { as: SYSTEM });
    const step = (label: string) => async (p: Page) => {
      await p
        .getByRole('navigation', { name: 'Campaign steps' })
        .getByRole('button', { name: new RegExp(label) })
        .click();
      await p.getByRole('heading', { level: 2, name: label }).waitFor();
    };
    const problems = await shoot(page, [
      {
        name: 'list-report',
        path: '/?view=Report&page=1',
        ready: (p) =>
          p
            .getByRole('grid', { name: /Campaign/ })
            .getByRole('rowheader')
            .first()
            .waitFor(),
      },
      {
        name: 'list-empty',
        path: `/?q=${encodeURIComponent('no campaign is called this')}`,
        ready: (p) =>
          p
            .getByText(/No campaign/i)
            .first()
            .waitFor(),
      },
      {
        name: 'builder-target',
        path: `/edit-campaign/${campaign.id}?${SITE}`,
        ready: heading('TARGET', 2),
      },
      {
        name: 'builder-trigger',
        ready: step('TRIGGER'),
        // Its one figure is as wide as its few digits, as the Settings step's, not the panel's width.
        check: async (p) => {
          const { width } = (await p.getByRole('textbox', { name: 'Time on page (seconds)' }).boundingBox())!;
          return width > 320 ? `Time on page is ${width} px wide` : null;
        },
      },
      { name: 'builder-settings', ready: step('SETTINGS') },
      {
        name: 'created',
        path: `/create-campaign-success?${new URLSearchParams({ id: String(campaign.id), name: campaign.name })}&${SITE}`,
        ready: (p) => p.locator('[data-publish]').waitFor(),
      },
      {
        name: 'detail-new',
        path: `/campaign-details/${campaign.id}`,
        ready: heading(campaign.name),
      },
      {
        name: 'leads',
        path: '/leads',
        ready: (p) => p.getByRole('grid', { name: 'Leads' }).getByRole('row').nth(1).waitFor(),
        // Every cell on one line, names cut with an ellipsis (the table scrolls sideways when narrow).
        check: async (p) => {
          const wrapped: string[] = [];
          for (const column of ['Date', 'Campaign', 'Site', 'Client', 'Name', 'Phone', 'E-mail'])
            wrapped.push(...(await wrappedCells(p, 'Leads', column)));
          return wrapped.length ? `wrapped: ${wrapped.slice(0, 3).join(', ')}` : null;
        },
      },
      { name: 'consent', path: `/leads/${lead}/consent`, ready: (p) => p.getByRole('dialog').waitFor() },
      {
        // Last: a new campaign's builder, as New Campaign's dialog opens it (nothing typed yet).
        name: 'new-campaign',
        path: `/new-campaign?${new URLSearchParams({ campaignName: unique('New'), clientID: String(await clientOf(token, 1)) })}&${SITE}`,
        ready: heading('TARGET', 2),
      },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('clients: the table, a client’s SITES, LEADS AND BILLING, DESTINATIONS and VERDICTS tabs, and an e-mail file', async () => {
    const client = await makeClient([1]);
    const file = await apiCall(await tokenOf(SYSTEM), 'POST /api/admin/clients/:id/destinations', {
      params: { id: client.id },
      body: {
        name: unique('Daily file'),
        enabled: true,
        kind: 'email',
        campaign_ids: null,
        format: 'xlsx',
        schedule: 'daily',
        hour: 8,
        recipients: ['crm@clinic.test'],
      },
    });
    expect(file.status).toBe(200);
    const { page, context } = await open('/clients', { as: SYSTEM });
    const tab = (name: string) => async (p: Page) => {
      await p.getByRole('heading', { level: 1, name: client.name }).waitFor();
      await p.getByRole('tab', { name }).click();
    };
    const problems = await shoot(page, [
      {
        name: 'clients',
        path: '/clients',
        ready: (p) => p.getByRole('grid', { name: 'Clients' }).getByRole('rowheader').first().waitFor(),
      },
      { name: 'client-sites', path: `/clients/${client.id}?tab=sites`, ready: tab('SITES') },
      {
        name: 'client-billing',
        ready: tab('LEADS AND BILLING'),
        check: digits('Duplicate window (days)'),
      },
      { name: 'client-destinations', ready: tab('DESTINATIONS') },
      {
        name: 'client-verdicts',
        ready: async (p) => {
          await tab('VERDICTS')(p);
          await p.getByRole('heading', { level: 2, name: 'API keys' }).waitFor();
        },
        check: digits('Verdict window (days)'),
      },
      {
        name: 'destination-email',
        path: `/clients/${client.id}/destinations/${file.body._data.model.id}`,
        ready: heading('Settings', 2),
        // A select's value sits at the start of its button, however wide the button.
        check: async (p) => {
          const button = p.getByRole('button', { name: /08:00/ });
          const [outer, value] = [
            await button.boundingBox(),
            await button.locator('.react-aria-SelectValue').boundingBox(),
          ];
          return value!.x - outer!.x > 24 ? `the hour sits ${value!.x - outer!.x} px into its button` : null;
        },
      },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('settings, system history, erasure and an unknown link', async () => {
    // An entry with a word longer than a phone is wide (a name with no space): it wraps there.
    await makeCampaign(await tokenOf(SYSTEM), { name: unique(`Screens${'Timmach'.repeat(20)}`) });
    const { page, context } = await open('/account-settings', { as: SYSTEM });
    const section = (id: string, title: string) => ({
      name: `settings-${id}`,
      path: `/account-settings?section=${id}`,
      ready: heading(title, 2),
      // The section's panel has the room of a form, beside the menu or, on a phone, under it.
      check: async (p: Page) => {
        const { width } = (await p.getByRole('heading', { level: 2, name: title }).locator('..').boundingBox())!;
        return width < 300 ? `the panel is ${width} px wide` : null;
      },
    });
    const problems = await shoot(page, [
      section('personal', 'Personal details'),
      section('password', 'Change password'),
      {
        ...section('users', 'Manage users'),
        ready: (p: Page) => p.getByRole('grid', { name: 'Users' }).getByRole('rowheader').first().waitFor(),
      },
      {
        ...section('clients', 'Manage clients'),
        ready: (p: Page) => p.getByRole('grid', { name: 'Clients' }).getByRole('rowheader').first().waitFor(),
      },
      section('cap', 'Pop-up cap'),
      {
        name: 'history',
        path: '/system-history',
        ready: (p) => p.getByRole('navigation', { name: 'History pages' }).waitFor(),
      },
      {
        name: 'erase',
        path: '/erase-person',
        ready: heading('Erase a person'),
        // The lookup is a form of a few fields, not as wide as a 1920 window.
        check: async (p) => {
          const { width } = (await p.getByRole('form', { name: 'Find a person' }).boundingBox())!;
          return width > 640 ? `the form is ${width} px wide` : null;
        },
      },
      { name: 'not-found', path: '/no-such-page', ready: heading('Ops!') },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
