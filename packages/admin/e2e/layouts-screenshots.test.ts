import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LAYOUTS } from '@lead/contract';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DESKTOP, DESKTOP_ONLY, layoutCampaign, openLayout, PHONE } from './layouts.js';
import { repoRoot } from './lead-server.js';
import { usePartnerBrowser } from './partner.js';

usePartnerBrowser();

/*
 * Each layout on the demo partner page, on a laptop (1280×800, kept at half size: 640×400) and on
 * a phone (390×844) where it is offered there, at 5 bits a colour channel, against the pictures
 * docs/layouts.md shows: the baselines are the documentation's own pictures, so the page cannot
 * show what the pop-up no longer looks like. Drawn without motion (reduced motion), with the
 * machine's fonts, fixed words and a fixed picture. `UPDATE_SCREENSHOTS=1` writes the pictures
 * anew (then look at them).
 */
const BASELINES = join(repoRoot, 'docs/layouts');
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
/** pixelmatch's per-pixel colour threshold, and the share of pixels that may differ (anti-aliasing). */
const THRESHOLD = 0.1;
const TOLERANCE = 0.002;

/** A 2×2 box filter: half the width and height. */
function halve(png: PNG): PNG {
  const out = new PNG({ width: png.width >> 1, height: png.height >> 1 });
  for (let y = 0; y < out.height; y++)
    for (let x = 0; x < out.width; x++)
      for (let k = 0; k < 4; k++) {
        const at = (dx: number, dy: number) => png.data[((2 * y + dy) * png.width + 2 * x + dx) * 4 + k]!;
        out.data[(y * out.width + x) * 4 + k] = Math.round((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)) / 4);
      }
  return out;
}

/** 5 bits a channel: the pictures stay small (under 80 KB) and look the same. */
function quantize(png: PNG): PNG {
  for (let i = 0; i < png.data.length; i++) if (i % 4 !== 3) png.data[i]! &= 0xf8;
  return png;
}

/** Compares `shot` with the baseline `name` (or writes it, with UPDATE_SCREENSHOTS=1). */
function matches(name: string, shot: PNG): void {
  const file = join(BASELINES, `${name}.png`);
  if (UPDATE) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(file, PNG.sync.write(shot, { colorType: 2 }));
    return;
  }
  expect(existsSync(file), `${file}: no baseline (UPDATE_SCREENSHOTS=1 writes it)`).toBe(true);
  const baseline = PNG.sync.read(readFileSync(file));
  expect([shot.width, shot.height], `${name}: size`).toEqual([baseline.width, baseline.height]);
  const diff = new PNG({ width: shot.width, height: shot.height });
  const differing = pixelmatch(shot.data, baseline.data, diff.data, shot.width, shot.height, { threshold: THRESHOLD });
  if (differing > shot.width * shot.height * TOLERANCE) {
    const out = join(tmpdir(), 'lead-layout-screenshots');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${name}.actual.png`), PNG.sync.write(shot));
    writeFileSync(join(out, `${name}.diff.png`), PNG.sync.write(diff));
    expect.fail(`${name}: ${differing} pixels differ from ${file} (the shot and the difference: ${out})`);
  }
}

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`each layout looks as documented at ${viewport.width}×${viewport.height}`, () => {
    for (const layout of LAYOUTS.filter((l) => device === 'desktop' || !DESKTOP_ONLY.includes(l))) {
      it(layout, async () => {
        const c = await layoutCampaign(layout, `shots-${device}`);
        const { page, host } = await openLayout(c, viewport);
        // An inline pop-up in the middle of the window, where a reader scrolling by meets it.
        if (layout.startsWith('Inline')) await host.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        const shot = async () => {
          const png = PNG.sync.read(await page.screenshot({ caret: 'hide', animations: 'disabled' }));
          return quantize(device === 'desktop' ? halve(png) : png);
        };
        const name = `${layout.toLowerCase()}-${device}`;
        if (layout.endsWith('Tab')) {
          matches(`${name}-folded`, await shot());
          await host.locator('.tab').click();
        }
        matches(name, await shot());
      });
    }
  });
}

// The Floating bar moved to the top edge by a campaign's style (docs/layouts.md): its own pictures.
describe('the Floating bar at the top edge looks as documented', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(device, async () => {
      const c = await layoutCampaign('Floating', `shots-top-${device}`, { popupStyle: { v: 1, edge: 'top' } });
      const { page, host } = await openLayout(c, viewport);
      expect(await host.evaluate((el) => el.shadowRoot!.querySelector('.popup')!.getBoundingClientRect().top)).toBe(0);
      const png = PNG.sync.read(await page.screenshot({ caret: 'hide', animations: 'disabled' }));
      matches(`floating-top-${device}`, quantize(device === 'desktop' ? halve(png) : png));
    });
  }
});
