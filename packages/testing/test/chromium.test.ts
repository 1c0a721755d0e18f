import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchBrowser, PLAYWRIGHT_DISABLED_FEATURES, UNUSED_FEATURES } from '../src/chromium.js';

const browsers: Browser[] = [];
afterAll(() => Promise.all(browsers.map((b) => b.close())));

/** The switches a running Chromium was started with (CDP: Browser.getBrowserCommandLine, which needs --enable-automation). */
async function commandLine(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  return ((await cdp.send('Browser.getBrowserCommandLine')) as { arguments: string[] }).arguments;
}

/** The features of the last --disable-features switch: the one Chromium reads. */
const disabledFeatures = (args: string[]) =>
  args
    .findLast((a) => a.startsWith('--disable-features='))
    ?.split('=')[1]
    ?.split(',') ?? [];

/** The URLs of the browser's pages, its own WebUI pages ('browser_ui') included. */
async function pageTargets(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ type: string; url: string }> };
  return targetInfos.filter((t) => t.type === 'page' || t.type === 'browser_ui').map((t) => t.url);
}

const OMNIBOX_POPUP = /^chrome:\/\/omnibox-popup/;

describe('launchBrowser', () => {
  it("keeps every feature Playwright disables, and disables the address bar's WebUI pages that no test uses", async () => {
    const plain = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--enable-automation'] });
    browsers.push(plain);
    const ours = await launchBrowser({ args: ['--enable-automation'] });
    browsers.push(ours);
    // Playwright's own list, read from the browser it starts: a Playwright update that adds one fails here.
    const playwrights = disabledFeatures(await commandLine(plain));
    expect(playwrights.length).toBeGreaterThan(0);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));
    expect(disabledFeatures(await commandLine(ours))).toEqual(expect.arrayContaining([...playwrights, ...UNUSED_FEATURES]));

    // What the switch is for: a window of the plain browser gets the address bar's popup pages, ours none.
    for (const browser of [plain, ours]) await (await (await browser.newContext()).newPage()).goto('data:text/html,<title>a window</title>');
    await expect.poll(async () => (await pageTargets(plain)).filter((url) => OMNIBOX_POPUP.test(url)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    // A second window of ours, made after the plain browser's popups came: still none.
    await (await (await ours.newContext()).newPage()).goto('data:text/html,<title>another window</title>');
    const targets = await pageTargets(ours);
    expect(targets.filter((url) => url.startsWith('data:'))).toHaveLength(2);
    expect(targets.filter((url) => OMNIBOX_POPUP.test(url))).toEqual([]);
  });
});
