import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, launchBrowser, UNUSED_FEATURES } from '../src/chromium.js';

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
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: Array<{ type: string; url: string }>;
  };
  return targetInfos.filter((t) => t.type === 'page' || t.type === 'browser_ui').map((t) => t.url);
}

const OMNIBOX_POPUP = /^chrome:\/\/omnibox-popup/;

describe('launchBrowser', () => {
  it("starts with our switches, not Playwright's, and without the address bar's WebUI pages that no test uses", async () => {
    const plain = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--enable-automation'],
    });
    browsers.push(plain);
    const ours = await launchBrowser({ args: ['--enable-automation'] });
    browsers.push(ours);
    // Ours runs with CHROMIUM_ARGS, and beyond them only what Playwright needs (its pipe, a profile) and
    // what Debian's wrapper adds to any start (the plain browser has those too); Playwright's own
    // --disable-features list, the sign of its defaults, is not there.
    const plainArgs = await commandLine(plain);
    const args = await commandLine(ours);
    expect(args).toEqual(expect.arrayContaining([...CHROMIUM_ARGS, '--remote-debugging-pipe', '--no-startup-window']));
    expect(args.filter((a) => !CHROMIUM_ARGS.includes(a) && !plainArgs.includes(a))).toEqual([
      expect.stringMatching(/^--user-data-dir=.*lead-chromium-/),
    ]);
    expect(plainArgs.filter((a) => a.startsWith('--disable-features='))).not.toEqual(
      args.filter((a) => a.startsWith('--disable-features=')),
    );
    expect(args.filter((a) => a.startsWith('--disable-features='))).toHaveLength(1);
    expect(disabledFeatures(args)).toEqual(expect.arrayContaining(UNUSED_FEATURES));

    // What the switch is for: a window of the plain browser gets the address bar's popup pages, ours none.
    for (const browser of [plain, ours])
      await (await (await browser.newContext()).newPage()).goto('data:text/html,<title>a window</title>');
    await expect
      .poll(async () => (await pageTargets(plain)).filter((url) => OMNIBOX_POPUP.test(url)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    // A second window of ours, made after the plain browser's popups came: still none.
    await (await (await ours.newContext()).newPage()).goto('data:text/html,<title>another window</title>');
    const targets = await pageTargets(ours);
    expect(targets.filter((url) => url.startsWith('data:'))).toHaveLength(2);
    expect(targets.filter((url) => OMNIBOX_POPUP.test(url))).toEqual([]);
  });

  it('leaves out the switches a test names, and removes its profile when it closes', async () => {
    const browser = await launchBrowser({
      args: ['--enable-automation'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    const args = await commandLine(browser);
    expect(args).not.toContain('--disable-back-forward-cache');
    expect(args).toContain('--disable-popup-blocking');
    const profile = args.find((a) => a.startsWith('--user-data-dir='))!.slice('--user-data-dir='.length);
    expect(existsSync(profile)).toBe(true);
    await browser.close();
    expect(existsSync(profile)).toBe(false);
  });
});
