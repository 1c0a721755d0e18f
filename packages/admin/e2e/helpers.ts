import { validCampaign } from '@lead/contract/fixtures';
import { axeScan, describeViolations, launchBrowser } from '@lead/testing';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const DEMO_PASSWORD = 'Password123!';
export const baseUrl = (): string => inject('baseUrl');

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

export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<{ access_token: string; user: unknown }> {
  const res = await fetch(`${baseUrl()}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { _data: { access_token: string; user: unknown } };
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return body._data;
}

export async function apiCall<T = unknown>(
  token: string,
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: { _data: T; _messages: string[] } }> {
  const res = await fetch(`${baseUrl()}/api/admin/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { _data: T; _messages: string[] } };
}

export interface Opened {
  page: Page;
  context: BrowserContext;
}

/**
 * Opens `path` (a hash route such as '/account-settings') in a fresh context; `as` signs in first
 * through the API and puts the session where the app keeps it, as a previous sign-in would have.
 */
export async function open(path: string, { as }: { as?: string } = {}): Promise<Opened> {
  // bypassCSP lets the tests inject axe-core; the app itself runs under the server's CSP.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  if (as) {
    const { access_token, user } = await apiLogin(as);
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
  // Fail on the step that waits, with its locator, well before the test's own timeout.
  page.setDefaultTimeout(10_000);
  await page.goto(`${baseUrl()}/admin/#${path}`);
  return { page, context };
}

/** The app's current hash route, without the query. */
export const route = (page: Page): Promise<string> => page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0] ?? '');

export async function expectRoute(page: Page, path: string): Promise<void> {
  await expect.poll(() => route(page), { timeout: 10_000 }).toBe(path);
}

/** The text of the toasts on screen. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[data-toast]').allInnerTexts();
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-toast]', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** No serious or critical axe violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(describeViolations(await axeScan(page, { minImpact: 'serious' }))).toEqual([]);
}

/** The mails the server wrote to DATA_DIR/outbox (no SMTP in tests), newest last. */
export async function outbox(): Promise<string[]> {
  const dir = join(inject('dataDir'), 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
}

export function resetLink(mail: string): string {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = /\/admin\/#(\/reset-password\/[A-Za-z0-9_-]+\?email=[^\s"<]+)/.exec(text);
  if (!m) throw new Error(`no reset link in mail:\n${mail}`);
  return m[1]!;
}

/** Creates a campaign through the API (what the builder sends), named `name`, on site 1. */
export async function createCampaign(token: string, name: string): Promise<{ id: number; code: string }> {
  const clients = await apiCall<{ models: Array<{ id: number }> }>(token, 'GET', 'clients?site_ids=1&assigned=1');
  const clientId = clients.body._data.models[0]!.id;
  // The campaign fixture the server's tests use too.
  const res = await apiCall<{ model: { id: number; code: string } }>(token, 'POST', 'campaign', validCampaign(clientId, { name }));
  if (res.status !== 200) throw new Error(`create campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._data.model;
}

/** The hash query of the page, as an object. */
export const hashQuery = async (page: Page): Promise<Record<string, string>> =>
  Object.fromEntries(await page.evaluate(() => [...new URLSearchParams(location.hash.split('?')[1] ?? '')]));

/** The first client of site 1 that the token's user is assigned to. */
export async function clientOfSite1(token: string): Promise<number> {
  const res = await apiCall<{ models: Array<{ id: number }> }>(token, 'GET', 'clients?site_ids=1&assigned=1');
  return res.body._data.models[0]!.id;
}
