import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; browser tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What Chromium does for every window that no test uses. The full browser (which headless
 * Chromium now is) preloads, for each new window, the WebUI pages of the address bar's suggestion
 * popup, each in a renderer of its own with dozens of modules. A Playwright context is a window:
 * in a journey those renderers cost as much CPU as the admin's own pages.
 */
export const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * Every switch of the Chromium that launchBrowser starts, instead of Playwright's defaults (a long
 * list for every browser and platform Playwright drives). Chromium reads only the last
 * `--disable-features`, so this one list holds every feature turned off.
 */
export const CHROMIUM_ARGS = [
  // Headless, and laid out the same on every machine: no scrollbar takes width from the page, no
  // sound, and a mouse for a pointer (what Playwright's headless mode reports; `(hover: hover)`).
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  // The tests run as root, where Chromium's sandbox cannot start.
  '--no-sandbox',
  // No GPU here: software rendering without a GPU process to start and lose.
  '--disable-gpu',
  // Nothing fetched or updated behind the tests' back, and no first-run or keyring work (the
  // keyring, over D-Bus, can stall a start).
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--password-store=basic',
  // The same Chromium every run: no field trial turns a feature on at random.
  '--disable-field-trial-config',
  // A test's page that is not in front (another context, a second tab) keeps its timers and
  // rendering at full speed, and a loaded machine does not raise a "page unresponsive" dialog.
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-hang-monitor',
  // "Preview on a page" and new-tab links open windows from script; a page left is unloaded, not
  // kept in the back/forward cache (runtime-citizen.test.ts turns the cache back on to test it).
  '--disable-popup-blocking',
  '--disable-back-forward-cache',
  // The journeys' partner pages are plain http on names that are not localhost: no HTTPS first.
  // MediaRouter looks for cast devices on the network. Then the address bar's pages (above).
  `--disable-features=${['HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'MediaRouter', ...UNUSED_FEATURES].join(',')}`,
  // How Playwright's page.screenshot captures a page.
  '--enable-features=CDPScreenshotNewSurface',
];

/**
 * Removes a browser's profile. Chromium's main process writes to it until it exits, after its pipe
 * has closed: `close()` resolves once that process has exited, so the profile goes then. A browser
 * that went away without `close()` (a crash) gets tries for a few seconds, on timers that keep no
 * process alive.
 */
async function removeProfile(profile: string, tries = 1): Promise<void> {
  for (let i = 0; i < tries && existsSync(profile); i++) {
    if (i > 0) await sleep(250, undefined, { ref: false });
    await rm(profile, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
}

/**
 * Starts headless Chromium with CHROMIUM_ARGS, then `args`; `ignoreDefaultArgs` leaves out some of
 * CHROMIUM_ARGS (a test of Chromium's defaults). A missing browser is an error, never a skip:
 * `.ci/run` installs Debian's `chromium`, and a test run without it must fail. Each browser gets a
 * profile of its own, removed when it closes.
 */
export async function launchBrowser({
  args = [],
  ignoreDefaultArgs = [],
}: { args?: string[]; ignoreDefaultArgs?: string[] } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: run 'apt-get install -y chromium' (or set CHROMIUM_PATH).`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'lead-chromium-'));
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Playwright's defaults are replaced by ours; it still needs its pipe, a profile, and no window of its own at start.
      ignoreDefaultArgs: true,
      args: [
        ...CHROMIUM_ARGS.filter((arg) => !ignoreDefaultArgs.includes(arg)),
        ...args,
        '--remote-debugging-pipe',
        `--user-data-dir=${profile}`,
        '--no-startup-window',
      ],
    });
    const close = browser.close.bind(browser);
    browser.close = async (options) => {
      try {
        await close(options);
      } finally {
        await removeProfile(profile);
      }
    };
    browser.on('disconnected', () => void removeProfile(profile, 20));
    return browser;
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
