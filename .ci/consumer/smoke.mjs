// Opens the built fixture in Debian's Chromium and uses it as a person would: the theme is on,
// the tooltip, the button, the table's sorting and row menu work, every component composes
// (className, style, ref, data-testid, a handler on its root), nothing logs an error.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { THEME_VALUES } from '@lead/styles';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

/** The components whose roots are on the page from the start (the dialogs open from buttons). */
const EVERY = [
  ...[
    'Button',
    'Switch',
    'Checkbox',
    'CheckboxGroup',
    'RadioGroup',
    'TextField',
    'Select',
    'ComboBox',
    'Tabs',
    'Tooltip',
    'MenuButton',
  ],
  ...[
    'ToastRegion',
    'FileDropZone',
    'CheckboxMenu',
    'DebouncedSearchField',
    'TagInput',
    'DateRangePicker',
    'ColumnSetSwitch',
  ],
  ...[
    'RowActionsMenu',
    'DataTable',
    'VirtualizedDataTable',
    'Pagination',
    'Stepper',
    'StepperNav',
    'LoadingOverlay',
    'Timeline',
  ],
  'BlockPalette',
];

const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const errors = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(url);
  const button = page.getByRole('main').getByRole('button', { name: 'Press me' });
  await button.waitFor();

  // The theme reached our button (a primary button is filled) and the page.
  const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  const background = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.equal(
    background,
    rgb(THEME_VALUES.light.color.primary),
    'the primary button has the light theme’s primary fill',
  );

  // Keyboard: Tab reaches the button and shows its tooltip; Enter presses it.
  await page.keyboard.press('Tab');
  await page.getByRole('tooltip', { name: 'Counts the presses' }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Pressed 1 times' }).waitFor();

  // The table: sorted by the caller, re-sorted when a header is pressed; its row menu acts.
  const campaigns = page.getByRole('main').getByRole('grid', { name: 'Campaigns' });
  const names = () => campaigns.getByRole('rowheader').allInnerTexts();
  assert.deepEqual(await names(), ['Heart health', 'Flu vaccine']);
  await campaigns.getByRole('columnheader', { name: /Leads/ }).click();
  await page.waitForFunction(
    () => document.querySelector('[aria-label=Campaigns] [role=rowheader]')?.textContent === 'Flu vaccine',
  );
  await campaigns.getByRole('button', { name: /Actions for Heart health/ }).click();
  await page.getByRole('menuitem', { name: 'Open' }).click();
  await page.getByText('Last action: open').waitFor();

  // The date range picker shows the value given in Temporal types from @lead/headless.
  await page.getByText('Range: 2026-11-01 to 2026-11-07').waitFor();

  // Every component took the consumer's className, style, ref, data-testid and handler on its root.
  const composed = async (name) => {
    const root = page.getByTestId(name);
    await root.waitFor();
    const seen = await root.evaluate((el, n) => {
      el.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
      return {
        className: el.classList.contains('consumer-class'),
        style: el.style.outlineColor,
        ref: window.probes.refs[n] === el,
        hits: window.probes.hits[n] ?? 0,
      };
    }, name);
    assert.deepEqual(seen, { className: true, style: 'rgb(1, 2, 3)', ref: true, hits: 1 }, `${name} composes`);
  };
  for (const name of EVERY) await composed(name);
  for (const [opener, name, closer] of [
    ['Open dialog', 'Dialog', 'Close'],
    ['Open confirm', 'ConfirmDialog', 'Cancel'],
  ]) {
    await page.getByRole('button', { name: opener }).click();
    await composed(name);
    await page.getByTestId(name).getByRole('button', { name: closer }).click();
    await page.getByTestId(name).waitFor({ state: 'detached' });
  }
  // Every docs page's example (copied by extract-examples.mjs) built and rendered as written.
  const examples = JSON.parse(readFileSync('src/examples/pages.json', 'utf8'));
  assert.ok(examples.length >= 19, `the docs pages' examples are there (${examples.length})`);
  for (const name of examples) {
    const text = await page.locator(`[data-example="${name}"]`).innerText();
    assert.ok(text.trim().length > 0, `the ${name} example renders`);
  }
  assert.deepEqual(errors, [], 'no error in the page');
  console.log(`Smoke test passed in Chromium against ${url}`);
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}
