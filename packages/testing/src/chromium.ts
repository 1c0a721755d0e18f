import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; browser tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What Chromium does for every window that no test uses. Since Chromium 15x the full browser
 * (which headless Chromium now is) preloads, for each new window, two WebUI pages of the address
 * bar's suggestion popup (chrome://omnibox-popup.top-chrome/ and its "AI mode" variant), each in
 * a renderer of its own with dozens of modules. A Playwright context is a window: in a journey
 * those renderers cost as much CPU as the admin's own pages (docs/performance.md, 2026-11-25).
 */
export const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, chromiumSwitches.ts).
 * Chromium reads only the last `--disable-features` switch, so ours carries Playwright's too;
 * test/chromium.test.ts fails when a Playwright update disables one this list lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The switches of every Chromium that launchBrowser starts (after Playwright's own): the tests', and the Playwright benches'. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`,
];

/**
 * Starts headless Chromium. A missing browser is an error, never a skip: `.ci/run` installs
 * Debian's `chromium`, and a test run without it must fail. `args` come after CHROMIUM_ARGS;
 * `ignoreDefaultArgs` drops switches of Playwright's own (a test of Chromium's defaults).
 */
export async function launchBrowser({ args = [], ignoreDefaultArgs }: { args?: string[]; ignoreDefaultArgs?: string[] } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}: run 'apt-get install -y chromium' (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
    ...(ignoreDefaultArgs ? { ignoreDefaultArgs } : {}),
  });
}
