import type { Envelope } from '@lead/contract';
import {
  requestLine,
  type AdminRouteName,
  type AdminRouteOf,
  type CallData,
  type CallRequest,
} from '@lead/contract/api';
import { axeScan, describeViolations, launchBrowser } from '@lead/testing';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const DEMO_PASSWORD = 'Password123!';
export const baseUrl = (): string => inject('baseUrl');

/**
 * How long a step may wait for its condition before it fails, with its locator: a ceiling, not a
 * wait (every wait returns as soon as its condition holds), generous so that a loaded machine
 * does not fail one, and well inside the test's own timeout (vitest.config.ts).
 */
export const STEP_TIMEOUT = 30_000;

let browser: Browser;

/** One Chromium per test file, closed after it. */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** Who signs in: a demo user's email (they share the demo password), or a user a journey made (e2e/fixtures.ts). */
export type Account = string | { email: string; password: string };
const credentials = (who: Account) => (typeof who === 'string' ? { email: who, password: DEMO_PASSWORD } : who);

export interface Session {
  access_token: string;
  user: unknown;
}

/** Signs in through the API: a new session each time (a sign-in costs the server a password hash). */
export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<Session> {
  const res = await fetch(`${baseUrl()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { _data: Session };
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(body)}`);
  return body._data;
}

const sessions = new Map<string, Promise<Session>>();
/**
 * A session of `who` shared by this test file's tests (each file has its own): one sign-in per
 * user and file rather than one per step. A test that ends its session (logs out) takes a session
 * of its own instead (`open(…, { newSession: true })` or `apiLogin`).
 */
export function session(who: Account): Promise<Session> {
  const { email, password } = credentials(who);
  let s = sessions.get(email);
  if (!s) {
    s = apiLogin(email, password);
    sessions.set(email, s);
    s.catch(() => sessions.delete(email));
  }
  return s;
}

/** The access token of `who`'s shared session. */
export const tokenOf = async (who: Account): Promise<string> => (await session(who)).access_token;

/** What a call of route N takes, typed by the route (left out when nothing is required). */
export type ApiCallArgs<N extends AdminRouteName> =
  object extends CallRequest<AdminRouteOf<N>>
    ? [request?: CallRequest<AdminRouteOf<N>>]
    : [request: CallRequest<AdminRouteOf<N>>];

/**
 * Calls admin route `name` (`'GET /api/admin/campaign/:id'`, as its table names it) as the user of
 * `token`, as the admin does (api/client.ts `call`): its path parameters filled into the URL, empty
 * query values left out. Answers the status and the body, typed by the route, whatever the status.
 */
export async function apiCall<N extends AdminRouteName>(
  token: string,
  name: N,
  ...[request]: ApiCallArgs<N>
): Promise<{ status: number; body: Envelope<CallData<N>> }> {
  const { params, query, body } = (request ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const { method, url } = requestLine(name, params);
  const search = new URLSearchParams(
    Object.entries(query ?? {}).flatMap(([k, v]) =>
      v === undefined || v === null || v === '' ? [] : [[k, String(v as string | number | boolean)]],
    ),
  ).toString();
  const res = await fetch(`${baseUrl()}${url}${search ? `?${search}` : ''}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope<CallData<N>> };
}

export interface Opened {
  page: Page;
  context: BrowserContext;
}

/**
 * Opens `path` (a hash route such as '/account-settings') in a fresh context; `as` signs in first
 * through the API and puts the session where the app keeps it, as a previous sign-in would have:
 * the file's shared session of that user, or with `newSession` one of its own (for a test that
 * ends it). With `clock`, the page's timers and dates are Playwright's (`context.clock`): time
 * runs as usual until the test pauses it, so that a rule about time runs on a clock it moves.
 */
export async function open(
  path: string,
  { as, newSession = false, clock = false }: { as?: Account; newSession?: boolean; clock?: boolean } = {},
): Promise<Opened> {
  // bypassCSP lets the tests inject axe-core; the app itself runs under the server's CSP.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  if (clock) await context.clock.install();
  if (as) {
    const { access_token, user } = newSession
      ? await apiLogin(credentials(as).email, credentials(as).password)
      : await session(as);
    await context.addInitScript(
      ([token, u]) => {
        if (!sessionStorage.getItem('e2e-seeded')) {
          localStorage.setItem('lead.access_token', token as string);
          localStorage.setItem('lead.user', JSON.stringify(u));
          sessionStorage.setItem('e2e-seeded', '1');
        }
      },
      [access_token, user] as const,
    );
  }
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.goto(`${baseUrl()}/admin/#${path}`);
  return { page, context };
}

/**
 * Stops the page's clock (opened with `clock`): its timers then wait for `clock.runFor`. It stops
 * 2 s ahead of the page's time (Playwright's clock only jumps forward, and time runs while we ask).
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.context().clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
}

/** The app's current hash route, without the query. */
export const route = (page: Page): Promise<string> =>
  page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0] ?? '');

export async function expectRoute(page: Page, path: string): Promise<void> {
  await expect.poll(() => route(page)).toBe(path);
}

/** The text of the toasts on screen. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[data-toast]').allInnerTexts();
}

/**
 * Closes every toast on screen and waits until none is left. The buttons are pressed in the page
 * in one go: a toast may leave on its own between finding its button and clicking it.
 */
export async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const close of document.querySelectorAll<HTMLElement>('[data-toast-close]')) close.click();
  });
  await expect.poll(() => page.locator('[data-toast]').count()).toBe(0);
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-toast]', { hasText: text }).first().waitFor();
}

/** No serious or critical axe violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(describeViolations(await axeScan(page, { minImpact: 'serious' }))).toEqual([]);
}

/** The mails the server wrote to DATA_DIR/outbox (no SMTP in tests), oldest first. */
export async function outbox(): Promise<string[]> {
  const dir = join(inject('dataDir'), 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
}

/** The mails to `email`, oldest first: a journey reads only the mails of addresses it made. */
export async function mailsTo(email: string): Promise<string[]> {
  const encoded = email.replace('@', '=40');
  return (await outbox()).filter((m) => m.includes(email) || m.includes(encoded));
}

/** The set-password link of a reset or invitation mail: '/reset-password/<token>?email=…'. */
export function resetLink(mail: string): string {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = /\/admin\/#(\/reset-password\/[A-Za-z0-9_-]+\?email=[^\s"<]+)/.exec(text);
  if (!m) throw new Error(`no reset link in mail:\n${mail}`);
  return m[1]!;
}

/** The link of the `nth` mail (1 is the first) to `email`, once the server has written it (mails go out after the answer). */
export async function nthLinkTo(email: string, nth: number): Promise<string> {
  await expect.poll(async () => (await mailsTo(email)).length).toBeGreaterThanOrEqual(nth);
  // A mail being written may be read half-way: wait until it holds its link.
  let link = '';
  await expect
    .poll(async () => {
      try {
        link = resetLink((await mailsTo(email))[nth - 1]!);
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
  return link;
}

/** The hash query of the page, as an object. */
export const hashQuery = async (page: Page): Promise<Record<string, string>> =>
  Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.hash.split('?')[1] ?? '')]));

/**
 * The text of a value shown read-only under `label` (a description list's term and its
 * definition), or null when there is none. An editable field of that name is no such value.
 */
export async function readOnlyValue(scope: Page | Locator, label: string): Promise<string | null> {
  const term = scope.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
  if ((await term.count()) !== 1) return null;
  return term.locator('xpath=following-sibling::*[1]').innerText();
}

/**
 * Adds a destination on its own page (the client page's DESTINATIONS tab, already open on `page`):
 * Add webhook or Add e-mail file, `fill` fills its settings, Save; answers once its page shows it
 * saved (a webhook's secret shown once is left for the caller).
 */
export async function addDestination(
  page: Page,
  kind: 'webhook' | 'email',
  fill: (page: Page) => Promise<void>,
): Promise<void> {
  await page.getByRole('link', { name: kind === 'webhook' ? 'Add webhook' : 'Add e-mail file' }).click();
  await page.getByRole('heading', { level: 2, name: 'Settings' }).waitFor();
  await fill(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => route(page)).toMatch(/^\/clients\/\d+\/destinations\/\d+$/);
}

/**
 * Waits until a campaign's detail page has its figures: the publish check, the daily chart, the
 * Breakdown and the form's drop-off each load after the heading and push what is below them down
 * (the Leads' buttons by about 350 px), so a press aimed below them before they come can land on
 * something else.
 */
export async function detailSettled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 2, name: 'Breakdown' }).waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !/Loading the form’s figures|Checking the partner pages/.test(document.body.innerText),
  );
}
