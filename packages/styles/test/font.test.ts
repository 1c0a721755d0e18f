import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain build script, no declarations
import { writeFont } from '../scripts/font.mjs';
import { THEME_VALUES } from '../src/palette.js';

describe('@lead/styles/font.css: Inter, self-hosted', () => {
  const out = mkdtempSync(join(tmpdir(), 'lead-font-'));
  writeFont(out);
  const css = readFileSync(join(out, 'font.css'), 'utf8');
  const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1]!);

  it('covers Vietnamese (ạ ả ấ ầ ẩ ẫ ậ ... U+1EA0-1EF9, ơ ư, đ) beside Latin and Latin Extended', () => {
    const ranges = faces.map((f) => /unicode-range:\s*([^;]+);/.exec(f)![1]!);
    expect(
      ranges.some((r) => r.includes('U+1EA0-1EF9') && r.includes('U+01A0-01A1') && r.includes('U+0110-0111')),
    ).toBe(true);
    expect(ranges.some((r) => r.startsWith('U+0000-00FF'))).toBe(true);
    expect(faces).toHaveLength(3);
  });

  it('points only at files it ships beside it (no CDN)', () => {
    const urls = faces.map((f) => /src:\s*url\(([^)]+)\)/.exec(f)![1]!);
    for (const url of urls) {
      expect(url).toMatch(/^\.\/fonts\/inter-[a-z-]+-wght-normal\.woff2$/);
      expect(statSync(join(out, url)).size).toBeGreaterThan(5_000);
    }
    expect(css).not.toMatch(/https?:/);
  });

  it('is the family the theme names first, in both themes', () => {
    const family = /font-family:\s*'([^']+)'/.exec(faces[0]!)![1]!;
    for (const theme of Object.values(THEME_VALUES)) expect(theme.font.body.startsWith(`"${family}"`)).toBe(true);
  });
});
