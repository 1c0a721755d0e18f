/**
 * Clients and destinations on pages of their own: from the navigation's Clients to a client's
 * page, whose tabs keep the page's height; a webhook added there, sent a test event to a real
 * HTTPS receiver (this run's certificate, tls.ts) that shows in its attempts log with the request
 * and the answer; no serious axe violation at 1280 × 800 and 390 × 844; a non-admin sees neither.
 * DOC_SCREENS=1 writes the pages' screenshots into docs/screens.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeClient, unique } from './fixtures.js';
import { addDestination, closeToasts, expectAccessible, expectToast, open, route, useBrowser } from './helpers.js';

useBrowser();

const SHOTS = process.env.DOC_SCREENS
  ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screens')
  : join(import.meta.dirname, '..', 'test-output', 'screens');

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: { type: string; data: { client: { id: number } } };
}
const received: Received[] = [];

/** A screenshot for the docs: toasts closed, the mouse away from the controls, the page at its top. */
async function shot(page: Page, name: string): Promise<void> {
  await closeToasts(page);
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}
let receiver: Server;
let url = '';

beforeAll(async () => {
  const tls = inject('tls');
  receiver = createServer({ key: readFileSync(tls.key), cert: readFileSync(tls.cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'],
      });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Clinic CRM got the test');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The page's height and where the client's tabs end, with `tab` selected. */
async function heightsWith(page: Page, tab: string): Promise<{ page: number; tabs: number }> {
  await page.getByRole('tab', { name: tab }).click();
  await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
  return page.evaluate(() => ({
    page: document.scrollingElement!.scrollHeight,
    tabs: document.querySelector('[data-tabs]')!.getBoundingClientRect().height,
  }));
}

describe('a client page and a destination page', () => {
  it('opens from Clients, keeps its height across tabs, sends a test event that shows in the attempts log', async () => {
    const client = await makeClient([1]);
    const hook = unique('Clinic CRM');
    const { page, context } = await open('/', { as: 'system@lead.test' });
    await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
    await expect.poll(() => route(page)).toBe('/clients');
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(client.name);
    const grid = page.getByRole('grid', { name: 'Clients' });
    // The Edit client dialog (the spec's, three tabs, one Cancel and Save) leads to the page too.
    await grid.getByRole('button', { name: `Actions for ${client.name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit client' });
    expect(await dialog.getByRole('tab').allInnerTexts()).toEqual(['SITES', 'CLIENT PROFILE', 'LEADS AND BILLING']);
    await dialog.getByRole('link', { name: 'Open client page' }).click();
    await page.getByRole('heading', { level: 1, name: client.name }).waitFor();
    expect(await route(page)).toBe(`/clients/${client.id}`);
    expect(await dialog.count()).toBe(0);
    // And the client's name in the list.
    await page.getByRole('link', { name: 'Clients', exact: true }).first().click();
    await expect.poll(() => route(page)).toBe('/clients');
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(client.name);
    await grid.getByRole('link', { name: client.name }).click();
    await page.getByRole('heading', { level: 1, name: client.name }).waitFor();
    expect(await route(page)).toBe(`/clients/${client.id}`);

    // The four tabs: the page is as tall with each (the tabs are as tall as the tallest), once
    // what they show has come (the sites, and the destinations, read when the page opens).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('checkbox', { name: 'bacsi-online.vn' }).waitFor();
    await page
      .locator('[aria-label="Destinations"]')
      .getByText(/No destinations yet/)
      .waitFor({ state: 'attached' });
    const tabs = ['SITES', 'CLIENT PROFILE', 'LEADS AND BILLING', 'DESTINATIONS'];
    const first = await heightsWith(page, tabs[0]!);
    for (const tab of [...tabs.slice(1), tabs[0]!]) expect(await heightsWith(page, tab), tab).toEqual(first);
    await expectAccessible(page);

    // A webhook, added on its own page: one Cancel and one Save.
    await page.getByRole('tab', { name: 'DESTINATIONS' }).click();
    await addDestination(page, 'webhook', async (p) => {
      expect(await p.getByRole('button', { name: 'Save', exact: true }).count()).toBe(1);
      expect(await p.getByRole('button', { name: 'Cancel' }).count()).toBe(1);
      await p.getByRole('textbox', { name: 'Name' }).fill(hook);
      await p.getByRole('textbox', { name: 'URL' }).fill(url);
    });
    await page.getByRole('heading', { level: 1, name: hook }).waitFor();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.locator('header [data-status-badge]').innerText()).toBe('Active');

    // Send test event: the receiver gets a signed lead.test; the attempts log shows it, with what was sent and answered.
    const before = received.length;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expectToast(page, 'The test event was delivered (200).');
    expect(received.length).toBe(before + 1);
    const test = received.at(-1)!;
    expect(test.body.type).toBe('lead.test');
    expect(test.body.data.client.id).toBe(client.id);
    expect(String(test.headers['webhook-signature'])).toMatch(/^v1,/);
    const attempts = page.getByRole('grid', { name: `Attempts of ${hook}` });
    const row = attempts.getByRole('row').filter({ hasText: 'Test event' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Delivered (200)');
    await row.getByText('Answer: Clinic CRM got the test').click();
    expect(await row.locator('pre').first().innerText()).toContain(`POST ${url}`);
    expect(await row.locator('pre').first().innerText()).toContain(`webhook-id: ${String(test.headers['webhook-id'])}`);
    await expectAccessible(page);
    await shot(page, 'destination-1280x800');

    // The phone: no serious axe violation, nothing wider than the window.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'destination-390x844');
    await page.getByRole('link', { name: client.name }).click();
    await page.getByRole('grid', { name: 'Destinations' }).getByRole('link', { name: hook }).waitFor();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('tab', { name: 'CLIENT PROFILE' }).click();
    await shot(page, 'client-390x844');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'client-1280x800');
    await context.close();
  });

  it('shows a non-admin that only admins manage clients', async () => {
    const client = await makeClient([1]);
    const { page, context } = await open(`/clients/${client.id}`, { as: 'member@lead.test' });
    await page.getByText('Only admins can manage clients and their destinations.').waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).count()).toBe(0);
    await page.evaluate((id) => (location.hash = `#/clients/${id}/destinations/1`), client.id);
    await page.getByRole('heading', { level: 1, name: 'Destination' }).waitFor();
    await page.getByText('Only admins can manage clients and their destinations.').waitFor();
    await context.close();
  });
});
